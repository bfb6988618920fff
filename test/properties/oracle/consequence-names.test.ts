/**
 * spec/SPEC.md "Consequences" with one file under two names (spec 2.2): a broken diff's cause is
 * not ended by a delivery under a link's name; when that name is forgotten, the next diff against
 * the version the shim believes it sent is still the first failure's consequence.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../properties/run.ts';
import { parseTrace } from '../../../src/core/trace.ts';
import { splitHunks } from '../../../examples/designs/split-hunks.ts';

// The split-hunks twin that drops the final-newline row: a trailing newline added is not in its hunk.
const rows = (t: string): string[] => {
  const r = t.split('\n');
  if (r.length > 1 && r[r.length - 1] === '') r.pop();
  return r;
};
const BODY = Array.from({ length: 60 }, (_, i) => `export const line${i} = ${i};`).join('\n');
const V1 = BODY;
const V2 = `${BODY}\n`;
const V3 = `${BODY}\nexport const more = 1;\n`;
const events = [
  { type: 'header', kit: '0.1.0', specVersion: '2.2', cap: 24576, levers: ['pointer', 'diff'], seal: 's' },
  { type: 'worker', id: 'w1' },
  { type: 'write', path: 'a.txt', content: V1, mtimeMs: 1_700_000_000_000 },
  { type: 'symlink', path: 'l.txt', target: 'a.txt', mtimeMs: 1_700_000_000_000 },
  { type: 'read', worker: 'w1', path: 'a.txt' },
  { type: 'write', path: 'a.txt', content: V2, mtimeMs: 1_700_000_001_000 },
  { type: 'read', worker: 'w1', path: 'a.txt' }, // the broken diff: DIFF-COMPLETE
  { type: 'read', worker: 'w1', path: 'l.txt' }, // V2 whole, under the link's name
  { type: 'read', worker: 'w1', path: 'a.txt' }, // "unchanged": true through the link's delivery
  { type: 'forget', worker: 'w1', path: 'l.txt' },
  { type: 'write', path: 'a.txt', content: V3, mtimeMs: 1_700_000_002_000 },
  { type: 'read', worker: 'w1', path: 'a.txt' }, // a diff against V2: follows from the broken diff
];

describe('a cause survives a delivery under another name', () => {
  it('the diff after the link name is forgotten is a consequence of the broken diff, not DIFF-BASE-HELD', async () => {
    const trace = parseTrace(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const r = await runConformance({
      adapter: splitHunks('split-hunks-no-final-row', rows),
      runs: 0,
      seed: 1,
      replays: [{ name: 'names.jsonl', trace }],
      replayOnly: true,
    });
    const failed = r.rules.filter((x) => x.status === 'fail').map((x) => x.id);
    expect(failed, r.rules.map((x) => x.counterexample?.story.join('\n') ?? '').join('\n')).toEqual(['DIFF-COMPLETE']);
    const cx = r.rules.find((x) => x.id === 'DIFF-COMPLETE')!.counterexample!;
    expect(cx.consequences?.map((c) => c.rule)).toContain('DIFF-BASE-HELD');
  });
});
