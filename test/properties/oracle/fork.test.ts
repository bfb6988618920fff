/**
 * Forks and resumed sessions (spec/SPEC.md "Forks and resumed sessions"): a fork's knowledge is a
 * copy of its parent's at the fork; the harness tells a shim instance how it came to be; a bad
 * `capabilities.sessions` is refused in-process and over the process protocol.
 */
import { describe, expect, it } from 'vitest';
import { OracleMemo } from '../../../properties/oracle/knowledge.ts';
import { Deliveries, hostView, type Req } from '../../../properties/oracle/deliveries.ts';
import { requestText, rowsShown } from '../../../src/harness/host-tool.ts';
import { capabilitiesProblem } from '../../../src/adapters/capabilities.ts';
import { capabilitiesFrom } from '../../../src/adapters/process/protocol.ts';
import { Session } from '../../../src/harness/session.ts';
import { modeOfLevers } from '../../../src/core/levers.ts';
import { UsageError } from '../../../src/core/errors.ts';
import type { AdapterContext, Capabilities, ShimAdapter } from '../../../src/core/contract.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';
import { auditTrace } from '../../../properties/audit.ts';

const plain = (P: string) => ({ total: Buffer.byteLength(P), prefix: Buffer.from(P), against: P });

describe('Deliveries.fork', () => {
  const model = (): Deliveries =>
    new Deliveries(
      new OracleMemo(),
      hostView(
        (c, o, l) => requestText(c, o, l, undefined),
        (c, o, l) => rowsShown(c, o, l, undefined),
      ),
    );
  const req = (worker: string, name: string): Req => ({
    worker,
    name,
    argsKey: '{}',
    identity: name,
    version: undefined,
    content: name.toUpperCase(),
    seq: 0,
  });
  const get = (k: Deliveries, worker: string, name: string) => k.backing(req(worker, name));
  it('the child holds what the parent held at the fork, and later deliveries to either stay their own', () => {
    const k = model();
    k.set(req('w1', 'a'), plain('A'));
    k.fork('w1', 'w2');
    k.set(req('w1', 'b'), plain('B'));
    k.set(req('w2', 'c'), plain('C'));
    k.forget('w2', undefined);
    k.set(req('w2', 'd'), plain('D'));
    expect(get(k, 'w1', 'a')?.prefix.toString()).toBe('A');
    expect(get(k, 'w2', 'a')).toBeUndefined(); // forgotten in the child only
    expect(get(k, 'w2', 'b')).toBeUndefined();
    expect(get(k, 'w1', 'c')).toBeUndefined();
    expect(get(k, 'w1', 'd')).toBeUndefined();
    expect(get(k, 'w2', 'd')?.prefix.toString()).toBe('D');
  });
  it('a fork of a worker that holds nothing holds nothing', () => {
    const k = model();
    k.fork('w1', 'w2');
    expect(get(k, 'w2', 'a')).toBeUndefined();
  });
});

const BASE = {
  levers: ['pointer'],
  capParam: false,
  windows: false,
  staleServe: false,
  forget: true,
  counters: false,
  seal: false,
} as const;

describe('capabilities.sessions', () => {
  it('is refused naming the field when malformed, in-process and in a hello', () => {
    const cases: [unknown, string][] = [
      [true, 'capabilities.sessions must be an object { fork?, sharedSession?, resume? }'],
      [{ forks: true }, 'capabilities.sessions has unknown key "forks" (known: fork, sharedSession, resume)'],
      [{ resume: 'yes' }, 'capabilities.sessions.resume must be true or false'],
    ];
    for (const [sessions, why] of cases) {
      expect(capabilitiesProblem({ ...BASE, sessions })).toBe(why);
      expect(capabilitiesFrom({ ...BASE, sessions })).toBe(why);
    }
    expect(capabilitiesProblem({ ...BASE, sessions: { fork: true, resume: false } })).toBeUndefined();
  });
  it('crosses the process protocol', () => {
    const caps = capabilitiesFrom({ ...BASE, sessions: { fork: true } });
    expect(typeof caps === 'string' ? caps : caps.sessions).toEqual({ fork: true });
  });
});

/** An adapter that records how each shim instance was created. */
function recorder(capabilities: Capabilities): { adapter: ShimAdapter; made: Partial<AdapterContext>[] } {
  const made: Partial<AdapterContext>[] = [];
  const adapter: ShimAdapter = {
    name: 'recorder',
    capabilities,
    create(ctx) {
      const { workerId, session, forkOf, resumed, store } = ctx;
      made.push({ workerId, session, forkOf, resumed, ...(store ? { store } : {}) });
      return { read: (args) => ctx.read(args) };
    },
    decode: () => ({ kind: 'verbatim' }),
  };
  return { adapter, made };
}

