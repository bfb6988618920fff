/**
 * The diff lever (spec/SPEC.md "Levers", DIFF-COMPLETE): DIFF-BASE-HELD, DIFF-COMPLETE,
 * CAP-BOUND for diffs, and the acceptance from the issue: a two-line change in a 20,000-line file
 * ships as a small diff that git apply, GNU patch, jsdiff and a strict applier all accept.
 */
import { applyPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeResponse, sealPrefix } from '../../reference/index.ts';
import { SEAL, bytes, externalApply, rig, split, strictApply, type Rig } from './support.ts';

const P = sealPrefix(SEAL);
const PROD_CAP = 24_576;

/** Reads until the worker holds the whole current text (first read, or continuations). */
async function deliverFully(r: Rig, path: string, text: string): Promise<number> {
  for (let reads = 1; reads < 10_000; reads++) {
    const res = await r.read(path);
    if (res === text) return reads;
    const c = decodeResponse(res, SEAL);
    if (c.kind === 'slice' && c.done) return reads;
    if (c.kind !== 'slice') throw new Error(`deliverFully: unexpected ${c.kind}`);
  }
  throw new Error('deliverFully: no progress');
}

function expectDiffNotice(res: string, path: string, heldTotal: number, total: number): void {
  const { notice } = split(res);
  expect(notice.startsWith(`${P} `)).toBe(true);
  expect(notice).toContain(JSON.stringify(path));
  expect(notice).toMatch(/diff/i);
  expect(notice).toMatch(/not the file/i);
  expect(notice).toMatch(/hold in full/i); // against which version
  expect(notice).toContain(`${heldTotal} bytes`);
  expect(notice).toMatch(/"-"/);
  expect(notice).toMatch(/"\+"/);
  expect(notice).toMatch(/" "/);
  expect(notice).toContain('@@');
  expect(notice).toContain(`${total} bytes`); // the resulting size
}

/** Every check a shipped diff must pass: strict, jsdiff, and the size bound. */
function expectGoodDiff(res: string, old: string, next: string, budget: number): string {
  const claim = decodeResponse(res, SEAL);
  expect(claim.kind).toBe('diff');
  if (claim.kind !== 'diff') return '';
  expect(claim.total).toBe(bytes(next));
  expect(strictApply(old, claim.patch)).toBe(next);
  expect(applyPatch(old, claim.patch, { autoConvertLineEndings: false })).toBe(next);
  expect(bytes(res)).toBeLessThanOrEqual(budget);
  return claim.patch;
}

describe('DIFF-BASE-HELD: a diff only against a version held in full', () => {
  const A = Array.from({ length: 300 }, (_, i) => `line ${i}\n`).join('');
  const B = A.replace('line 150\n', 'LINE 150\n');

  it('a partly delivered version gets a slice of the new one, from byte 0, never a diff', async () => {
    const r = rig({ arm: true, cap: 1000 });
    r.disk.write('f', A);
    expect(split(await r.read('f')).notice).toContain(`0-1000 of ${bytes(A)}`);
    r.disk.write('f', B);
    const c = decodeResponse(await r.read('f'), SEAL);
    expect(c).toMatchObject({ kind: 'slice', start: 0, end: 1000, done: false });
  });

  it('the cap arm has no diff lever: a change is re-sent', async () => {
    const r = rig({ arm: 'cap', cap: PROD_CAP });
    r.disk.write('f', A);
    await r.read('f');
    r.disk.write('f', B);
    expect(decodeResponse(await r.read('f'), SEAL)).toMatchObject({ kind: 'slice', start: 0, done: true, payload: B });
  });

  it.each(['diff', true] as const)(
    'arm %j: a held version gets a diff; after it the new version is the base',
    async (arm) => {
      const r = rig({ arm, cap: PROD_CAP });
      r.disk.write('f', A);
      expect(await r.read('f')).toBe(A);
      r.disk.write('f', B);
      const res = await r.read('f');
      expectDiffNotice(res, 'f', bytes(A), bytes(B));
      expectGoodDiff(res, A, B, bytes(B));
      // the worker now holds B in full
      const again = decodeResponse(await r.read('f'), SEAL);
      if (arm === true) expect(again).toEqual({ kind: 'pointer', total: bytes(B) });
      else expect(again).toMatchObject({ kind: 'slice', start: 0, done: true, payload: B });
      const C = B.replace('line 10\n', 'line ten\n');
      r.disk.write('f', C);
      expectGoodDiff(await r.read('f'), B, C, bytes(C));
    },
  );

  it('A→B→A: each diff is against the version the worker holds at that moment', async () => {
    const r = rig({ arm: 'diff' });
    r.disk.write('f', A);
    await r.read('f');
    r.disk.write('f', B);
    expectGoodDiff(await r.read('f'), A, B, bytes(B));
    r.disk.write('f', A);
    expectGoodDiff(await r.read('f'), B, A, bytes(A));
  });
});

