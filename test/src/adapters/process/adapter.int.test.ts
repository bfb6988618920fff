/** The process adapter against real Python processes: histories, the barrier, the surface, breaches. */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openProcessAdapter, type ProcessAdapter } from '../../../../src/adapters/process/adapter.ts';
import type { TraceEvent } from '../../../../src/core/trace.ts';
import { AdapterError } from '../../../../src/harness/session.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { runSurfaceProbes } from '../../../../properties/surface/index.ts';
import { bad, DELIVERY, MTIME, python, sandboxesIn, sandboxHome, STAT_AFTER_READ } from './helpers.ts';
import { modeOfArm } from '../../../../src/core/levers.ts';

const home = sandboxHome();
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function withAdapter<T>(command: string, fn: (a: ProcessAdapter) => Promise<T>, timeoutMs = 5000): Promise<T> {
  const a = await openProcessAdapter({ command, sandboxDir: home, timeoutMs });
  try {
    return await fn(a);
  } finally {
    await a.close!();
  }
}

const SEAL = 'a1b2c3d4e5f6';
const big = Array.from({ length: 40 }, (_, i) => `line ${i} é€😀\n`).join('');
const rules = (v: { violations: readonly { rule: string; index: number }[] }) =>
  v.violations.map((x) => `${x.index}:${x.rule}`);

describe('process adapter: histories over the protocol', () => {
  it('the delivery example: windows, aliases, a missing file, a same-mtime edit, two workers, a forget — all true', async () => {
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'worker', id: 'w2' },
      { type: 'write', path: 'src/b.ts', content: big, mtimeMs: 1_700_000_000_000 },
      { type: 'read', worker: 'w1', path: 'src/b.ts' },
      { type: 'read', worker: 'w1', path: 'docs/../src/b.ts' },
      { type: 'read', worker: 'w1', path: './src/b.ts' },
      { type: 'read', worker: 'w1', path: 'src/b.ts' },
      { type: 'read', worker: 'w2', path: 'src/b.ts', args: { offset: 3, limit: 2 } },
      { type: 'read', worker: 'w2', path: 'src/b.ts', args: { offset: 3, limit: 2 } },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'write', path: 'src/b.ts', content: big.replace('line 7', 'LINE 7'), mtimeMs: 1_700_000_000_000 },
      { type: 'read', worker: 'w1', path: 'src/b.ts' },
      { type: 'forget', worker: 'w2' },
      { type: 'read', worker: 'w2', path: 'src/b.ts', args: { offset: 3, limit: 2 } },
      { type: 'delete', path: 'src/b.ts' },
      { type: 'read', worker: 'w1', path: 'src/b.ts' },
    ];
    const v = await withAdapter(DELIVERY, (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 256, seal: SEAL }, events),
    );
    expect(rules(v)).toEqual([]);
    expect([...v.claimKinds.keys()].sort()).toEqual(['error', 'pointer', 'slice', 'verbatim']);
    expect(v.checks.get('POINTER-FULL')).toBeGreaterThan(0);
    expect(v.checks.get('COUNT-EXACT')).toBeGreaterThan(0);
    expect(sandboxesIn(home)).toEqual([]);
  });

  it('the mtime example: an edit that keeps the mtime gets "unchanged, you hold it" — a POINTER-FULL lie', async () => {
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: 'const a = 1;\n', mtimeMs: 1_700_000_000_500 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'write', path: 'a.ts', content: 'const a = 2;\n', mtimeMs: 1_700_000_000_500 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'write', path: 'a.ts', content: 'const a = 3;\n', mtimeMs: 1_700_000_000_501 }, // 1 ms later: seen
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ];
    const lying = await withAdapter(MTIME, (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 64, seal: SEAL }, events),
    );
    expect(rules(lying)).toEqual(['4:POINTER-FULL']);
    const truthful = await withAdapter(DELIVERY, (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 64, seal: SEAL }, events),
    );
    expect(rules(truthful)).toEqual([]);
  });

  it('a lone surrogate in the content: the disk and the ground truth both hold U+FFFD', async () => {
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: 'lone \uD800 surrogate\n', mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ];
    const v = await withAdapter(DELIVERY, (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 64, seal: SEAL }, events),
    );
    expect(rules(v)).toEqual([]);
    expect(v.outcomes[2]).toMatchObject({
      kind: 'read',
      truth: { ok: true, text: 'lone \uFFFD surrogate\n' },
      response: { text: 'lone \uFFFD surrogate\n' },
    });
  });

  it('the race barrier lets the kit rewrite the file between a read and a stat', async () => {
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: 'version A\n', mtimeMs: 1_700_000_000_000 },
      { type: 'read', worker: 'w1', path: 'a.ts', race: { content: 'version B\n', mtimeMs: 1_700_000_000_007 } },
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ];
    // Stat after read: the old bytes get the new mtime, so the next read is a pointer to bytes never sent.
    const racy = await withAdapter(STAT_AFTER_READ, (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 64, seal: SEAL }, events),
    );
    expect(rules(racy)).toEqual(['3:POINTER-FULL']);
    expect(racy.outcomes[2]).toMatchObject({ response: { text: 'version A\n' } });
    // Keyed on the bytes it read, the delivery example re-delivers the new version.
    const sound = await withAdapter(DELIVERY, (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 64, seal: SEAL }, events),
    );
    expect(rules(sound)).toEqual([]);
    expect(sound.outcomes[3]).toMatchObject({
      claim: { kind: 'slice', start: 0, end: 10, done: true, payload: 'version B\n' },
    });
  });
});

