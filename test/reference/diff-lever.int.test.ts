/**
 * The diff lever ships every diff worth shipping: on generated edit scripts (moves,
 * interleaved edits, CRLF, no final newline, empty sides) every shipped diff applies strictly, with
 * git apply and with GNU patch; the budget is exact (a response of S bytes ships at budget S and
 * not at S − 1); a single changed block that fits always ships; and the rows on a
 * 20,000-line file ship within 1.2× of GNU diff -u.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeResponse } from '../../reference/index.ts';
import { diffResponse } from '../../reference/diff.ts';
import { SEAL, bytes, externalApply, lines, strictApply } from './support.ts';

const MAX = Number.MAX_SAFE_INTEGER;

/** The patch a response carries (decoded as a worker would), or undefined if it is not a diff. */
function patchOf(res: string | undefined, total: number): string | undefined {
  if (res === undefined) return undefined;
  const c = decodeResponse(res, SEAL);
  expect(c.kind).toBe('diff');
  if (c.kind !== 'diff') return undefined;
  expect(c.total).toBe(total);
  return c.patch;
}

// ---------------------------------------------------------------- generated edit scripts

const WORD = fc.constantFrom(
  'alpha',
  'beta',
  'gamma',
  '}',
  '',
  '  return x;',
  'é€😀',
  'const v = f(a, b);',
  'x'.repeat(50),
);
const lineArb = fc.tuple(WORD, fc.nat({ max: 40 })).map(([w, n]) => (n < 25 ? `${w} ${n}` : w)); // some repeat, most unique
type Op =
  | { readonly op: 'insert'; readonly at: number; readonly lines: readonly string[] }
  | { readonly op: 'delete'; readonly at: number; readonly n: number }
  | { readonly op: 'replace'; readonly at: number; readonly line: string }
  | { readonly op: 'move'; readonly at: number; readonly n: number; readonly to: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.nat(),
    lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), line: lineArb }),
  fc.record({ op: fc.constant('move' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 12 }), to: fc.nat() }),
);

interface Script {
  readonly base: readonly string[];
  readonly ops: readonly Op[];
  readonly eol: '\n' | '\r\n' | 'mixed';
  readonly oldFinal: boolean;
  readonly newFinal: boolean;
}

const scriptArb: fc.Arbitrary<Script> = fc.record({
  base: fc.array(lineArb, { maxLength: 120 }),
  ops: fc.array(opArb, { minLength: 1, maxLength: 8 }),
  eol: fc.constantFrom('\n' as const, '\r\n' as const, 'mixed' as const),
  oldFinal: fc.boolean(),
  newFinal: fc.boolean(),
});

function edit(base: readonly string[], ops: readonly Op[]): string[] {
  const ls = [...base];
  for (const o of ops) {
    const at = ls.length === 0 ? 0 : o.at % (ls.length + 1);
    if (o.op === 'insert') ls.splice(at, 0, ...o.lines);
    else if (o.op === 'delete') ls.splice(at, o.n);
    else if (o.op === 'replace' && at < ls.length) ls[at] = o.line;
    else if (o.op === 'move') {
      const block = ls.splice(at, o.n);
      const to = ls.length === 0 ? 0 : o.to % (ls.length + 1);
      ls.splice(to, 0, ...block);
    }
  }
  return ls;
}

function join2(ls: readonly string[], eol: Script['eol'], final: boolean): string {
  const e = (i: number): string => (eol === 'mixed' ? (i % 3 === 0 ? '\r\n' : '\n') : eol);
  return ls.map((l, i) => (i < ls.length - 1 || final ? l + e(i) : l)).join('');
}

const texts = (s: Script): [string, string] => [
  join2(s.base, s.eol, s.oldFinal),
  join2(edit(s.base, s.ops), s.eol, s.newFinal),
];