describe('CAP-BOUND for diffs: complete and within the slice it replaces, or absent', () => {
  const A = Array.from({ length: 300 }, (_, i) => `line ${i}\n`).join('');
  const B = A.replace('line 150\n', 'LINE 150\n');

  it('a diff larger than its slice is declined: the slice goes instead', async () => {
    // the diff (notice + patch ≈ 480 bytes) cannot fit in a 300-byte slice
    const r = rig({ arm: true, cap: 300 });
    r.disk.write('f', A);
    await deliverFully(r, 'f', A);
    r.disk.write('f', B);
    const res = await r.read('f');
    expect(decodeResponse(res, SEAL)).toMatchObject({
      kind: 'slice',
      start: 0,
      end: 300,
      done: false,
      payload: B.slice(0, 300),
    });
  });

  it('a file smaller than its diff is re-sent whole under the diff arm', async () => {
    const r = rig({ arm: 'diff' });
    r.disk.write('s', 'a\nb\nc\n');
    await r.read('s');
    r.disk.write('s', 'a\nB\nc\n');
    expect(decodeResponse(await r.read('s'), SEAL)).toMatchObject({
      kind: 'slice',
      start: 0,
      end: 6,
      total: 6,
      done: true,
      payload: 'a\nB\nc\n',
    });
  });

  it('a full rewrite is declined (re-sent), under both diff arms', async () => {
    const old = Array.from({ length: 2000 }, (_, i) => `old ${i}\n`).join('');
    const neu = Array.from({ length: 2000 }, (_, i) => `new ${i * 7}\n`).join('');
    for (const arm of ['diff', true] as const) {
      const r = rig({ arm, cap: PROD_CAP });
      r.disk.write('f', old);
      await deliverFully(r, 'f', old);
      r.disk.write('f', neu);
      expect(decodeResponse(await r.read('f'), SEAL)).toMatchObject({ kind: 'slice', start: 0 });
    }
  });

  it('truncated to empty: no diff, an empty whole re-delivery', async () => {
    const r = rig({ arm: 'diff' });
    r.disk.write('f', A);
    await r.read('f');
    r.disk.write('f', '');
    expect(decodeResponse(await r.read('f'), SEAL)).toMatchObject({
      kind: 'slice',
      start: 0,
      end: 0,
      total: 0,
      done: true,
    });
  });

  it('a diff ships whenever the complete framed diff fits (no over-estimated lower bound)', async () => {
    // One old line becomes 300 short lines. Worked out by hand: old lines 1-35 are the prefix,
    // 36 is "A", 37 "tail"; the hunk keeps 3 lines of context on each side.
    const pre = Array.from({ length: 35 }, (_, i) => `prefix line number ${i}\n`).join(''); // 760 bytes
    const old = `${pre}A\ntail\n`;
    const neu = `${pre}${'b\n'.repeat(300)}tail\n`; // 1,365 bytes: the budget under the diff arm
    const expected = [
      '--- a/f',
      '+++ b/f',
      '@@ -33,5 +33,304 @@',
      ' prefix line number 32',
      ' prefix line number 33',
      ' prefix line number 34',
      '-A',
      ...Array<string>(300).fill('+b'),
      ' tail',
      '',
    ].join('\n'); // 1,014 bytes: with its one-line notice it fits in 1,365
    const r = rig({ arm: 'diff' });
    r.disk.write('f', old);
    await r.read('f');
    r.disk.write('f', neu);
    const res = await r.read('f');
    expect(bytes(neu)).toBe(1365);
    expect(bytes(expected)).toBe(1014);
    expect(decodeResponse(res, SEAL)).toEqual({ kind: 'diff', patch: expected, total: 1365 });
    expect(bytes(res)).toBeLessThanOrEqual(1365);
  });
});

