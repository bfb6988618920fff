/**
 * Paths beyond spelling (spec/SPEC.md "Links and case"): symlink and hardlink trace events, the
 * oracle's identity of a file (its realpath, case folded on a host that declares it), and the
 * report saying which identity it used.
 */
import { describe, expect, it } from 'vitest';
import type { ShimAdapter } from '../../src/core/contract.ts';
import { formatTrace, parseTrace, type TraceEvent, type TraceHeader } from '../../src/core/trace.ts';
import { auditTrace } from '../../properties/audit.ts';
import { judgeHistory } from '../../properties/history.ts';
import { runJson, runPretty } from '../../src/cli/report/run.ts';
import { hostIdentity } from '../../examples/designs/host-identity.ts';
import { runConformance } from '../../properties/run.ts';
import { modeOfLevers } from '../../src/core/levers.ts';

const header: TraceHeader = { type: 'header', kit: 'x', specVersion: '2.1.0', cap: 64, levers: ['pointer'], seal: 's' };

const judge = async (adapter: ShimAdapter, events: TraceEvent[]) =>
  judgeHistory(adapter, { mode: modeOfLevers(['pointer']), cap: 64, seal: 's' }, events);

describe('link events in traces', () => {
  it('symlink and hardlink lines parse and format back; a 2.0 trace without them is unchanged', () => {
    const events: TraceEvent[] = [
      { type: 'write', path: 'a.ts', content: 'x\n', mtimeMs: 1 },
      { type: 'symlink', path: 'src/l.ts', target: '../a.ts', mtimeMs: 2 },
      { type: 'hardlink', path: 'h.ts', existing: 'a.ts' },
      { type: 'delete', path: 'src/l.ts' },
    ];
    const t = { header, events };
    expect(parseTrace(formatTrace(t))).toEqual(t);
    const old = { header: { ...header, specVersion: '2.0.0' }, events: [events[0]!] };
    expect(formatTrace(parseTrace(formatTrace(old)))).toBe(formatTrace(old));
  });

  it('a link out of the sandbox is refused when the trace is read (never created)', () => {
    const bad = (e: object) => formatTrace({ header, events: [] }) + JSON.stringify(e) + '\n';
    expect(() => parseTrace(bad({ type: 'symlink', path: 'l', target: '../../etc/passwd', mtimeMs: 1 }))).toThrow(
      /line 2: symlink target "..\/..\/etc\/passwd" is outside the path domain/,
    );
    expect(() => parseTrace(bad({ type: 'symlink', path: 'd/l', target: '/etc/passwd', mtimeMs: 1 }))).toThrow(
      /outside the path domain/,
    );
    expect(() => parseTrace(bad({ type: 'hardlink', path: 'h', existing: '../x' }))).toThrow(/outside the path domain/);
    expect(() => parseTrace(bad({ type: 'symlink', path: 'l', target: 'a' }))).toThrow(/mtimeMs/);
  });
});

