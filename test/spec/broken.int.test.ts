/**
 * The examples can see: a copy of the reference with one behaviour broken in its source, loaded
 * through tsx as an adapter, fails the examples of the rule it breaks. One break per rule; the
 * examples each must fail were chosen by reading the break, not by running it. A rule without a
 * break here has its first mutant of the catalogue as its break (mutations/catalogue/).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../src/core/rules.ts';
import { MUTANTS, loadMutantAdapter } from '../../mutations/index.ts';
import { runExamples } from '../../spec/execute.ts';
import { brokenReference, cleanupTemps, loadRealSpec, type SourceEdit } from './support.ts';

const { examples } = loadRealSpec();

afterAll(cleanupTemps);

interface Break {
  readonly name: string;
  readonly rule: (typeof RULE_IDS)[number];
  readonly edits: readonly SourceEdit[];
  readonly mustFail: readonly string[];
  /** Run only these examples (a break whose state would leak across examples). */
  readonly only?: readonly string[];
}

const shim = (from: string, to: string): SourceEdit => ({ file: 'shim.ts', from, to });

const BREAKS: readonly Break[] = [
  {
    name: 'EMPTY-POINTER',
    rule: 'POINTER-FULL',
    edits: [shim('if (arm.pointer && same && start >= total) {', 'if (arm.pointer && start >= total) {')],
    mustFail: ['POINTER-FULL/empty-file-first-read', 'POINTER-FULL/truncated-to-empty'],
  },
  {
    name: 'SLICE-SHIFT',
    rule: 'SLICE-EXACT',
    edits: [shim('.subarray(0, done ? win().length : cut)', '.subarray(1, (done ? win().length : cut) + 1)')],
    mustFail: ['SLICE-EXACT/three-slices', 'SLICE-EXACT/window-text-is-the-content'],
  },
  {
    name: 'COVERAGE-SURVIVES-CHANGE',
    rule: 'SLICE-CONTINUES',
    edits: [
      shim(
        'const start = arm.cap && same ? entry.delivered : 0;',
        'const start = arm.cap && entry !== undefined ? entry.delivered : 0;',
      ),
    ],
    mustFail: [
      'SLICE-CONTINUES/change-between-slices-restarts',
      'SLICE-CONTINUES/shrink-restarts',
      'SLICE-CONTINUES/same-size-same-mtime-restarts',
    ],
  },
  {
    name: 'DONE-EARLY',
    rule: 'DONE-TRUE',
    edits: [shim('const done = end === total;', 'const done = end + cap >= total;')],
    mustFail: ['DONE-TRUE/done-only-on-last-slice'],
  },
  {
    name: 'DIFF-HEADERS-UNSHIFTED',
    rule: 'DIFF-COMPLETE',
    edits: [
      {
        file: 'hunks.ts',
        from: '{ oldStart: h.a0 + 1, oldLines: h.a1 - h.a0, newStart: h.b0 + 1,',
        to: '{ oldStart: 1, oldLines: h.a1 - h.a0, newStart: 1,',
      },
    ],
    mustFail: ['DIFF-COMPLETE/one-line-change', 'DIFF-COMPLETE/two-hunks', 'DIFF-COMPLETE/window-line-numbers'],
  },
  {
    name: 'DIFF-PARTIAL-BASE',
    rule: 'DIFF-BASE-HELD',
    edits: [
      shim(
        '{ delivered: end, total, at: from + payload.length, kept: text }',
        '{ delivered: end, total, at: from + payload.length, kept: text, full: text }',
      ),
    ],
    mustFail: ['DIFF-BASE-HELD/partly-held-no-diff'],
  },
  {
    name: 'NO-UTF8-WALKBACK',
    rule: 'UTF8-WHOLE',
    edits: [
      {
        file: 'utf8.ts',
        from: 'return boundaryAtOrBefore(buf, Math.min(start + cap, buf.length));',
        to: 'return Math.min(start + cap, buf.length);',
      },
    ],
    mustFail: [
      'UTF8-WHOLE/four-byte-at-cap-boundary',
      'UTF8-WHOLE/three-byte-sequences',
      'UTF8-WHOLE/two-byte-sequences',
      'UTF8-WHOLE/replacement-char-is-content',
      'PROGRESS/cap-four-mixed-widths',
      'STALE-SERVE-LABELLED/cut-at-cap-on-boundary',
    ],
  },
  {
    name: 'CAP-PLUS-ONE',
    rule: 'CAP-BOUND',
    edits: [
      { file: 'utf8.ts', from: 'Math.min(start + cap, buf.length)', to: 'Math.min(start + cap + 1, buf.length)' },
    ],
    mustFail: ['CAP-BOUND/slices-never-exceed-cap'],
  },
  {
    name: 'STUCK-TAIL',
    rule: 'PROGRESS',
    edits: [
      shim(
        'const start = arm.cap && same ? entry.delivered : 0;',
        'const start = arm.cap && same ? (entry.delivered < total && total - entry.delivered < cap ? Math.max(0, entry.delivered - cap) : entry.delivered) : 0;',
      ),
    ],
    mustFail: ['PROGRESS/short-remainder-advances'],
  },
  {
    name: 'PROCESS-LEDGER',
    rule: 'ISOLATION',
    edits: [
      shim('const ledger = new Ledger();', 'const ledger = SHARED_LEDGER;'),
      shim('export const DEFAULT_CAP', 'const SHARED_LEDGER = new Ledger();\nexport const DEFAULT_CAP'),
    ],
    only: ['ISOLATION/other-worker-starts-fresh', 'ISOLATION/partial-coverage-not-shared'],
    mustFail: ['ISOLATION/other-worker-starts-fresh', 'ISOLATION/partial-coverage-not-shared'],
  },
  {
    name: 'STALE-RECORDS',
    rule: 'STALE-NO-RECORD',
    edits: [
      shim(
        'serveStale: (req) => serveStaleRange(req, { arm, cap, seal, readFile }),',
        `serveStale: async (req) => {
      const served = await serveStaleRange(req, { arm, cap, seal, readFile });
      try {
        const t = await readFile(req.path);
        if (served !== null) ledger.set(normalizePath(req.path), argsKey({ path: req.path }), { delivered: Buffer.byteLength(t), total: Buffer.byteLength(t), at: t.length, full: t });
      } catch {}
      return served;
    },`,
      ),
    ],
    mustFail: ['STALE-NO-RECORD/served-file-then-first-read', 'STALE-NO-RECORD/mid-file-range-no-continuation'],
  },
  {
    name: 'NO-FORGET',
    rule: 'FORGET-RESETS',
    edits: [shim('ledger.forget(path === undefined ? undefined : normalizePath(path));', 'void path;')],
    mustFail: [
      'FORGET-RESETS/forget-path-then-reread',
      'FORGET-RESETS/forget-all-resets-continuation',
      'FORGET-RESETS/forget-resets-diff-base',
    ],
  },
  {
    name: 'SWALLOW-ERROR',
    rule: 'PASSTHROUGH',
    edits: [
      shim(
        'await inner.call(tool, args, ...rest);',
        "await Promise.resolve(inner.call(tool, args, ...rest)).catch(() => '');",
      ),
    ],
    mustFail: ['PASSTHROUGH/error-reaches-worker-records-nothing', 'PASSTHROUGH/missing-file-error'],
  },
  {
    name: 'CACHED-NOT-FOUND',
    rule: 'REFUSAL-TRUE',
    edits: [
      shim(
        'const inner = tool.execute;',
        `const raw = tool.execute;
      const notFound = new Set<string>();
      const inner = async function (this: unknown, a: unknown, ...r: unknown[]): Promise<unknown> {
        const p = String((a as { path?: unknown } | null)?.path);
        if (notFound.has(p)) throw new Error(\`ENOENT: \${p} (remembered)\`);
        try {
          return await raw.call(tool, a, ...r);
        } catch (e) {
          notFound.add(p);
          throw e;
        }
      };`,
      ),
    ],
    mustFail: ['REFUSAL-TRUE/not-found-then-created', 'REFUSAL-TRUE/diff-arm-not-found-then-created'],
  },
  {
    name: 'ARM-TRUTHY',
    rule: 'ARM-GUARD',
    edits: [{ file: 'arms.ts', from: 'if (flag === true) return ARM_ALL;', to: 'if (flag) return ARM_ALL;' }],
    mustFail: ['ARM-GUARD/near-miss-spellings-throw', 'ARM-GUARD/truthy-and-falsy-values-throw'],
  },
  {
    name: 'ARM-SWAP',
    rule: 'ARM-TABLE',
    edits: [
      { file: 'arms.ts', from: "if (flag === 'cap') return ARM_CAP;", to: "if (flag === 'cap') return ARM_DIFF;" },
    ],
    mustFail: ['ARM-TABLE/resolver-rows', 'ARM-TABLE/cap-arm-caps-and-points'],
  },
  {
    name: 'OFF-WRAPS',
    rule: 'OFF-IDENTITY',
    edits: [shim('if (!arm.on) return tool;', 'if (!arm.on) return { ...tool };')],
    mustFail: ['OFF-IDENTITY/wrap-probe'],
  },
  {
    name: 'FIRST-NOTICE',
    rule: 'FIRST-VERBATIM',
    edits: [shim('if (entry === undefined && done) return text;', '')],
    mustFail: [
      'FIRST-VERBATIM/fits-under-cap',
      'FIRST-VERBATIM/exactly-cap-bytes',
      'FIRST-VERBATIM/diff-arm-has-no-cap',
    ],
  },
  {
    name: 'A2-POINTER',
    rule: 'A2-NO-POINTER',
    edits: [
      shim(
        '// Explicit hash check first:',
        "if (arm.diff && !arm.cap && same) {\n      count('pointer', total);\n      return pointerNotice(seal, path, total);\n    }\n    // Explicit hash check first:",
      ),
    ],
    mustFail: [
      'A2-NO-POINTER/unchanged-reread-redelivered',
      'A2-NO-POINTER/empty-file',
      'A2-NO-POINTER/window-reread',
      'A2-NO-POINTER/after-a-diff',
    ],
  },
  {
    name: 'PERSONA-LIES',
    rule: 'PERSONA-TRUTH',
    edits: [
      {
        file: 'notices.ts',
        from: "'Re-reading a file that changed since you read all of it may answer with a unified diff against",
        to: '`Re-reading a file that changed since you read all of it may answer with a unified diff of at most ${cap} bytes against',
      },
      {
        file: 'notices.ts',
        from: "instead of the whole file.',",
        to: 'instead of the whole file.`,',
      },
    ],
    mustFail: ['PERSONA-TRUTH/each-arm', 'PERSONA-TRUTH/production-cap'],
  },
  {
    name: 'COUNT-SLICE',
    rule: 'COUNT-EXACT',
    edits: [shim('withhold(total - end);', 'withhold(end - start);')],
    mustFail: ['COUNT-EXACT/slices-and-pointer', 'COUNT-EXACT/per-worker'],
  },
  {
    name: 'STALE-ONE-BASED',
    rule: 'STALE-SERVE-LABELLED',
    edits: [{ file: 'stale.ts', from: 'lines.slice(startLine, last + 1)', to: 'lines.slice(startLine + 1, last + 2)' }],
    mustFail: ['STALE-SERVE-LABELLED/zero-based-inclusive', 'STALE-SERVE-LABELLED/crlf-and-no-final-newline'],
  },
  {
    name: 'ZERO-PROGRESS',
    rule: 'CAP-PARAM',
    edits: [shim('|| (cap as number) < 4)', '|| (cap as number) < 1)')],
    mustFail: ['CAP-PARAM/outside-the-domain-rejected'],
  },
  {
    name: 'UNSEALED',
    rule: 'NOTICE-SEALED',
    edits: [{ file: 'notices.ts', from: 'return `[readshim ${seal}]`;', to: "return '[readshim]';" }],
    mustFail: ['NOTICE-SEALED/every-notice-carries-the-instance-seal', 'NOTICE-SEALED/imitation-over-cap-is-sliced'],
  },
];