describe('process adapter: the surface over the protocol', () => {
  it('ARM-GUARD, ARM-TABLE, PERSONA-TRUTH and CAP-PARAM are probed and hold for the delivery example', async () => {
    const r = await withAdapter(DELIVERY, (a) => runSurfaceProbes(a, SEAL, 1));
    expect(r.findings).toEqual([]);
    for (const rule of ['ARM-GUARD', 'ARM-TABLE', 'PERSONA-TRUTH', 'CAP-PARAM'] as const)
      expect(r.checks.get(rule)).toBeGreaterThan(0);
  });

  const lies: [string, string, RegExp][] = [
    ['truthy-arm', 'ARM-GUARD', /returned .* instead of throwing a TypeError/],
    ['cap-accepts', 'CAP-PARAM', /cap 3 was accepted/],
    ['persona-diff', 'PERSONA-TRUTH', /has no diff lever, but its persona speaks of diffs/],
  ];
  for (const [mode, rule, message] of lies)
    it(`a shim whose surface lies (${mode}) fails ${rule}`, async () => {
      const r = await withAdapter(bad(mode), (a) => runSurfaceProbes(a, SEAL, 1));
      const found = r.findings.filter((f) => f.rule === rule);
      expect(found.length).toBeGreaterThan(0);
      expect(found.map((f) => f.message).join('\n')).toMatch(message);
    });
});

describe('process adapter: a breach of the protocol is an adapter error, never a hang', () => {
  const reads: TraceEvent[] = [
    { type: 'worker', id: 'w1' },
    { type: 'write', path: 'a.ts', content: 'x'.repeat(300), mtimeMs: 1000 },
    ...Array.from({ length: 5 }, (): TraceEvent => ({ type: 'read', worker: 'w1', path: 'a.ts' })),
  ];
  const cases: [string, RegExp][] = [
    [
      'crash',
      /exited with code 1 before answering read .*last request: \{"id":\d+,"op":"read".*its stderr ended: ".*boom: the shim crashed mid-history/,
    ],
    ['non-json', /printed a line that is not JSON: "debug: about to read a\.ts"/],
    ['wrong-id', /answered id \d+ while request \d+ \(read\) was waiting/],
    ['hang', /did not answer read \(id \d+\) within 800 ms/],
    ['bad-claim', /broke the protocol in its reply to read: malformed claim: slice claim needs/],
    ['no-counters', /declared capabilities\.counters but sent a read reply without "counters"/],
    ['undeclared-barrier', /sent a barrier but its hello did not declare capabilities\.raceBarrier/],
    ['stray-barrier', /sent barrier \d+ while request \d+ \(read\) was waiting/],
    ['exit-after', /exited with code 0 (while the kit still needed it|before answering read)/],
  ];
  for (const [mode, message] of cases)
    it(mode, async () => {
      // An argument the shim ignores makes this run's process line unique, so the check that it is
      // gone looks at this test's process only, not at whatever else runs on the machine.
      const marker = `readshim-breach-${process.pid}-${mode}`;
      // No spare started ahead: under load a spare's hello could miss the short timeout and be latched first.
      const a = await openProcessAdapter({
        command: python('test/src/adapters/process/fixtures/bad_shim.py', mode, marker),
        sandboxDir: home,
        timeoutMs: 800,
        prespawn: 0,
      });
      try {
        const err = await judgeHistory(a, { mode: modeOfArm('cap'), cap: 64, seal: SEAL }, reads).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(AdapterError);
        expect((err as Error).message).toMatch(message);
        expect((err as Error).message.split('\n')).toHaveLength(1);
        // The breach is this history's (it ended the run by being thrown): histories judged ahead
        // and dropped under --jobs must not end a run, so the surface process stays sound.
        expect(a.failure()).toBeUndefined();
      } finally {
        await a.close!();
      }
      // Never a hang: the history ended with the breach's own message (for 'hang', its 800 ms protocol
      // timeout), and the process is gone; no wall-clock figure decides the verdict.
      expect(sandboxesIn(home)).toEqual([]);
      expect(spawnSync('pgrep', ['-f', marker]).stdout.toString()).toBe('');
    });
});

describe('process adapter: a breach after the last reply still ends the history with an adapter error', () => {
  it('a line printed while nothing is asked, right after the last reply', async () => {
    const three: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: 'x'.repeat(300), mtimeMs: 1000 },
      ...Array.from({ length: 3 }, (): TraceEvent => ({ type: 'read', worker: 'w1', path: 'a.ts' })),
    ];
    const a = await openProcessAdapter({ command: bad('late-line'), sandboxDir: home, timeoutMs: 5000, prespawn: 0 });
    try {
      const err = await judgeHistory(a, { mode: modeOfArm('cap'), cap: 64, seal: SEAL }, three).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AdapterError);
      expect((err as Error).message).toMatch(/printed a line while no request was waiting/);
    } finally {
      await a.close!();
    }
    expect(sandboxesIn(home)).toEqual([]);
  });
});

