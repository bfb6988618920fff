// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the re-injection case played against bash + jq hooks (26 s).
/**
 * Re-injection after compaction in the hook host (`--hook-reinject <n>`; spec/SPEC.md
 * "Re-injection after compaction"): the corpus case of `reinject-assumed` played against the
 * example hooks (docs/LIE-CLASSES.md). A hook whose compaction hook keeps records for exactly the
 * files the host re-attaches passes; one that keeps every record, or one file too many, lies.
 */
import { describe, expect, it } from 'vitest';
import { openHookAdapter, type HookDriverOptions } from '../../../../src/adapters/hook/adapter.ts';
import { modeOfLevers } from '../../../../src/core/levers.ts';
import { caseById } from '../../../../properties/corpus/cases.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { cpuBudget } from '../../cli/helpers.ts';
import { HOOKS, json, run, status } from '../drivers/helpers.ts';

const mode = modeOfLevers(['pointer', 'diff']);
const post = `bash ${HOOKS}/content-dedup-post.sh`;
const recent = (n: number): HookDriverOptions => ({
  command: `bash ${HOOKS}/content-dedup-recent.sh`,
  post,
  compact: `bash ${HOOKS}/content-dedup-recent-compact.sh ${n}`,
  reinject: 2,
});

/** The violations, and the paths answered "unchanged" after the compaction. */
async function play(hook: HookDriverOptions): Promise<{ said: string[]; pointed: string[] }> {
  const adapter = openHookAdapter(hook);
  expect(adapter.capabilities.reinject).toEqual({ count: 2, order: 'recent' });
  const c = caseById('reinject-then-pointer')!;
  const ctx = {
    cap: c.cap,
    mode,
    seal: 'hook-reinject',
    tool: adapter.capabilities.tool!,
    reinject: { count: 2, order: 'recent' as const },
  };
  const v = await judgeHistory(adapter, { mode, cap: c.cap, seal: ctx.seal, tool: ctx.tool }, c.events(ctx));
  const forgot = v.outcomes.findIndex((o) => o.kind === 'other' && o.event.type === 'forget');
  const pointed = v.outcomes
    .slice(forgot + 1)
    .flatMap((o) => (o.kind === 'read' && o.claim?.kind === 'pointer' ? [o.event.path] : []));
  return { said: v.violations.map((x) => `${x.rule}: ${x.message}`), pointed };
}

// r0.ts was delivered before the compaction but not re-attached (r2.ts and r1.ts were): a pointer to it is the lie.
const lie = [
  'FORGET-RESETS: a first read of a 15-byte file was answered "unchanged, you hold all 15 bytes", not with the tool\'s text untouched (true only if deliveries before forget() still counted)',
  'FORGET-RESETS: said "unchanged, you hold all 15 bytes" but the worker holds none of it (true only if deliveries before forget() still counted)',
];

describe(
  'a host that re-attaches the 2 most recent files after compacting (the hook host)',
  { timeout: cpuBudget(6) },
  () => {
    it('a compaction hook that keeps records for exactly the re-attached files passes, its pointers to them true', async () => {
      // r2.ts (twice) and r1.ts came back, so their stubs are true; r0.ts is delivered again, and r1.ts after its edit.
      expect(await play(recent(2))).toEqual({ said: [], pointed: ['r2.ts', 'r2.ts'] });
    });
    it('content-dedup.sh told nothing of the compaction keeps every record: a pointer to a file not re-attached fails FORGET-RESETS', async () => {
      expect((await play({ command: `bash ${HOOKS}/content-dedup.sh`, post, reinject: 2 })).said).toEqual(lie);
    });
    it('a compaction hook that keeps one file more than the host re-attaches lies about that one', async () => {
      expect((await play(recent(3))).said).toEqual(lie);
    });
    it('a --hook-reinject run prints the assumption and tells the story of the reinject case', async () => {
      const flags = ['--hook', `bash ${HOOKS}/content-dedup.sh`, '--hook-post', post, '--hook-reinject', '2'];
      const r = await run([...flags, '--runs', '1', '--only', 'FORGET-RESETS', '--reporter', 'json']);
      const j = json(r);
      expect(r.code).toBe(1);
      expect(j.assumptions.some((a) => a.includes('re-attaches the 2 files the worker requested most recently'))).toBe(
        true,
      );
      expect(status(j, 'FORGET-RESETS')).toBe('fail');
      const story = j.rules.find((x) => x.id === 'FORGET-RESETS')!.counterexample!.story.join('\n');
      expect(story).toMatch(
        /the host re-attaches r2\.ts \(15 bytes\), r1\.ts \(15 bytes\): the worker holds them again/,
      );
    });
  },
);
