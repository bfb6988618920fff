/**
 * GATE-SLICE-VIA-BOUNDARY and GATE-NOTICE-SEALED read structure: each fixture function is one
 * case; the findings must fall in exactly the `bad*` functions, each naming its node, and never
 * in an `ok*` one (whose comments and strings imitate the diseases).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Project } from 'ts-morph';
import type { GateContext, Finding } from '../../gates/context.ts';
import { gateNoticeSealed } from '../../gates/notice-sealed.ts';
import { gateSliceViaBoundary } from '../../gates/slice-via-boundary.ts';
import { contextFor, describeFindings, fixtureDir, removeFixtureDirs } from './helpers.ts';

afterAll(removeFixtureDirs);

const SLICES = `export function cut(buf: Uint8Array, i: number): number {
  let j = Math.min(i, buf.length);
  while (j > 0 && j < buf.length && ((buf[j] ?? 0) & 0xc0) === 0x80) j--;
  return j;
}
export function okDirect(text: string, cap: number) { const buf = Buffer.from(text); return buf.subarray(0, cut(buf, cap)).toString(); }
export function okConst(text: string, start: number, cap: number) { const buf = Buffer.from(text, 'utf8'); const end = cut(buf, start + cap); return buf.subarray(start, end); }
export function okLength(text: string) { const buf = Buffer.from(text); const total = buf.length; return buf.subarray(0, total); }
export function okByteLength(text: string, cap: number, whole: boolean) { const buf = Buffer.from(text); const end = whole ? Buffer.byteLength(text) : cut(buf, cap); return buf.toString('utf8', 0, end); }
export function okNoEnd(text: string, start: number) { return Buffer.from(text).subarray(start); }
export function okMin(text: string, a: number, b: number) { const buf = Buffer.from(text); return buf.subarray(0, Math.min(cut(buf, a), cut(buf, b))); }
export function okCommentString(text: string, cap: number) {
  const buf = Buffer.from(text);
  // buf.subarray(0, cap) would split a character
  const s = 'buf.subarray(0, start + cap)';
  return buf.subarray(0, cut(buf, cap)).toString() + s;
}
export function okStrings(text: string, cap: number) { return text.slice(0, cap) + [1, 2, 3].slice(0, cap).join(''); }
export function okParam(text: string, cap: number) { const buf = Buffer.from(text); return take(buf, cut(buf, cap)); }
function take(buf: Uint8Array, end: number) { return buf.subarray(0, end); }
export function badRaw(text: string, start: number, cap: number) { const buf = Buffer.from(text); return buf.subarray(start, start + cap); }
export function badAlias(text: string, cap: number) { const buf = Buffer.from(text); const end = cap; const e2 = end; return buf.slice(0, e2); }
export function badOtherBuffer(a: string, b: string, cap: number) { const x = Buffer.from(a); const y = Buffer.from(b); return x.subarray(0, cut(y, cap)); }
export function badUtf16Length(text: string) { const buf = Buffer.from(text); return buf.subarray(0, text.length); }
export function badToString(text: string, cap: number) { const buf = Buffer.from(text); return buf.toString('utf8', 0, cap); }
export function badLet(text: string, cap: number) { const buf = Buffer.from(text); let end = cut(buf, cap); end += 1; return buf.subarray(0, end); }
export function badOtherLength(a: string, b: string) { const x = Buffer.from(a); return x.subarray(0, Buffer.byteLength(b)); }
`;

const NOTICES = `export function prefix(seal: string): string { return \`[x \${seal}]\`; }
function head(seal: string): string { return \`\${prefix(seal)} head\`; }
export function okTemplate(seal: string, p: string) { return \`\${prefix(seal)} partial \${p}\`; }
export function okConcat(seal: string) { return prefix(seal) + ' rest'; }
export function okBranches(seal: string, a: boolean) { return a ? \`\${prefix(seal)} a\` : \`\${prefix(seal)} b\`; }
export function okNull(seal: string, on: boolean) { return on ? \`\${prefix(seal)} on\` : null; }
export function okHelper(seal: string) { return \`\${head(seal)} more\`; }
export function okConst(seal: string) { const p = prefix(seal); return \`\${p} via a const\`; }
export function okCommentString(seal: string) {
  // return \`unchanged: \${p}\` — a comment
  return \`\${prefix(seal)} "[x forged] unchanged:" is text\`;
}
export const okArrow = (seal: string): string => \`\${prefix(seal)} arrow\`;
export function badText(seal: string) { return \`unchanged: \${prefix(seal)}\`; }
export function badFakePrefix(p: string) { return \`[x] \${p}\`; }
export function badLiteral() { return 'plain notice'; }
export function badFixedSeal() { return \`\${prefix('0000')} forged\`; }
export function badBranch(seal: string, a: boolean) { return a ? \`\${prefix(seal)} a\` : 'b'; }
export function badLeadingConst(seal: string) { const lead = 'note: '; return lead + prefix(seal); }
export function badOtherCall(seal: string) { return \`\${JSON.stringify(seal)} x\`; }
`;

const BAD_PREFIX = `export function prefix(seal: string): string { void seal; return '[x]'; }
export function notice(seal: string) { return \`\${prefix(seal)} n\`; }
`;

let ctx: GateContext;
let dir: string;
beforeAll(() => {
  dir = fixtureDir({ 'slices.ts': SLICES, 'notices.ts': NOTICES, 'bad-prefix.ts': BAD_PREFIX });
  ctx = contextFor(dir, { 'GATE-NO-MODULE-STATE': { files: ['*.ts'] } });
});

/** Function name → the findings inside it (by the fixture's own syntax tree). */
function byFunction(text: string, findings: readonly Finding[]): Map<string, Finding[]> {
  const sf = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true }).createSourceFile('f.ts', text);
  const spans = [
    ...sf.getFunctions().map((f) => [f.getName()!, f.getStartLineNumber(), f.getEndLineNumber()] as const),
    ...sf.getVariableDeclarations().map((v) => [v.getName(), v.getStartLineNumber(), v.getEndLineNumber()] as const),
  ];
  const out = new Map<string, Finding[]>();
  for (const f of findings) {
    const span = spans.find(([, a, b]) => f.line >= a && f.line <= b);
    const name = span?.[0] ?? '?';
    out.set(name, [...(out.get(name) ?? []), f]);
  }
  return out;
}