describe('process adapter: optional parts of the protocol', () => {
  const events: TraceEvent[] = [
    { type: 'worker', id: 'w1' },
    { type: 'write', path: 'a.ts', content: big, mtimeMs: 1000 },
    { type: 'read', worker: 'w1', path: 'a.ts' },
    { type: 'read', worker: 'w1', path: 'a.ts' },
    { type: 'read', worker: 'w1', path: 'a.ts' },
    { type: 'read', worker: 'w1', path: 'a.ts' },
  ];

  it('"counted" on a reply is the count callback (COUNT-EXACT judges it)', async () => {
    const right = await withAdapter(bad('callback'), (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 256, seal: SEAL }, events),
    );
    expect(rules(right)).toEqual([]);
    expect(right.checks.get('COUNT-EXACT')).toBeGreaterThan(0);
    const wrong = await withAdapter(bad('callback-wrong'), (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 256, seal: SEAL }, events),
    );
    expect(wrong.violations.filter((x) => x.rule === 'COUNT-EXACT').map((x) => x.message)[0]).toMatch(
      /onCount fired with/,
    );
  });

  it('the stale op: a served range, a refusal, and "null" for no serve all reach the oracle', async () => {
    const stale: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: big, mtimeMs: 1000 },
      { type: 'stale', worker: 'w1', path: 'a.ts', startLine: 2, endLine: 4 },
      { type: 'stale', worker: 'w1', path: 'a.ts', startLine: 90, endLine: 95 },
      { type: 'stale', worker: 'w1', path: 'gone.ts', startLine: 0, endLine: 1 },
      { type: 'stale', worker: 'w1', path: 'none.ts', startLine: 0, endLine: 1 },
    ];
    const v = await withAdapter(bad('stale'), (a) =>
      judgeHistory(a, { mode: modeOfArm('cap'), cap: 4096, seal: SEAL }, stale),
    );
    expect(v.outcomes[2]).toMatchObject({
      kind: 'stale',
      claim: { kind: 'stale', startLine: 2, endLine: 4, lines: 40, payload: 'line 2 é€😀\nline 3 é€😀\nline 4 é€😀\n' },
    });
    expect(v.outcomes[3]).toMatchObject({ claim: { kind: 'refusal', reason: 'stale-past-eof' } });
    expect(v.outcomes[4]).toMatchObject({ claim: { kind: 'refusal', reason: 'stale-absent' } });
    expect(v.outcomes[5]).toMatchObject({ kind: 'stale', response: { none: true } });
    expect(v.checks.get('STALE-SERVE-LABELLED')).toBe(4);
    // Under a capping arm "no serve" is itself a violation; the three serves before it are true.
    expect(rules(v)).toEqual(['5:STALE-SERVE-LABELLED']);
  });
});
