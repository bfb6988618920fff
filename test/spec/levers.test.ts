/**
 * SPEC.md's "Levers", "Host read tools" and "Rules by arm" say what the kit judges of lever shims:
 * the design shims the `levers=` examples run against are truthful lever shims, the tables agree
 * with the kit's applicability, and the examples can see a shim that lies or answers otherwise.
 */
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import reference from '../../src/adapters/reference.ts';
import { adapterProblem } from '../../src/adapters/load.ts';
import type { Capabilities, ShimAdapter } from '../../src/core/contract.ts';
import { LEVER_NAMES, modeOfLevers, type LeverName } from '../../src/core/levers.ts';
import { RULE_IDS, isRuleId, type RuleId } from '../../src/core/rules.ts';
import { notApplicable } from '../../properties/applicability.ts';
import { smallestDiffResponse } from '../../properties/oracle/smallest-diff.ts';
import { sealFor } from '../../properties/run.ts';
import capOnly from '../../spec/designs/cap-only.ts';
import { DESIGNS, designFor } from '../../spec/designs/index.ts';
import pointerOnly from '../../spec/designs/pointer-only.ts';
import splitHunks from '../../spec/designs/split-hunks.ts';
import { runExamples } from '../../spec/execute.ts';
import { designsPass } from './designs-pass.ts';
import { loadSpecText } from '../../spec/load.ts';
import { SPEC_TEXT, loadRealSpec } from './support.ts';

const { examples } = loadRealSpec();

/** The body of the `## title` section of SPEC.md (up to the next `## `). */
function section(title: string): string {
  const at = SPEC_TEXT.indexOf(`\n## ${title}\n`);
  if (at === -1) throw new Error(`SPEC.md has no section "## ${title}"`);
  const end = SPEC_TEXT.indexOf('\n## ', at + 1);
  return SPEC_TEXT.slice(at, end === -1 ? undefined : end);
}