function namesOf(text: string, prefix: string): string[] {
  return [...text.matchAll(/export (?:function|const) (\w+)/g)].map((m) => m[1]!).filter((n) => n.startsWith(prefix));
}

describe('GATE-SLICE-VIA-BOUNDARY', () => {
  test('findings fall in exactly the bad* functions, each naming the slice', () => {
    const out = gateSliceViaBoundary(ctx, {
      files: ['slices.ts'],
      boundary: [{ file: 'slices.ts', function: 'cut', bufferArg: 0 }],
    });
    const hits = byFunction(SLICES, out.findings);
    expect([...hits.keys()].sort(), describeFindings(out.findings)).toEqual(namesOf(SLICES, 'bad').sort());
    for (const [, fs] of hits) for (const f of fs) expect(f.node).toMatch(/\.(subarray|slice|toString)\(/);
    expect(hits.get('badRaw')![0]!.message).toContain('`start + cap` is computed here');
    expect(hits.get('badOtherBuffer')![0]!.message).toContain('not of the content being sliced');
    expect(hits.get('badUtf16Length')![0]!.message).toContain('not a byte length');
    expect(hits.get('badLet')![0]!.message).toContain('end += 1');
  });

  test('every byte slice is counted; string and array slices are not', () => {
    const out = gateSliceViaBoundary(ctx, { files: ['slices.ts'], boundary: [{ file: 'slices.ts', function: 'cut' }] });
    // Text search finds 19 slice-looking spots: okStrings' two are string/array slices, and a
    // comment and a string in okCommentString only imitate one. The tree holds 15 byte slices.
    expect([...SLICES.matchAll(/\.(subarray|slice)\(|toString\('utf8', /g)].length).toBe(19);
    expect(out.checks).toBe(15);
  });
});

describe('GATE-NOTICE-SEALED', () => {
  test('findings fall in exactly the bad* notices, each naming the template', () => {
    const out = gateNoticeSealed(ctx, { prefix: { file: 'notices.ts', function: 'prefix' }, files: ['notices.ts'] });
    const hits = byFunction(NOTICES, out.findings);
    expect([...hits.keys()].sort(), describeFindings(out.findings)).toEqual(namesOf(NOTICES, 'bad').sort());
    expect(hits.get('badText')![0]!.node).toBe('`unchanged: ${prefix(seal)}`');
    expect(hits.get('badFixedSeal')![0]!.message).toContain('fixed seal');
    expect(hits.get('badLiteral')![0]!.node).toBe("'plain notice'");
  });

  test('explicit functions are judged like exported ones', () => {
    const out = gateNoticeSealed(ctx, {
      prefix: { file: 'notices.ts', function: 'prefix' },
      functions: [
        { file: 'notices.ts', function: 'okTemplate' },
        { file: 'notices.ts', function: 'badText' },
      ],
    });
    expect(out.findings.map((f) => f.node)).toEqual(['`unchanged: ${prefix(seal)}`']);
  });

  test('a prefix that does not embed its seal fails', () => {
    const out = gateNoticeSealed(ctx, {
      prefix: { file: 'bad-prefix.ts', function: 'prefix' },
      files: ['bad-prefix.ts'],
    });
    expect(
      out.findings.map((f) => f.node),
      describeFindings(out.findings),
    ).toEqual(["'[x]'"]);
    expect(out.findings[0]!.message).toContain('does not carry its seal');
  });
});
