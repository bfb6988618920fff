/**
 * A host's page judged end to end (spec/SPEC.md "A host's page"): `audit` of an agent-style trace
 * whose header declares `tool.pageOverTokens` takes a recorded page as the tool's text; a cut inside
 * a row is still a response passed off as the tool's text, and a later "unchanged" about the whole
 * text is false (the worker holds the page).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess } from '../src/cli/helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'readshim-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TEXT = 'alpha\nbeta\ngamma\ndelta\n';
const header = {
  type: 'header',
  kit: '0.1.0',
  specVersion: '2.2',
  cap: 4096,
  levers: ['pointer', 'diff'],
  seal: 's',
  tool: { normalize: ['split', 'trim-last'], pageOverTokens: 2 },
};
let n = 0;
const trace = (...texts: string[]): string => traceUnder(header, ...texts);
const traceUnder = (h: object, ...texts: string[]): string => {
  const f = join(dir, `t${n++}.jsonl`);
  const events = [
    h,
    { type: 'worker', id: 'w1' },
    { type: 'write', path: 'a.txt', content: TEXT, mtimeMs: 1_700_000_000_000 },
    ...texts.map((text) => ({ type: 'read', worker: 'w1', path: 'a.txt', response: { text } })),
  ];
  writeFileSync(f, events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  return f;
};
const lies = async (file: string): Promise<string[]> => {
  const r = await inProcess(['audit', file, '--reporter', 'json']);
  expect([0, 1], r.stderr).toContain(r.code);
  return (JSON.parse(r.stdout) as { lies: { rule: string }[] }).lies.map((l) => l.rule);
};

describe('audit: a host that pages a long text', () => {
  it('pages of its choosing, then the whole text: no lie', async () => {
    expect(await lies(trace('alpha\nbeta', 'alpha', TEXT.trimEnd() + '\n'))).toEqual([]);
  });

  it('a cut inside a row is not a page: SLICE-EXACT', async () => {
    expect(await lies(trace('alpha\nbe'))).toEqual(['SLICE-EXACT']);
  });

  it("without pageOverTokens the same pages are passed off as the tool's text", async () => {
    const plain = { ...header, tool: { normalize: ['split', 'trim-last'] } };
    expect(await lies(traceUnder(plain, 'alpha\nbeta', 'alpha'))).toEqual(['SLICE-EXACT', 'SLICE-EXACT']);
  });
});
