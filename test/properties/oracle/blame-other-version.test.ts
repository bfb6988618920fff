/**
 * spec/SPEC.md "Blame": a whole re-delivery in slice form, to a worker whose forgotten deliveries
 * were part of another version, is FORGET-RESETS's (the shim ignored forget), not ISOLATION's
 * because another worker happens to hold an older version in full. Its twin, a shadow holding part
 * of the current version, explains nothing: test/fixtures/traces/spec-2.2/t4-half-cap-after-forget.jsonl.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../properties/run.ts';
import { parseTrace } from '../../../src/core/trace.ts';
import ignoresForget from '../../../examples/minimal-shim/ignores-forget.ts';

const T = 1_700_000_000_000;
const big = Array.from({ length: 20 }, (_, i) => `line ${i} of the big one`).join('\n');
const events = [
  { type: 'header', kit: '0.1.0', specVersion: '2.2', cap: 64, levers: ['pointer', 'cap'], seal: 's' },
  { type: 'worker', id: 'w1' },
  { type: 'worker', id: 'w3' },
  { type: 'write', path: 'hook.rs', content: big, mtimeMs: T },
  { type: 'read', worker: 'w3', path: 'hook.rs' }, // bytes 0–64, partial
  { type: 'write', path: 'hook.rs', content: 'fn main() { println!("short"); }\n', mtimeMs: T + 1000 },
  { type: 'forget', worker: 'w3', path: 'hook.rs' }, // ignored by the shim
  { type: 'read', worker: 'w1', path: 'hook.rs' }, // w1 is shown this version whole
  { type: 'write', path: 'hook.rs', content: 'fn main() {}\n', mtimeMs: T + 2000 },
  { type: 'read', worker: 'w3', path: 'hook.rs' }, // the shim restarts its slices: bytes 0–13 of 13
];

describe('blame by law: a shadow holding part of another version', () => {
  it('a slice restart after an ignored forget is FORGET-RESETS, and no other worker is blamed', async () => {
    const trace = parseTrace(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const r = await runConformance({
      adapter: ignoresForget,
      runs: 0,
      seed: 1,
      replays: [{ name: 'other-version.jsonl', trace }],
      replayOnly: true,
    });
    const failed = r.rules.filter((x) => x.status === 'fail').map((x) => x.id);
    const stories = r.rules.map((x) => x.counterexample?.story.join('\n') ?? '').join('\n');
    expect(failed, stories).toEqual(['FORGET-RESETS']);
    expect(stories).toMatch(/w3 reads hook\.rs → bytes 0–13 of 13/);
  });
});
