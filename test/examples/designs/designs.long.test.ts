// Suite: long (*.long.test.ts, run by `npm run test:hosts`): each design's default run and three tiny caps (285 s of wall in a clean-clone CI run, 7 Dec 2026).
/**
 * Truthful designs pass. Each design of examples/designs/ (written from
 * README and SPEC.md alone) must exit clean — no rule failed, none unexercised — in the default run
 * (three cap bands, DEFAULT_RUNS histories each, one seed) and in the tiny band on three seeds.
 *
 * The tiny band on its own: RunOptions (and --cap) fix one cap, whose histories come from the band
 * that cap falls in; nothing selects the tiny band with drawn caps. So each seed runs one fixed tiny
 * cap: 4 (the least legal cap: one 4-byte character fills a slice), 7 (a 4-byte character across
 * the edge walks back 3 bytes) and 64 (the band's top, where whole lines and small diffs fit).
 *
 * Each design also shows in its run the thing it is about (a stub after a truncated read, a -U0
 * header, …), and a few controls break a design the way shims in the wild do and see the kit fail it.
 */
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadArgs, ShimAdapter, WorkerShim } from '../../../src/core/contract.ts';
import type { RuleId } from '../../../src/core/rules.ts';
import { DEFAULT_RUNS, runConformance, type RunResult } from '../../../properties/run.ts';
import capOnly from '../../../examples/designs/cap-only.ts';
import capPointer from '../../../examples/designs/cap-pointer.ts';
import diffDeclines from '../../../examples/designs/diff-declines.ts';
import gitDiff from '../../../examples/designs/git-diff.ts';
import hostTool from '../../../examples/designs/host-tool-2000.ts';
import lineCut from '../../../examples/designs/line-cut.ts';
import ownWords from '../../../examples/designs/own-words.ts';
import pointerOnly from '../../../examples/designs/pointer-only.ts';
import splitHunks, { splitHunks as splitHunksDesign } from '../../../examples/designs/split-hunks.ts';
import { runJson } from '../../../src/cli/report/run.ts';
import { sessionHistories } from '../../../properties/engine/session-band.ts';
import zeroContext from '../../../examples/designs/zero-context-diff.ts';

const SEED = 20261130; // the CLI's default seed
const TINY: readonly { seed: number; cap: number }[] = [
  { seed: 1, cap: 4 },
  { seed: 2, cap: 7 },
  { seed: 3, cap: 64 },
];

interface Logged {
  readonly worker: string;
  readonly key: string;
  readonly text: string;
}

/** The adapter, with every response it gives logged (the shim itself is untouched). */
function logging(adapter: ShimAdapter): { adapter: ShimAdapter; log: Logged[] } {
  const log: Logged[] = [];
  const key = (a: ReadArgs): string => JSON.stringify([posix.normalize(a.path), a.offset, a.limit]);
  return {
    log,
    adapter: {
      ...adapter,
      async create(ctx) {
        const shim = await adapter.create(ctx);
        return {
          ...shim,
          read: async (a) => {
            const text = await shim.read(a);
            log.push({ worker: ctx.workerId, key: key(a), text });
            return text;
          },
        };
      },
    },
  };
}

const notClean = (r: RunResult): string[] =>
  r.rules
    .filter((x) => x.status === 'fail' || x.status === 'unexercised')
    .map((x) => `${x.id} ${x.status}: ${x.reason ?? ''}`);
const status = (r: RunResult, id: string): string | undefined => r.rules.find((x) => x.id === id)?.status;
// A tiny cap's point is its edges (a character across the cap), not the session band: at cap 4 a
// design that hashes each whole file it reads spends minutes on the band's 1 MiB files.
const run = (adapter: ShimAdapter, seed: number, cap?: number): Promise<RunResult> =>
  runConformance({
    adapter,
    runs: DEFAULT_RUNS,
    seed,
    ...(cap === undefined ? {} : { cap, session: { histories: 0 } }),
  });