/** Rows of the markdown table whose header row starts with `| ${first} |`, as cells. */
function table(text: string, first: string): string[][] {
  const rows = text.split('\n');
  const head = rows.findIndex((r) => r.startsWith(`| ${first} |`));
  if (head === -1) throw new Error(`no table headed "${first}"`);
  const out: string[][] = [];
  for (const r of rows.slice(head + 2)) {
    if (!r.startsWith('|')) break;
    out.push(
      r
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return out;
}

const lists = (cell: string): RuleId[] =>
  cell === '—'
    ? []
    : cell.split(', ').map((x) => {
        if (!isRuleId(x)) throw new Error(`${x} is not a rule ID`);
        return x;
      });

describe('the design shims of spec/designs', () => {
  it('each declares exactly one lever set, no arm surface, and passes the adapter checks', () => {
    expect(DESIGNS.map((d) => d.capabilities.levers)).toEqual([['pointer'], ['cap'], ['pointer', 'diff']]);
    for (const d of DESIGNS) {
      expect(adapterProblem(d)).toBeUndefined();
      expect(d.capabilities.arms).toBeUndefined();
      expect(designFor(d.capabilities.levers!)).toBe(d);
    }
    expect(designFor(['pointer', 'cap'])).toBeUndefined();
    expect(designFor([])).toBeUndefined();
  });

  // The crossed cases' covering sample; every crossed case: designs-pass.long.test.ts.
  designsPass('cover', 1);
});

describe('SPEC.md "Levers": the lever table is the kit\'s applicability', () => {
  // Every lever shim with every optional capability, so only the levers decide.
  const caps = (levers: readonly LeverName[]): Capabilities => ({
    levers,
    capParam: true,
    windows: true,
    staleServe: levers.includes('cap'),
    forget: true,
    counters: true,
    seal: true,
  });
  const subsets: LeverName[][] = [
    [],
    ['pointer'],
    ['cap'],
    ['diff'],
    ['pointer', 'cap'],
    ['pointer', 'diff'],
    ['cap', 'diff'],
    ['pointer', 'cap', 'diff'],
  ];
  const condition: Readonly<Record<string, (s: readonly LeverName[]) => boolean>> = {
    '`pointer`': (s) => s.includes('pointer'),
    '`cap`': (s) => s.includes('cap'),
    '`diff`': (s) => s.includes('diff'),
    '`cap` or `diff`': (s) => s.includes('cap') || s.includes('diff'),
    'any lever': (s) => s.length > 0,
    '`cap` and a stale serve': (s) => s.includes('cap'), // caps() declares a stale serve exactly with cap
  };
  const rows = table(section('Levers'), 'lever');

  it('names each lever once, with rules', () => {
    for (const l of LEVER_NAMES) expect(rows.filter((r) => r[0] === `\`${l}\``)).toHaveLength(1);
    for (const r of rows) expect(Object.keys(condition), r[0]).toContain(r[0]);
  });

  it.each(rows.map((r) => [r[0]!, r] as const))('%s: its rules are n/a exactly without it', (_c, r) => {
    const holds = condition[r[0]!]!;
    for (const rule of lists(r[2]!))
      for (const s of subsets) {
        const na = notApplicable(rule, modeOfLevers(s), caps(s), { seal: 'x' });
        expect(na === undefined, `${rule} with levers [${s.join(', ')}]: ${na ?? 'applies'}`).toBe(holds(s));
      }
  });

  it('every other truth rule applies to any lever shim with a lever, whatever its levers', () => {
    const listed = new Set(rows.flatMap((r) => lists(r[2]!)));
    const surface = new Set<RuleId>(['ARM-GUARD', 'ARM-TABLE', 'OFF-IDENTITY', 'A2-NO-POINTER', 'PERSONA-TRUTH']);
    for (const rule of RULE_IDS.filter((x) => !listed.has(x) && !surface.has(x)))
      for (const s of subsets.slice(1))
        expect(
          notApplicable(rule, modeOfLevers(s), caps(s), { seal: 'x' }),
          `${rule} [${s.join(', ')}]`,
        ).toBeUndefined();
  });
});

describe('SPEC.md "Rules by arm": the lever-shim table is what a run reports for the design shims', () => {
  const rows = table(section('Rules by arm'), 'rule | a lever shim needs');
  it('has one row per rule, in registry order', () => {
    expect(rows.map((r) => r[0])).toEqual([...RULE_IDS]);
  });
  it.each([
    [2, pointerOnly],
    [3, capOnly],
  ] as const)('column %i is %s', (col, d) => {
    for (const r of rows) {
      const na = notApplicable(r[0] as RuleId, modeOfLevers(d.capabilities.levers!), d.capabilities, { seal: 'x' });
      const cell = r[col]!;
      if (na === undefined) expect(cell, r[0]).toBe('applies');
      else {
        const why = /^n\/a \((.+)\)$/.exec(cell)?.[1];
        expect(why, `${r[0]}: ${cell} (kit: ${na})`).toBeDefined();
        expect(na, r[0]).toContain(why);
      }
    }
  });
});

describe('SPEC.md "CAP-BOUND": the smallest diff is the computed one', () => {
  it('states the size the strict applier accepts, and the message of a sealed default run', () => {
    const text = section('CAP-BOUND');
    expect(text).toContain(`${smallestDiffResponse(undefined)} bytes today`);
    expect(text).toContain(
      `(${smallestDiffResponse(sealFor(20261130))} bytes: file headers and one hunk, plus the seal)`,
    );
  });
});

describe('the levers= examples can see', () => {
  const leverExamples = examples.filter((c) => c.example.levers !== undefined);

  it('there are examples of a pointer-only and of a cap-only shim, in the Levers section among others', () => {
    const by = (l: string) => leverExamples.filter((c) => c.example.levers!.join() === l).map((c) => c.example.id);
    expect(by('pointer')).toContain('POINTER-FULL/pointer-only-shim');
    expect(by('cap')).toContain('SLICE-CONTINUES/cap-only-shim');
    expect(leverExamples.filter((c) => c.example.section === 'Levers').length).toBeGreaterThanOrEqual(2);
  });

  it('a pointer-only shim keyed on the path alone fails the pointer-only example', async () => {
    const pathOnly: ShimAdapter = {
      ...pointerOnly,
      name: 'pointer-only:PATH-ONLY',
      create(ctx) {
        const seen = new Set<string>();
        return {
          async read(args) {
            const text = await ctx.read(args);
            const path = posix.normalize(args.path); // one file however spelled; windows ignored: the break
            if (seen.has(path))
              return `[pointer-only ${ctx.seal}] unchanged since your last read of ${args.path}: you already hold all ${Buffer.byteLength(text)} bytes of it.`;
            seen.add(path);
            return text;
          },
          forget: () => seen.clear(),
        };
      },
    };
    const results = await runExamples(leverExamples, reference, (l) =>
      l.join() === 'pointer' ? pathOnly : designFor(l),
    );
    const failed = results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => r.id)).toContain('POINTER-FULL/pointer-only-shim');
    expect(failed.every((r) => r.shim === 'pointer-only:PATH-ONLY')).toBe(true);
    expect(failed.find((r) => r.id === 'POINTER-FULL/pointer-only-shim')!.reason).toMatch(
      /^SPEC\.md line \d+: expected verbatim .*got pointer 17$/,
    );
  });

  it('the split-row examples fail a shim that claims the same hunks without lines: split (SPEC.md "Diff dialects")', async () => {
    const split = leverExamples.filter((e) => e.example.id.startsWith('DIFF-COMPLETE/split-rows-'));
    expect(split.length).toBe(4);
    expect((await runExamples(split, reference, designFor)).map((r) => r.status)).toEqual([
      'pass',
      'pass',
      'pass',
      'pass',
    ]);
    const unsaid: ShimAdapter = {
      ...splitHunks,
      name: 'split-hunks-unsaid',
      decode: (t, c) => {
        const { lines: _l, ...rest } = splitHunks.decode(t, c) as { lines?: string };
        return rest as ReturnType<typeof splitHunks.decode>;
      },
    };
    const results = await runExamples(split, reference, (l) => (l.join() === 'pointer,diff' ? unsaid : designFor(l)));
    expect(results.map((r) => r.status)).toEqual(['fail', 'fail', 'fail', 'fail']);
    expect(results[0]!.reason).toMatch(/expected a diff with lines: split, got one over lines with endings/);
  });

  it("each design answering the other's examples fails every one of them", async () => {
    const swapped = await runExamples(leverExamples, reference, (l) =>
      l.join() === 'pointer' ? capOnly : pointerOnly,
    );
    expect(swapped.filter((r) => r.status === 'pass').map((r) => r.id)).toEqual([]);
  });
});