describe('a broken copy of the reference fails the examples of the rule it breaks', () => {
  it('covers every rule with a break, or with a mutant of the catalogue', () => {
    for (const rule of RULE_IDS)
      expect(BREAKS.some((b) => b.rule === rule) || MUTANTS.some((m) => m.rules.includes(rule)), rule).toBe(true);
  });

  const byMutant = RULE_IDS.filter((rule) => !BREAKS.some((b) => b.rule === rule));
  if (byMutant.length > 0)
    it.each(byMutant.map((rule) => [MUTANTS.find((m) => m.rules.includes(rule))!.id, rule] as const))(
      'the mutant %s is caught by %s examples',
      async (id, rule) => {
        const m = await loadMutantAdapter(id);
        try {
          const results = await runExamples(examples, m.adapter);
          expect(results.some((r) => r.status === 'fail' && r.id.startsWith(`${rule}/`))).toBe(true);
        } finally {
          await m.dispose();
        }
      },
    );

  it('control: an unbroken copy, loaded the same way, passes every example', async () => {
    const adapter = await brokenReference('CONTROL', []);
    const results = await runExamples(examples, adapter);
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
  });

  it.each(BREAKS.map((b) => [b.name, b.rule, b] as const))('%s is caught by %s examples', async (_name, rule, b) => {
    const adapter = await brokenReference(b.name, b.edits);
    const run = b.only === undefined ? examples : examples.filter((c) => b.only!.includes(c.example.id));
    const results = await runExamples(run, adapter);
    const failed = new Map(results.filter((r) => r.status === 'fail').map((r) => [r.id, r.reason]));
    for (const id of b.mustFail) expect(failed.has(id), `${id} should fail under ${b.name}`).toBe(true);
    expect([...failed.keys()].some((id) => id.startsWith(`${rule}/`))).toBe(true);
    for (const reason of failed.values()) expect(reason).toMatch(/^SPEC\.md line \d+: \S/);
  });
});
