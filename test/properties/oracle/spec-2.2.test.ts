/**
 * Spec 2.2 in the oracle (spec/SPEC.md "Change notices", "Withheld by the shim's policy", "Blame"):
 * a change notice judged by DIFF-BASE-HELD and DIFF-COMPLETE, a withheld read judged against the
 * declared policy, and a derived rule that takes a finding only where its own law is broken.
 */
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../../src/core/claims.ts';
import { Driver, SEAL, said } from './support.ts';

const rules = (v: readonly { rule: string }[]): string[] => v.map((x) => x.rule);

/** "line K is now:\n<body>" (one row) or "lines K-L are now:\n<body>", claimed where the text states it. */
function notice(first: number, last: number, body: string, total?: number): { text: string; claim: Claim } {
  const head = first === last ? `line ${first} is now` : `lines ${first}-${last} are now`;
  const tail = total === undefined ? '' : ` (${total} bytes)`;
  const lead = `${head}${tail}:\n`;
  const at = head.indexOf(String(first));
  return {
    text: lead + body,
    claim: {
      kind: 'delta',
      replaces: {
        first: { value: first, at },
        last: { value: last, at: first === last ? at : at + String(first).length + 1 },
      },
      text: { body, at: lead.length },
      ...(total !== undefined ? { total: { value: total, at: head.length + 2 } } : {}),
    },
  };
}

describe('delta: a change notice in any wording', () => {
  const rows = (two: string): string =>
    ['one', two, 'three', 'four', 'five', 'six', 'seven', 'eight'].join('\n') + '\n';
  const A = rows('two');
  const B = rows('TWO');
  const held = (): Driver => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    expect(d.read(A, A, { kind: 'verbatim' })).toEqual([]);
    return d;
  };

  it('true when the rows replaced in what the worker holds give the content; then the worker holds it', () => {
    const d = held();
    const n = notice(2, 2, 'TWO\n', 40);
    expect(d.read(B, n.text, n.claim)).toEqual([]);
    expect(d.read(B, 'unchanged', { kind: 'pointer', total: 40 })).toEqual([]);
    expect(d.checks('DIFF-COMPLETE')).toBe(1);
    expect(d.checks('DIFF-BASE-HELD')).toBe(1);
  });

  it('a wrong row, rows past the end, a wrong total: DIFF-COMPLETE', () => {
    let d = held();
    let n = notice(3, 3, 'TWO\n');
    expect(said(d.read(B, n.text, n.claim))).toEqual([
      'DIFF-COMPLETE: the change notice applied to what the worker holds gives 38 bytes that are not the current 40-byte content',
    ]);
    d = held();
    n = notice(9, 9, 'x\n');
    expect(said(d.read(B, n.text, n.claim))[0]).toMatch(/rows 9–9 of a held version of 8 rows/);
    d = held();
    n = notice(2, 2, 'TWO\n', 41);
    expect(said(d.read(B, n.text, n.claim))[0]).toMatch(/says the result is 41 bytes; it is 40/);
  });

  it('a number or the text not where the claim says: "claim not found in the response"', () => {
    const d = held();
    const n = notice(2, 2, 'TWO\n');
    const moved: Claim = { ...n.claim, replaces: { first: { value: 2, at: 0 }, last: { value: 2, at: 0 } } } as Claim;
    expect(said(d.read(B, n.text, moved))).toEqual([
      'DIFF-COMPLETE: claim not found in the response: its first row 2 at index 0 is not in the text the worker was shown (19 bytes)',
    ]);
    // "12" does not state 1: a number's digits have no digit right after them.
    const d2 = held();
    const wide = { text: 'line 12 is now:\nTWO\n', claim: notice(1, 1, 'TWO\n').claim } as const;
    expect(rules(d2.read(B, wide.text, { ...wide.claim, text: { body: 'TWO\n', at: 16 } } as Claim))).toEqual([
      'DIFF-COMPLETE',
    ]);
  });

  it('against a version the worker does not hold: DIFF-BASE-HELD (a first read: FIRST-VERBATIM too), delivering nothing', () => {
    const d = new Driver({ levers: ['pointer', 'diff'] });
    const n = notice(2, 2, 'TWO\n');
    expect(rules(d.read(B, n.text, n.claim))).toEqual(['FIRST-VERBATIM', 'DIFF-BASE-HELD', 'DIFF-COMPLETE']);
    // What follows is told under that failure (SPEC.md "Consequences"): the worker still holds nothing.
    expect(d.read(B, `x`, { kind: 'pointer', total: 40 })).toEqual([]);
    expect(d.consequences.map((c) => `${c.rule} after ${c.cause.rule}`)).toEqual([
      'FIRST-VERBATIM after DIFF-BASE-HELD',
      'POINTER-FULL after DIFF-BASE-HELD',
    ]);
  });

  it('needs the diff lever, and is never larger than the re-delivery it replaces', () => {
    const d = new Driver({ levers: ['pointer'] });
    d.read(A, A, { kind: 'verbatim' });
    const n = notice(2, 2, 'TWO\n');
    expect(rules(d.read(B, n.text, n.claim))).toContain('ARM-TABLE');
    const big = held();
    const long = notice(2, 2, 'TWO\n');
    const padded = { text: `${'x'.repeat(40)}${long.text}`, claim: { ...long.claim } };
    const shift = 40; // 40 + 19 bytes: over the 40-byte re-delivery
    const c = padded.claim as Extract<Claim, { kind: 'delta' }>;
    const r = c.replaces as { first: { value: number; at: number }; last: { value: number; at: number } };
    const claim: Claim = {
      ...c,
      replaces: { first: { ...r.first, at: r.first.at + shift }, last: { ...r.last, at: r.last.at + shift } },
      text: { ...c.text, at: c.text.at + shift },
    };
    expect(said(big.read(B, padded.text, claim))).toEqual([
      'CAP-BOUND: a 59-byte change notice response replaces a re-delivery of at most 40 bytes',
    ]);
  });
});

