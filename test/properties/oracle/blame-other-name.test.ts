/**
 * spec/SPEC.md "Blame": what the worker holds only by the file's other names does not keep the
 * blame from a derived rule. A pointer for a link whose name the host forgot, to a worker that read
 * an older version by the real name, is FORGET-RESETS' (the forget followed the link). The same
 * pointer for the real name, which the worker read by that name, stays POINTER-FULL's: the
 * negative control (the shim's own keying).
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../properties/run.ts';
import { parseTrace } from '../../../src/core/trace.ts';
import forgetMissesLinks from '../../../examples/shortcuts/07-forget-misses-links.ts';

const T = 1_700_000_000_000;
const events = (last: string): object[] => [
  { type: 'header', kit: '0.1.0', specVersion: '2.2', cap: 24_576, levers: ['pointer'], seal: 's' },
  { type: 'worker', id: 'w1' },
  { type: 'write', path: 'src/store.sql', content: 'select 1;\nselect 2;\n', mtimeMs: T },
  { type: 'symlink', path: 'link-3.sql', target: 'src/store.sql', mtimeMs: T + 10 },
  { type: 'read', worker: 'w1', path: 'src/store.sql' }, // the older version, by the real name
  { type: 'write', path: 'src/store.sql', content: 'select 3;\n', mtimeMs: T + 2000 },
  { type: 'read', worker: 'w1', path: 'link-3.sql' }, // the new version, by the link
  { type: 'forget', worker: 'w1', path: 'link-3.sql' }, // the shim forgets the real name instead
  { type: 'read', worker: 'w1', path: last }, // "unchanged, you hold all 10 bytes"
];

async function failed(last: string): Promise<{ failed: string[]; stories: string }> {
  const trace = parseTrace(
    events(last)
      .map((e) => JSON.stringify(e))
      .join('\n') + '\n',
  );
  const r = await runConformance({
    adapter: forgetMissesLinks,
    runs: 0,
    seed: 1,
    replays: [{ name: 'other-name.jsonl', trace }],
    replayOnly: true,
  });
  return {
    failed: r.rules.filter((x) => x.status === 'fail').map((x) => x.id),
    stories: r.rules.map((x) => x.counterexample?.story.join('\n') ?? '').join('\n'),
  };
}

describe('blame by law: what only another name of the file delivered', () => {
  it("a pointer for a forgotten link's name is FORGET-RESETS, though the real name delivered an older version", async () => {
    const r = await failed('link-3.sql');
    expect(r.failed, r.stories).toEqual(['FORGET-RESETS']);
    expect(r.stories).toMatch(/w1 reads link-3\.sql → "unchanged, you hold all 10 bytes"/);
  });

  it('negative control: the pointer for the real name, which delivered the older version, is POINTER-FULL', async () => {
    const r = await failed('./src/store.sql');
    expect(r.failed, r.stories).toEqual(['POINTER-FULL']);
    expect(r.stories).toMatch(/w1 reads \.\/src\/store\.sql → "unchanged, you hold all 10 bytes"/);
  });
});
