// Suite: long (*.long.test.ts, run by `npm run test:hosts`): five spawned Python runs of the binary twins (~30 s of CPU).
/**
 * Bytes that are not text over the process protocol (docs/reference/protocol.md "read": a reply's `base64`):
 * the Python twin (examples/python/binary_shim.py) passes behind a tool that returns a binary file's
 * bytes, and each of its three lies is killed by its lie class's corpus case, with that class's story.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIE_CLASSES, type LieClassId } from '../../../../properties/corpus/classes.ts';
import { ROOT } from '../../cli/helpers.ts';
import { python, sandboxesIn, sandboxHome } from './helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-binary-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

function run(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/readshim-conformance.js'), 'run', '--no-save', ...args], {
    cwd: mkdtempSync(join(work, 'p-')),
    encoding: 'utf8',
    timeout: 280_000,
    env: { ...process.env, READSHIM_PROGRESS: '0', TMPDIR: home },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const SHIM = python('examples/python/binary_shim.py');
const LIES: readonly { lie: string; rule: string; cls: LieClassId }[] = [
  { lie: 'image-head', rule: 'SLICE-EXACT', cls: 'image-as-first' },
  { lie: 'stat-binary', rule: 'POINTER-FULL', cls: 'binary-same-size-rewrite' },
  { lie: 'record-refused', rule: 'POINTER-FULL', cls: 'refused-binary-recorded' },
];

describe('over the process protocol: the Python twin', () => {
  it('answers images as base64 bytes behind tool.binary bytes: passes, the binary cases played', () => {
    const r = run(['--process', SHIM, '--runs', '2', '--reporter', 'json']);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout) as {
      rules: { id: string; status: string }[];
      corpus: { cases: { id: string; played: boolean }[] };
    };
    expect(j.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised')).toEqual([]);
    const played = new Set(j.corpus.cases.filter((c) => c.played).map((c) => c.id));
    // The directed binary cases, and the crossed cases whose edit changes a binary (properties/crossed/).
    expect([...played].filter((id) => /image|binary/.test(id)).sort()).toEqual([
      'big-file × binary-same-size',
      'binary-rewrite-same-second',
      'edit-offset × binary-same-size',
      'held × binary-same-size',
      'many-files × binary-same-size',
      'many-reads × binary-same-size',
      'pointer-run × binary-same-size',
      'two-images-same-size',
    ]);
    expect(r.code).toBe(0);
    expect(sandboxesIn(home)).toEqual([]);
  }, 300_000);

  it('behind a tool that refuses binaries (--binary refuse): passes, the refused-binary case played', () => {
    const r = run(['--process', `${SHIM} --binary refuse`, '--runs', '1', '--reporter', 'json']);
    const j = JSON.parse(r.stdout) as { corpus: { cases: { id: string; played: boolean }[] } };
    expect(j.corpus.cases.find((c) => c.id === 'refused-binary-then-text')?.played).toBe(true);
    expect(r.code, r.stdout.slice(0, 2000)).toBe(0);
  }, 300_000);

  for (const { lie, rule, cls } of LIES)
    it(`--lie ${lie}: fails ${rule} with the story of ${cls}`, () => {
      const r = run(['--process', `${SHIM} --lie ${lie}`, '--runs', '1']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(new RegExp(`FAIL ${rule}:`));
      expect(r.stdout).toContain(`lie class: ${LIE_CLASSES[cls]}`);
    }, 300_000);
});