async function play(adapter: ShimAdapter, events: TraceEvent[]): Promise<void> {
  const s = new Session(adapter, { mode: modeOfLevers(['pointer']), cap: 64, seal: 'S' });
  try {
    for await (const _ of s.run(events));
  } finally {
    await s.close();
  }
}

describe('the harness plays fork and resume', () => {
  const events: TraceEvent[] = [
    { type: 'worker', id: 'w1' },
    { type: 'fork', parent: 'w1', worker: 'w2' },
    { type: 'fork', parent: 'w1', worker: 'w3', fresh: true, session: 'shared' },
    { type: 'resume', worker: 'w3' },
  ];
  it('tells each instance its fork, session and resume, with one store for the history', async () => {
    const { adapter, made } = recorder({ ...BASE, sessions: { fork: true, sharedSession: true, resume: true } });
    await play(adapter, events);
    expect(made.map(({ store: _, ...m }) => m)).toEqual([
      { workerId: 'w1', session: 'w1', forkOf: undefined, resumed: undefined },
      { workerId: 'w2', session: 'w2', forkOf: 'w1', resumed: undefined },
      { workerId: 'w3', session: 'w1', forkOf: undefined, resumed: undefined },
      { workerId: 'w3', session: 'w1', forkOf: undefined, resumed: true },
    ]);
    expect(new Set(made.map((m) => m.store)).size).toBe(1);
    expect(made[0]!.store).toBeInstanceOf(Map);
  });
  it('gives no session and no store to a subject that declares no sessions', async () => {
    const { adapter, made } = recorder({ ...BASE });
    await play(adapter, events.slice(0, 2));
    expect(made).toEqual([
      { workerId: 'w1', session: undefined, forkOf: undefined, resumed: undefined },
      { workerId: 'w2', session: undefined, forkOf: 'w1', resumed: undefined },
    ]);
  });
  it('refuses a fork onto a worker that exists (exit 2)', async () => {
    const { adapter } = recorder({ ...BASE });
    await expect(
      play(adapter, [
        { type: 'worker', id: 'w1' },
        { type: 'worker', id: 'w2' },
        { type: 'fork', parent: 'w1', worker: 'w2' },
      ]),
    ).rejects.toThrow(new UsageError('event 3: fork names worker w2, which already exists'));
  });
});

describe('audit judges a recorded fork as run does', () => {
  const header = { type: 'header', kit: 'k', specVersion: '2.1', cap: 64, levers: ['pointer'], seal: 'S' } as const;
  const pointer = { text: 'File unchanged since last read (2 bytes).' };
  const trace = (afterFork: 'a.ts' | 'b.ts'): TraceEvent[] => [
    { type: 'worker', id: 'w1' },
    { type: 'write', path: 'a.ts', content: 'A\n', mtimeMs: 1 },
    { type: 'write', path: 'b.ts', content: 'B\n', mtimeMs: 1 },
    { type: 'read', worker: 'w1', path: 'a.ts', response: { text: 'A\n' } },
    { type: 'fork', parent: 'w1', worker: 'w2' },
    { type: 'read', worker: 'w1', path: 'b.ts', response: { text: 'B\n' } },
    { type: 'read', worker: 'w2', path: afterFork, response: pointer },
  ];
  const decoder: ShimAdapter = {
    ...recorder({ ...BASE }).adapter,
    decode: (text) => (text === pointer.text ? { kind: 'pointer', total: 2 } : { kind: 'verbatim' }),
  };
  it('a pointer in the fork to what the parent held at the fork: no lie', async () => {
    const events = trace('a.ts');
    const r = await auditTrace(
      { header, events },
      events.map((_, i) => i + 2),
      decoder,
    );
    expect(r.lies).toEqual([]);
    expect(r.responses).toBe(3);
  });
  it('a pointer in the fork to what the parent read after it: ISOLATION, with the fork in its story', async () => {
    const events = trace('b.ts');
    const r = await auditTrace(
      { header, events },
      events.map((_, i) => i + 2),
      decoder,
    );
    expect(r.lies.map((l) => [l.line, l.rule])).toEqual([[8, 'ISOLATION']]);
    expect(r.lies[0]!.story.join('\n')).toContain('worker w2 starts as a subagent of w1, holding what w1 holds now');
  });
});