describe('diff headers name the file so git apply and patch accept them', () => {
  const A = Array.from({ length: 200 }, (_, i) => `line ${i}\n`).join('');
  const B = A.replace('line 100\n', 'line one hundred\n');

  it.each(['a.txt', './a.txt', 'd/../a.txt', 'sub/dir/a.txt', './sub//dir/a.txt'])('read as %j', async (path) => {
    const r = rig({ arm: 'diff' });
    r.disk.write(path, A);
    await r.read(path);
    r.disk.write(path, B);
    const res = await r.read(path);
    const patch = expectGoodDiff(res, A, B, bytes(B));
    const canonical = path.replace(/^\.\//, '').replace('d/../', '').replace('//', '/');
    expect(patch.split('\n').slice(0, 2)).toEqual([`--- a/${canonical}`, `+++ b/${canonical}`]);
    const ext = externalApply(A, patch, canonical);
    expect(ext, ext.stderr).toMatchObject({ gitCheck: true, patchCheck: true, gitResult: B, patchResult: B });
    expect(split(res).notice).toContain(JSON.stringify(path)); // the notice keeps the worker's spelling
  });
});

describe('acceptance: two distant one-line edits in a 20,000-line file', () => {
  const N = 20_000;
  const line = (i: number): string => `    registry.add(entry_${String(i).padStart(5, '0')}, ${i % 997}, "ok");`; // ~42 bytes
  const make = (eol: string, finalEol: boolean, edit: (i: number) => string | undefined = () => undefined): string => {
    const ls = Array.from({ length: N }, (_, i) => edit(i) ?? line(i));
    return ls.join(eol) + (finalEol ? eol : '');
  };
  const twoEdits = (i: number): string | undefined =>
    i === 1_000 ? '    registry.remove(entry_01000);' : i === 18_000 ? '    // entry 18000 retired' : undefined;
  const lastEdit = (i: number): string | undefined =>
    i === 1_000 ? '    registry.remove(entry_01000);' : i === N - 1 ? '    registry.seal();' : undefined;

  const variants: Array<{ label: string; old: string; neu: string; noEol?: 'both' | 'old' | 'new' }> = [
    { label: 'LF', old: make('\n', true), neu: make('\n', true, twoEdits) },
    { label: 'CRLF', old: make('\r\n', true), neu: make('\r\n', true, twoEdits) },
    {
      label: 'no final newline, last line edited',
      old: make('\n', false),
      neu: make('\n', false, lastEdit),
      noEol: 'both',
    },
    {
      label: 'CRLF, no final newline, last line edited',
      old: make('\r\n', false),
      neu: make('\r\n', false, lastEdit),
      noEol: 'both',
    },
    { label: 'final newline added', old: make('\n', false), neu: make('\n', true, twoEdits), noEol: 'old' },
    { label: 'final newline removed', old: make('\n', true), neu: make('\n', false, twoEdits), noEol: 'new' },
  ];

  it("the LF file is the issue's size (about 829 KB)", () => {
    expect(bytes(variants[0]!.old)).toBeGreaterThan(780_000);
    expect(bytes(variants[0]!.old)).toBeLessThan(880_000);
  });

  for (const { label, old, neu, noEol } of variants) {
    it.each(['diff', true] as const)(
      `${label}: arm %j ships a patch under 1 KB that every applier accepts`,
      async (arm) => {
        const r = rig({ arm, cap: PROD_CAP });
        r.disk.write('src/registry.ts', old);
        const reads = await deliverFully(r, 'src/registry.ts', old);
        if (arm === true) expect(reads).toBe(Math.ceil(bytes(old) / PROD_CAP)); // ASCII: exact cap slices
        r.disk.write('src/registry.ts', neu);
        const res = await r.read('src/registry.ts');
        const budget = arm === true ? PROD_CAP : bytes(neu);
        expectDiffNotice(res, 'src/registry.ts', bytes(old), bytes(neu));
        const patch = expectGoodDiff(res, old, neu, budget);
        expect(bytes(patch)).toBeLessThan(1024); // the diff itself
        expect(bytes(res)).toBeLessThan(1600); // with its one-line notice
        const marks = patch.split('\n').filter((l) => l === '\\ No newline at end of file').length;
        expect(marks).toBe(noEol === 'both' ? 2 : noEol === undefined ? 0 : 1);
        const ext = externalApply(old, patch, 'src/registry.ts');
        expect(ext, ext.stderr).toMatchObject({ gitCheck: true, patchCheck: true });
        expect(ext.gitResult === neu, 'git apply result').toBe(true);
        expect(ext.patchResult === neu, 'patch result').toBe(true);
      },
    );
  }

  it('a line-reversed 20,000-line file is declined (re-sent), not diffed', async () => {
    const old = make('\n', true);
    const rev = old.split('\n').slice(0, -1).reverse().join('\n') + '\n';
    const r = rig({ arm: 'diff' });
    r.disk.write('f', old);
    await r.read('f');
    r.disk.write('f', rev);
    const c = decodeResponse(await r.read('f'), SEAL);
    expect(c).toMatchObject({ kind: 'slice', start: 0, done: true });
  });
});

describe('property: whenever the reference ships a diff, it is complete and within budget (seeded)', () => {
  const LINE = fc.constantFrom(
    'alpha',
    'beta',
    'gamma δέλτα',
    '中文 行',
    'emoji 😀 🎉',
    '',
    '  indented',
    'x'.repeat(40),
    '}',
    'return 0;',
    'é',
    '𝄞 clef',
    'const value = compute(alpha, beta);',
    '  if (count > limit) { throw new RangeError("too many"); }',
    '// € £ ¥ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  );
  const EOL = fc.constantFrom('\n', '\n', '\r\n');
  const text = fc
    .record({
      lines: fc.array(fc.tuple(LINE, EOL), { minLength: 0, maxLength: 160, size: 'max' }),
      finalEol: fc.boolean(),
    })
    .map(({ lines, finalEol }) => {
      const s = lines.map(([l, e]) => l + e).join('');
      return finalEol || lines.length === 0 ? s : s.slice(0, -lines[lines.length - 1]![1].length);
    });
  const edit = fc.oneof(
    fc.record({ op: fc.constant('insert' as const), at: fc.nat(), line: fc.tuple(LINE, EOL) }),
    fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
    fc.record({ op: fc.constant('replace' as const), at: fc.nat(), line: fc.tuple(LINE, EOL) }),
    fc.record({ op: fc.constant('toggleFinalEol' as const) }),
  );
  const applyEdits = (
    old: string,
    edits: ReadonlyArray<
      fc.Arbitrary<unknown> extends never ? never : { op: string; at?: number; line?: [string, string] }
    >,
  ): string => {
    const ls = old.match(/[^\n]*\n|[^\n]+$/g) ?? [];
    for (const e of edits) {
      const at = ls.length === 0 ? 0 : (e.at ?? 0) % (ls.length + (e.op === 'insert' ? 1 : 0));
      if (e.op === 'insert') ls.splice(at, 0, e.line![0] + e.line![1]);
      else if (e.op === 'delete' && ls.length > 0) ls.splice(at, 1);
      else if (e.op === 'replace' && ls.length > 0) ls[at] = e.line![0] + e.line![1];
      else if (e.op === 'toggleFinalEol' && ls.length > 0) {
        const last = ls[ls.length - 1]!;
        ls[ls.length - 1] = last.endsWith('\n') ? last.replace(/\r?\n$/, '') : `${last}\n`;
      }
    }
    // keep every line but the last ending in a newline (a line model, not a concatenation trick)
    for (let i = 0; i < ls.length - 1; i++) if (!ls[i]!.endsWith('\n')) ls[i] = `${ls[i]}\n`;
    return ls.join('');
  };
  const pair = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(text, fc.array(edit, { minLength: 1, maxLength: 6 }))
        .map(([old, edits]) => [old, applyEdits(old, edits)] as const),
    },
    { weight: 1, arbitrary: fc.tuple(text, text) },
  );

  it('strict apply, jsdiff, budget; and the worker holds the new text afterwards', async () => {
    let shipped = 0;
    let external = 0;
    await fc.assert(
      fc.asyncProperty(
        pair,
        fc.constantFrom<'diff' | true>('diff', true),
        fc.constantFrom(256, 1024, 4096, PROD_CAP),
        async ([old, neu], arm, cap) => {
          const r = rig({ arm, cap });
          r.disk.write('p/f.txt', old);
          await deliverFully(r, 'p/f.txt', old);
          r.disk.write('p/f.txt', neu);
          const res = await r.read('p/f.txt');
          const c = decodeResponse(res, SEAL);
          if (old === neu) {
            expect(c.kind).toBe(arm === true ? 'pointer' : 'slice');
            return;
          }
          const total = bytes(neu);
          if (c.kind === 'diff') {
            shipped++;
            const budget = arm === true ? Math.min(cap, total) : total;
            const patch = expectGoodDiff(res, old, neu, budget);
            if (external < 12) {
              external++;
              const ext = externalApply(old, patch, 'p/f.txt');
              expect(ext, ext.stderr).toMatchObject({ gitCheck: true, patchCheck: true });
              expect(ext.gitResult === neu && ext.patchResult === neu).toBe(true);
            }
          } else {
            expect(c).toMatchObject({ kind: 'slice', start: 0, total });
            if (c.kind === 'slice')
              expect(Buffer.from(c.payload).equals(Buffer.from(neu).subarray(0, c.end))).toBe(true);
          }
          // whatever came, the worker's holding is now consistent with the ledger
          if (c.kind === 'diff' || (c.kind === 'slice' && c.done)) {
            const next = decodeResponse(await r.read('p/f.txt'), SEAL);
            if (arm === true) expect(next).toEqual({ kind: 'pointer', total });
            else expect(next).toMatchObject({ kind: 'slice', start: 0, end: total, done: true });
          }
        },
      ),
      { seed: 424_242, numRuns: 250 },
    );
    expect(shipped).toBeGreaterThanOrEqual(50); // the property was exercised, not vacuous
    expect(external).toBe(12);
  });
});