describe("the oracle's identity of a file is the host's", () => {
  it('what a worker read through a link it holds under the target: a pointer there is true (a hardlink is its own realpath)', async () => {
    const v = await judge(hostIdentity({ caseInsensitive: false }), [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: 'one\n', mtimeMs: 1000 },
      { type: 'symlink', path: 'l.ts', target: 'a.ts', mtimeMs: 1000 },
      { type: 'hardlink', path: 'h.ts', existing: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'l.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'h.ts' },
    ]);
    expect(v.outcomes.flatMap((o) => (o.kind === 'read' ? [o.claim?.kind] : []))).toEqual([
      'verbatim',
      'pointer',
      'verbatim',
    ]);
    expect(v.violations).toEqual([]);
  });

  it('a retarget makes the name another file: "unchanged" after it is a lie although the link and sizes kept', async () => {
    const lstat = hostIdentity({ lie: 'own-lstat', caseInsensitive: false });
    const v = await judge(lstat, [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: 'aaa\n', mtimeMs: 1000 },
      { type: 'write', path: 'b.ts', content: 'bbb\n', mtimeMs: 1000 },
      { type: 'symlink', path: 'l.ts', target: 'a.ts', mtimeMs: 5 },
      { type: 'read', worker: 'w1', path: 'l.ts' },
      { type: 'symlink', path: 'l.ts', target: 'b.ts', mtimeMs: 5 },
      { type: 'read', worker: 'w1', path: 'l.ts' },
    ]);
    // Spec 2.2: the name showed aaa; it now names bbb, answered "unchanged" (judged against what l.ts showed).
    expect(v.violations.map((x) => [x.rule, x.index])).toEqual([['POINTER-FULL', 6]]);
    expect(v.violations[0]!.message).toMatch(/the worker holds a different version/);
  });

  it('on a host that folds case, A.ts and a.ts are one file; on one that does not, two', async () => {
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'A.ts', content: 'one\n', mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 'A.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ];
    // The identity shim answers "unchanged" for a.ts: true where the host folds case.
    expect((await judge(hostIdentity(), events)).violations).toEqual([]);
    // Declared on a host whose shim contradicts it: judged by the truth rules, not refused.
    const folded = hostIdentity({ lie: 'spelling' });
    const v = await judge(folded, [
      ...events,
      { type: 'write', path: 'a.ts', content: 'two\n', mtimeMs: 2000 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'write', path: 'A.ts', content: 'one\n', mtimeMs: 3000 },
      { type: 'read', worker: 'w1', path: 'A.ts' },
    ]);
    expect(v.violations.map((x) => [x.rule, x.index])).toEqual([['POINTER-FULL', 7]]);
  });

  it('audit judges a recorded trace with links and case folding as the run did', async () => {
    const trace = {
      header: { ...header, caseInsensitive: true as const },
      events: [
        { type: 'worker', id: 'w1' },
        { type: 'write', path: 'A.ts', content: 'one\n', mtimeMs: 1000 },
        { type: 'symlink', path: 'l.ts', target: 'A.ts', mtimeMs: 1 },
        { type: 'read', worker: 'w1', path: 'l.ts', response: { text: 'one\n' } },
        { type: 'read', worker: 'w1', path: 'a.ts', response: { text: 'File unchanged since last read (4 bytes).' } },
        { type: 'forget', worker: 'w1', path: 'L.TS' },
        { type: 'read', worker: 'w1', path: 'A.ts', response: { text: 'File unchanged since last read (4 bytes).' } },
      ] satisfies TraceEvent[],
    };
    const parsed = parseTrace(formatTrace(trace));
    const r = await auditTrace(parsed, [], hostIdentity());
    // Lines: header 1, events from 2; the pointer after forget(L.TS) is the lie (line 8).
    expect(new Set(r.lies.map((x) => `${x.rule}@${x.line}`))).toEqual(new Set(['FORGET-RESETS@8']));
  });
});

describe('the report says which identity it used', () => {
  it('JSON fileIdentity and an assumption line, case folded only where the host declares it', async () => {
    const extras = { traceFiles: new Map<string, string>(), replayCommand: () => '' };
    for (const [adapter, id] of [
      [hostIdentity(), 'realpath, case folded'],
      [hostIdentity({ caseInsensitive: false }), 'realpath'],
    ] as const) {
      const r = await runConformance({ adapter, runs: 0, seed: 1 });
      expect(JSON.parse(runJson(r, extras)).fileIdentity).toBe(id);
      const said = runPretty(r, extras)
        .split('\n')
        .filter((l) => l.startsWith('ASSUMPTION: Files are identified') || l.includes('folds case'));
      expect(said.length).toBe(1);
      expect(said[0]).toMatch(
        id === 'realpath' ? /by realpath \(every symlink followed; case matters\)/ : /case folded/,
      );
    }
  });
});