describe('withheld: the shim’s own declared policy', () => {
  const policy = { id: 'big-file', wholeOverBytes: 8, howTo: 'read it with offset and limit' };
  const driver = (): Driver =>
    new Driver({ levers: ['pointer'], caps: { seal: true, windows: true, policies: [policy] } });
  const big = '0123456789\n';
  const text = `big.ts is 11 bytes: nothing was sent; read it with offset and limit ${SEAL}`;
  const claim: Claim = { kind: 'withheld', policy: 'big-file' };

  it('a sealed notice that says how to get the bytes, of a whole read the policy withholds, is true and delivers nothing', () => {
    const d = driver();
    expect(d.read(big, text, claim)).toEqual([]);
    expect(d.checks('REFUSAL-TRUE')).toBe(1);
    expect(rules(d.read(big, `unchanged ${SEAL}`, { kind: 'pointer', total: 11 }))).toEqual([
      'FIRST-VERBATIM',
      'POINTER-FULL',
    ]);
  });

  it('words that read as "unchanged", no way to the bytes, no such policy, a read the policy allows: REFUSAL-TRUE', () => {
    expect(said(driver().read(big, `unchanged; read it with offset and limit ${SEAL}`, claim))).toEqual([
      'REFUSAL-TRUE: said the shim\'s policy big-file withheld the read, in words that read as "unchanged"',
    ]);
    expect(said(driver().read(big, `nothing was sent ${SEAL}`, claim))[0]).toMatch(
      /without saying how to get the bytes/,
    );
    expect(said(driver().read(big, text, { kind: 'withheld', policy: 'other' }))[0]).toMatch(
      /no such policy is declared/,
    );
    expect(said(driver().read('0123\n', text, claim))[0]).toMatch(
      /withheld a whole read of 5 bytes, which policy big-file allows/,
    );
  });

  it('a window the policy allows: PROGRESS; an unsealed notice: NOTICE-SEALED', () => {
    expect(rules(driver().read(big, text, claim, { args: { offset: 1, limit: 1 } }))).toEqual(['PROGRESS']);
    expect(rules(driver().read(big, text.replace(` ${SEAL}`, ''), claim))).toEqual(['NOTICE-SEALED']);
  });
});

describe('blame by law', () => {
  it('a first slice in a second worker, the same as in the first, is not ISOLATION’s: the shadow holds only a part', () => {
    const d = new Driver({ levers: ['cap', 'pointer'], cap: 16 });
    const c = 'const iso0 = 0\n';
    const slice: Claim = { kind: 'slice', start: 0, end: 8, total: 15, done: false, payload: c.slice(0, 8) };
    expect(rules(d.read(c, `part\n${c.slice(0, 8)}`, slice))).toEqual(['FIRST-VERBATIM']);
    expect(rules(d.read(c, `part\n${c.slice(0, 8)}`, slice, { worker: 'w2' }))).toEqual(['FIRST-VERBATIM']);
    expect(d.checks('ISOLATION')).toBe(1);
  });

  it('a pointer false with or without the forget stays its own rules’; one true had the forget not counted is FORGET-RESETS', () => {
    const d = new Driver({ levers: ['cap', 'pointer'], cap: 16 });
    const c = '0123456789ABCDE';
    d.read(c, `p\n${c.slice(0, 8)}`, {
      kind: 'slice',
      start: 0,
      end: 8,
      total: 15,
      done: false,
      payload: c.slice(0, 8),
    });
    d.forget('w1');
    expect(rules(d.read(c, 'same', { kind: 'pointer', total: 15 }))).toEqual(['FIRST-VERBATIM', 'POINTER-FULL']);
    const e = new Driver({ levers: ['cap', 'pointer'], cap: 16 });
    e.read('x\n', 'x\n', { kind: 'verbatim' });
    e.forget('w1');
    expect(rules(e.read('x\n', 'same', { kind: 'pointer', total: 2 }))).toEqual(['FORGET-RESETS', 'FORGET-RESETS']);
  });
});