/** One design: its default run (with its responses logged) and what that run must show of it. */
function design(
  name: string,
  adapter: ShimAdapter,
  shows: string,
  evidence: (r: RunResult, log: readonly Logged[]) => void,
): void {
  describe(name, () => {
    it(`default run (three bands × ${DEFAULT_RUNS} and the session band, seed ${SEED}) is clean, and ${shows}`, async () => {
      const l = logging(adapter);
      const r = await run(l.adapter, SEED);
      expect(r.caps.map((c) => [c.band, c.histories])).toEqual([
        ['tiny', DEFAULT_RUNS],
        ['mid', DEFAULT_RUNS],
        ['production', DEFAULT_RUNS],
        ['session', sessionHistories('in-process', DEFAULT_RUNS)],
      ]);
      expect(notClean(r)).toEqual([]);
      expect(r.summary.passed).toBeGreaterThan(0);
      expect(r.assumptions.filter((a) => /compact/i.test(a))).toEqual([]); // no hostNeverCompacts: FORGET-RESETS is judged
      evidence(r, l.log);
    }, 240_000); // ~3–6 s of CPU each; generous for a loaded 2-core machine
    for (const { seed, cap } of TINY)
      it(`tiny band, seed ${seed}, cap ${cap}: clean`, async () => {
        const r = await run(adapter, seed, cap);
        expect(r.caps).toEqual([{ band: 'fixed', cap, histories: DEFAULT_RUNS }]);
        expect(notClean(r)).toEqual([]);
      }, 60_000);
  });
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/;

design('pointer-only', pointerOnly, 'it points and never slices', (r) => {
  expect(r.levers).toEqual(['pointer']);
  expect(status(r, 'POINTER-FULL')).toBe('pass');
  expect(r.claims.pointer).toBeGreaterThan(0);
  expect(r.claims.slice ?? 0).toBe(0);
});

design('cap-only', capOnly, 'it slices and continues, never points, and starts over after the end', (r, log) => {
  expect(status(r, 'SLICE-CONTINUES')).toBe('pass');
  expect(status(r, 'POINTER-FULL')).toBe('n/a');
  expect(r.claims.pointer ?? 0).toBe(0);
  // A part from byte 0 of a request whose previous answer was its last part: the re-read of a held file.
  const last = new Map<string, string>();
  let restarts = 0;
  for (const e of log) {
    const prev = last.get(`${e.worker} ${e.key}`);
    if (prev !== undefined && /^\[bytes \d+-(\d+) of \1; end of file\]/.test(prev) && /^\[bytes 0-/.test(e.text))
      restarts++;
    last.set(`${e.worker} ${e.key}`, e.text);
  }
  expect(restarts).toBeGreaterThan(0);
});

design('cap-pointer', capPointer, 'its footer notices, counters and seal are judged', (r) => {
  for (const id of ['POINTER-FULL', 'SLICE-CONTINUES', 'COUNT-EXACT', 'NOTICE-SEALED', 'CAP-PARAM'])
    expect(status(r, id)).toBe('pass');
});

design(
  'diff-declines',
  diffDeclines,
  'the diff rules are n/a as a lever declared but never used (never pass, never unexercised)',
  (r) => {
    expect(r.claims.diff ?? 0).toBe(0);
    expect(r.leverUse.diff.offered).toBeGreaterThanOrEqual(10);
    for (const id of ['DIFF-COMPLETE', 'DIFF-BASE-HELD', 'CAP-BOUND'])
      expect(r.rules.find((x) => x.id === id)).toMatchObject({
        status: 'n/a',
        reason: expect.stringMatching(/^diff lever declared but never used \(\d[\d,]* opportunities\)$/),
      });
  },
);

design('line-cut', lineCut, 'parts end at line ends short of the cap (efficiency, not a PROGRESS failure)', (r) => {
  expect(status(r, 'PROGRESS')).toBe('pass');
  expect(r.efficiency.find((e) => e.kind === 'short-slice')?.count).toBeGreaterThan(0);
});

design(
  'zero-context-diff',
  zeroContext,
  'its hunks have no context, omit counts of 1 and name the line before an insertion',
  (r, log) => {
    expect(status(r, 'DIFF-COMPLETE')).toBe('pass');
    const lines = log.filter((e) => e.text.startsWith('[diff -U0 ')).flatMap((e) => e.text.split('\n').slice(3));
    const headers = lines.map((l) => HUNK.exec(l)).filter((m) => m !== null);
    expect(headers.some((m) => m[2] === undefined)).toBe(true); // "@@ -7 +7 @@"
    expect(headers.some((m) => m[2] === '0' && m[1] !== '0')).toBe(true); // an insertion after a line in the middle
    expect(lines.filter((l) => l !== '' && !HUNK.test(l) && !/^[-+\\]/.test(l))).toEqual([]); // no context line
  },
);

design('git-diff', gitDiff, 'its diffs carry diff --git and index lines', (r, log) => {
  expect(status(r, 'DIFF-COMPLETE')).toBe('pass');
  expect(r.claims.diff).toBeGreaterThan(0);
  expect(
    log.some((e) =>
      /\ndiff --git a\/(\S+) b\/\1\nindex [0-9a-f]{7}\.\.[0-9a-f]{7} 100644\n--- a\/\1\n\+\+\+ b\/\1\n@@ /.test(e.text),
    ),
  ).toBe(true);
});

design(
  'split-hunks',
  splitHunks,
  'its diffs are bare split-row hunks, a trailing newline changed shows as an empty row',
  (r, log) => {
    expect(status(r, 'DIFF-COMPLETE')).toBe('pass');
    expect(status(r, 'DIFF-BASE-HELD')).toBe('pass');
    expect(status(r, 'POINTER-FULL')).toBe('pass');
    const diffs = log.filter((e) => e.text.startsWith('[changed since your last read; split-line hunks'));
    expect(diffs.length).toBeGreaterThan(0);
    for (const d of diffs) expect(d.text.split('\n')[1]).toMatch(HUNK); // no ---/+++ headers: the hunk comes first
    expect(diffs.some((d) => /\n[-+]\n(?: [^\n]*\n)*$/.test(d.text.slice(d.text.indexOf('\n@@'))))).toBe(true); // an empty row
    expect(log.some((e) => e.text.includes('\n\\ No newline'))).toBe(false);
  },
);

design('own-words', ownWords, 'its worded refusals and stale serves are judged', (r) => {
  for (const id of ['REFUSAL-TRUE', 'STALE-SERVE-LABELLED', 'STALE-NO-RECORD', 'POINTER-FULL'])
    expect(status(r, id)).toBe('pass');
  expect(r.claims.refusal).toBeGreaterThan(0);
  expect(r.claims.stale).toBeGreaterThan(0);
});

design('host-tool-2000', hostTool, 'it stubs a re-read after a truncated read of a file over 2,000 lines', (r, log) => {
  expect(r.tool).toEqual({ maxLines: 2000, maxLineChars: 2000 });
  expect(status(r, 'POINTER-FULL')).toBe('pass');
  const last = new Map<string, string>();
  let stubsAfterTruncation = 0;
  for (const e of log) {
    const prev = last.get(`${e.worker} ${e.key}`);
    if (
      prev !== undefined &&
      /\n\n\(Showing lines 1-2000 of \d+\. Use offset=2001/.test(prev) &&
      /^File unchanged since last read/.test(e.text)
    )
      stubsAfterTruncation++;
    if (!/^File unchanged/.test(e.text)) last.set(`${e.worker} ${e.key}`, e.text);
  }
  expect(stubsAfterTruncation).toBeGreaterThan(0);
});

describe('split-hunks twin that drops the final-newline row (spec/SPEC.md "Consequences")', () => {
  // Rows without the empty element after a final '\n': a diff between two texts that end in one
  // loses nothing, but a trailing newline added or removed is not in the hunk.
  const rows = (t: string): string[] => {
    const r = t.split('\n');
    if (r.length > 1 && r[r.length - 1] === '') r.pop();
    return r;
  };
  it('fails DIFF-COMPLETE alone with a story; the pointer lie that follows is listed as its consequence', async () => {
    // The cap bands' history, where a pointer follows the broken diff (the session band finds a shorter one without it).
    const r = await runConformance({
      adapter: splitHunksDesign('split-hunks-no-final-row', rows),
      runs: DEFAULT_RUNS,
      seed: SEED,
      session: { histories: 0 },
    });
    expect(r.rules.filter((x) => x.status === 'fail').map((x) => x.id)).toEqual(['DIFF-COMPLETE']);
    for (const id of ['POINTER-FULL', 'DIFF-BASE-HELD']) expect(status(r, id)).toBe('pass');
    const rule = r.rules.find((x) => x.id === 'DIFF-COMPLETE')!;
    const cx = rule.counterexample!;
    expect(cx.consequences?.map((c) => c.rule)).toContain('POINTER-FULL');
    for (const c of cx.consequences!) {
      expect(cx.story.some((l) => l.startsWith(`${c.step}. `))).toBe(true);
      expect(cx.story).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^ {3}↳ ${c.rule}, a consequence of DIFF-COMPLETE at step \\d+ \\(not counted against ${c.rule}\\): `,
          ),
        ),
      );
    }
    expect(cx.story).toContainEqual(expect.stringMatching(/^ {3}✗ DIFF-COMPLETE: /));
    const json = JSON.parse(runJson(r, { traceFiles: new Map(), replayCommand: () => '' })) as {
      rules: { id: string; consequences?: unknown }[];
    };
    expect(json.rules.find((x) => x.id === 'DIFF-COMPLETE')!.consequences).toEqual(cx.consequences);
    expect(json.rules.filter((x) => x.consequences !== undefined).map((x) => x.id)).toEqual(['DIFF-COMPLETE']);
  }, 240_000);
});

/** A design with each response rewritten — how the controls below break a design. */
function rewriting(
  adapter: ShimAdapter,
  name: string,
  rewrite: (text: string, seen: Set<string>, a: ReadArgs) => string,
): ShimAdapter {
  return {
    ...adapter,
    name,
    async create(ctx) {
      const shim: WorkerShim = await adapter.create(ctx);
      const seen = new Set<string>();
      return { ...shim, read: async (a) => rewrite(await shim.read(a), seen, a) };
    },
  };
}

describe('controls: each design, broken the way shims in the wild break it, fails its rule', () => {
  const failed = (r: RunResult): string[] => r.rules.filter((x) => x.status === 'fail').map((x) => x.id);
  const quick = (adapter: ShimAdapter, only: RuleId): Promise<RunResult> =>
    runConformance({ adapter, runs: 30, seed: SEED, only: [only] });

  it('a cap with no continuation (every read starts at byte 0: stateless truncation) fails PROGRESS', async () => {
    const stateless: ShimAdapter = {
      ...capOnly,
      name: 'stateless-cap',
      create: (ctx) => ({ read: async (a) => (await capOnly.create(ctx)).read(a), forget: () => undefined }),
    };
    expect(failed(await quick(stateless, 'PROGRESS'))).toEqual(['PROGRESS']);
  });

  it('a -U0 insertion header that names the line itself, not the line before it, fails DIFF-COMPLETE', async () => {
    const offByOne = rewriting(zeroContext, 'u0-insert-off-by-one', (t) =>
      t.replace(/^@@ -(\d+),0 /gm, (_, n: string) => `@@ -${Number(n) + 1},0 `),
    );
    expect(failed(await quick(offByOne, 'DIFF-COMPLETE'))).toEqual(['DIFF-COMPLETE']);
  });

  it('a stub on any re-read of the same request (not keyed on the text returned) fails POINTER-FULL behind the 2,000-line tool', async () => {
    const requestKeyed = rewriting(hostTool, 'host-tool-request-keyed', (t, seen, a) => {
      const k = JSON.stringify([posix.normalize(a.path), a.offset, a.limit]);
      const first = !seen.has(k);
      seen.add(k);
      if (first || t.startsWith('File unchanged')) return t;
      const payload = t.replace(/\n\n\(Showing lines [^\n]*\)$/, '');
      return `File unchanged since last read: you already have the ${Buffer.byteLength(payload)} bytes this read returns.`;
    });
    expect(failed(await quick(requestKeyed, 'POINTER-FULL'))).toEqual(['POINTER-FULL']);
  });
});