describe('generated edit scripts: every shipped diff applies (strict, git apply, GNU patch)', () => {
  it('with an unbounded budget a changed text always ships a diff that rebuilds it exactly', () => {
    let external = 0;
    fc.assert(
      fc.property(scriptArb, (s) => {
        const [old, neu] = texts(s);
        const res = diffResponse(SEAL, 'src/f.ts', old, neu, MAX);
        if (old === neu) return;
        const patch = patchOf(res, bytes(neu));
        expect(patch).toBeDefined();
        expect(strictApply(old, patch!)).toBe(neu);
        if (external < 25 && old.length > 0) {
          external++;
          const ext = externalApply(old, patch!, 'src/f.ts');
          expect(ext, ext.stderr).toMatchObject({ gitCheck: true, patchCheck: true });
          expect(ext.gitResult === neu && ext.patchResult === neu, 'git apply and patch rebuild the new text').toBe(
            true,
          );
        }
      }),
      { seed: 1611, numRuns: 300 },
    );
    expect(external).toBe(25);
  });

  it('empty old or new text: the whole other side, applied strictly', () => {
    const t = 'a\nb\r\nc';
    expect(strictApply('', patchOf(diffResponse(SEAL, 'f', '', t, MAX), bytes(t))!)).toBe(t);
    expect(strictApply(t, patchOf(diffResponse(SEAL, 'f', t, '', MAX), 0)!)).toBe('');
  });

  it('identical texts have nothing to patch: no diff', () => {
    expect(diffResponse(SEAL, 'f', 'a\nb\n', 'a\nb\n', MAX)).toBeUndefined();
  });
});