describe('every response is held to the claim model, whatever the expectation says', () => {
  const one = (attrs: string, body: readonly string[]) =>
    loadSpecText(
      [
        '# t',
        '',
        '## Host read tools',
        '',
        `\`\`\`example id=SLICE-EXACT/probe rule=SLICE-EXACT ${attrs}`,
        ...body,
        '```',
        '',
      ].join('\n'),
      'SPEC.md',
    ).examples[0]!;

  it('a slice whose payload the response does not carry fails: "claim not found in the response"', async () => {
    // The reference, its payload bytes shown to the worker as "?", its decoder reading the real text.
    const real = new Map<string, string>();
    const masked: ShimAdapter = {
      ...reference,
      name: 'reference-masked',
      create: async (ctx) => {
        const s = await reference.create(ctx);
        return {
          ...s,
          read: async (a) => {
            const t = await s.read(a);
            const nl = t.indexOf('\n');
            const shown = nl === -1 ? t : t.slice(0, nl + 1) + t.slice(nl + 1).replace(/[^\n]/g, '?');
            real.set(shown, t);
            return shown;
          },
        };
      },
      decode: (text, info) => reference.decode(real.get(text) ?? text, info),
    };
    const c = examples.find((x) => x.example.id === 'SLICE-EXACT/three-slices')!;
    const [r] = await runExamples([c], masked);
    expect(r!.status).toBe('fail');
    expect(r!.reason).toMatch(
      /^SPEC\.md line \d+: claim not found in the response: its slice payload is not in the text the worker was shown$/,
    );
  });

  it('"verbatim" and "verbatim framed" tell the tool\'s text alone from the tool\'s text in host framing', async () => {
    const body = ['write a.txt "l1\\nl2\\nl3\\n"', 'read w1 a.txt => verbatim'];
    const [plain] = await runExamples([one('levers=pointer tool=maxLines:2', body)], reference);
    expect(plain!.reason).toMatch(
      /expected verbatim \(the tool's text, untouched\), got the tool's text inside host framing$/,
    );
    const framedBody = ['write a.txt "l1\\nl2\\nl3\\n"', 'read w1 a.txt => verbatim framed'];
    const [framed] = await runExamples([one('levers=pointer tool=maxLines:2', framedBody)], reference);
    expect(framed).toMatchObject({ status: 'pass', shim: 'pointer-only' });
    const [whole] = await runExamples([one('arm=cap tool=maxLines:2', framedBody)], reference);
    expect(whole!.reason).toMatch(/expected verbatim framed .*got the tool's text as the whole response$/);
  });

  it('a framed payload that is not the bounded text fails, though the response carries the whole file', async () => {
    // A host that frames the whole file although its tool returns two lines.
    const unbounded: ShimAdapter = {
      ...pointerOnly,
      name: 'pointer-only:UNBOUNDED',
      create: (ctx) => ({ read: async (a) => `[host ${ctx.seal}] the file\n${ctx.fs.read(a.path)}` }),
    };
    const c = one('levers=pointer tool=maxLines:2', [
      'write a.txt "l1\\nl2\\nl3\\n"',
      'read w1 a.txt => verbatim framed',
    ]);
    const [r] = await runExamples([c], reference, () => unbounded);
    expect(r!.reason).toMatch(/claims to be the tool's text but is not: "l1\\nl2\\nl3\\n"$/);
  });
});