describe('the budget is exact: a response of S bytes ships at budget S, never at S − 1', () => {
  it('holds for generated pairs, and the smaller budget yields no other diff', () => {
    fc.assert(
      fc.property(scriptArb, (s) => {
        const [old, neu] = texts(s);
        const full = diffResponse(SEAL, 'p.txt', old, neu, MAX);
        if (full === undefined) return;
        const size = bytes(full);
        expect(diffResponse(SEAL, 'p.txt', old, neu, size)).toBe(full);
        expect(diffResponse(SEAL, 'p.txt', old, neu, size - 1)).toBeUndefined();
      }),
      { seed: 1612, numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------- a single block that fits

/** The one-hunk patch that replaces the changed block between the common prefix and suffix (written here, not by the shim). */
function blockPatch(old: string, neu: string): string {
  const a = lines(old);
  const b = lines(neu);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const pre = Math.min(3, head);
  const post = Math.min(3, tail);
  const out: string[] = [];
  const emit = (mark: string, l: string): void => {
    out.push(mark + (l.endsWith('\n') ? l.slice(0, -1) : l));
    if (!l.endsWith('\n')) out.push('\\ No newline at end of file');
  };
  for (const l of a.slice(head - pre, head)) emit(' ', l);
  for (const l of a.slice(head, a.length - tail)) emit('-', l);
  for (const l of b.slice(head, b.length - tail)) emit('+', l);
  for (const l of a.slice(a.length - tail, a.length - tail + post)) emit(' ', l);
  const ol = a.length - tail - (head - pre) + post;
  const nl = b.length - tail - (head - pre) + post;
  const os = ol === 0 ? head - pre : head - pre + 1;
  const ns = nl === 0 ? head - pre : head - pre + 1;
  return `--- a/f\n+++ b/f\n@@ -${os},${ol} +${ns},${nl} @@\n${out.join('\n')}\n`;
}

describe('a single changed block that fits always ships', () => {
  it('at a budget of exactly its notice plus the block patch, some diff at most that size ships', () => {
    fc.assert(
      fc.property(scriptArb, (s) => {
        const [old, neu] = texts(s);
        if (old === neu) return;
        const block = blockPatch(old, neu);
        expect(strictApply(old, block)).toBe(neu); // the test's own block is a true patch
        const notice = diffResponse(SEAL, 'f', old, neu, MAX)!.split('\n')[0]!;
        const budget = bytes(`${notice}\n${block}`);
        const res = diffResponse(SEAL, 'f', old, neu, budget);
        expect(res).toBeDefined();
        expect(bytes(res!)).toBeLessThanOrEqual(budget);
        expect(strictApply(old, patchOf(res, bytes(neu))!)).toBe(neu);
      }),
      { seed: 1613, numRuns: 300 },
    );
  });

  it('a rewritten middle with nothing in common ships as one block when the budget allows', () => {
    const head = Array.from({ length: 100 }, (_, i) => `kept ${i}\n`).join('');
    const old = `${head}${Array.from({ length: 40 }, (_, i) => `old ${i}\n`).join('')}${head}`;
    const neu = `${head}${Array.from({ length: 40 }, (_, i) => `new ${i * 7}\n`).join('')}${head}`;
    const res = diffResponse(SEAL, 'f', old, neu, bytes(neu));
    const patch = patchOf(res, bytes(neu))!;
    expect(patch.match(/^@@/gm)).toHaveLength(1);
    expect(strictApply(old, patch)).toBe(neu);
  });
});

// ---------------------------------------------------------------- the rows

describe('the measured rows on a 20,000-line file (838 KB): ships within 1.2× of GNU diff -u', () => {
  const N = 20_000;
  const line = (i: number): string => `    registry.add(entry_${String(i).padStart(5, '0')}, ${i % 997}, "ok");\n`;
  const big = Array.from({ length: N }, (_, i) => line(i));
  const old = big.join('');
  // 1%: every 100th line, offset by a fixed stride (deterministic, spread like random picks)
  const onePercent = big
    .map((l, i) =>
      (i * 37) % 100 === 11
        ? `    registry.add(entry_${String(i).padStart(5, '0')}, ${(i * 31) % 1009}, "changed");\n`
        : l,
    )
    .join('');
  const rest = [...big.slice(0, 4_000), ...big.slice(4_200)];
  const moved = [...rest.slice(0, 14_000), ...big.slice(4_000, 4_200), ...rest.slice(14_000)].join('');
  const rewrite = Array.from(
    { length: N },
    (_, i) => `    table.put(key_${(i * 7919) % 100_003}, value_${i}); // rewritten\n`,
  ).join('');
  const gnu = spawnSync('diff', ['--version'], { encoding: 'utf8' }).stdout?.includes('GNU diffutils') === true;

  function gnuBytes(a: string, b: string): number {
    const dir = mkdtempSync(join(tmpdir(), 'readshim-gnu-'));
    try {
      writeFileSync(join(dir, 'old'), a);
      writeFileSync(join(dir, 'new'), b);
      const r = spawnSync('diff', ['-u', '--label', 'a/f', '--label', 'b/f', 'old', 'new'], {
        cwd: dir,
        maxBuffer: 1 << 26,
      });
      return r.stdout.length;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("the file is the issue's size", () => {
    expect(bytes(old)).toBeGreaterThan(830_000);
    expect(bytes(old)).toBeLessThan(845_000);
    expect(lines(onePercent).filter((l, i) => l !== big[i]).length).toBe(200);
  });

  for (const [label, neu] of [
    ['1% of lines changed', onePercent],
    ['a 200-line block moved', moved],
  ] as const) {
    it(`${label}: the diff arm ships a diff that git apply and patch accept`, () => {
      const patch = patchOf(diffResponse(SEAL, 'f', old, neu, bytes(neu)), bytes(neu))!;
      expect(strictApply(old, patch)).toBe(neu);
      const ext = externalApply(old, patch, 'f');
      expect(ext, ext.stderr).toMatchObject({ gitCheck: true, patchCheck: true });
      expect(ext.gitResult === neu && ext.patchResult === neu).toBe(true);
    });
    it.skipIf(!gnu)(`${label}: the patch is at most 1.2× GNU diff -u's`, () => {
      const patch = patchOf(diffResponse(SEAL, 'f', old, neu, bytes(neu)), bytes(neu))!;
      expect(bytes(patch)).toBeLessThanOrEqual(1.2 * gnuBytes(old, neu));
    });
  }

  it("a 200-line move fits the all arm's 24,576-byte slice too", () => {
    expect(patchOf(diffResponse(SEAL, 'f', old, moved, 24_576), bytes(moved))).toBeDefined();
  });

  it('a full rewrite is declined under both budgets', () => {
    expect(diffResponse(SEAL, 'f', old, rewrite, bytes(rewrite))).toBeUndefined();
    expect(diffResponse(SEAL, 'f', old, rewrite, 24_576)).toBeUndefined();
  });

  it('GNU diff agrees the rewrite is larger than the file (so declining is right)', () => {
    if (!gnu) return;
    expect(gnuBytes(old, rewrite)).toBeGreaterThan(bytes(rewrite));
    expect(execFileSync('diff', ['--version'], { encoding: 'utf8' })).toContain('GNU');
  });
});
