/**
 * Design: SESSION-LEDGER (levers: pointer; capabilities.sessions { fork, sharedSession, resume }).
 * The pointer-only design behind a host that forks subagents, starts subagents under their
 * parent's session id and resumes sessions in a new instance (spec/SPEC.md "Forks and resumed
 * sessions"). Its ledger is kept on the host's disk (`ctx.store`), one per worker, written after
 * every change: a fork starts from a copy of its parent's, a resumed instance reloads its own.
 *
 * Its twins:
 * - `memoryOnly` keeps its ledger in memory: a resumed instance or a fork starts with none. True,
 *   only wasteful ("a shim that lost its ledger").
 * - `forkShared` (a lie) lets a fork use its parent's ledger itself, not a copy: a pointer in the
 *   fork to what the parent read after the fork fails ISOLATION.
 * - `sessionKeyed` (a lie) keys its ledger on the session id, as a session-keyed hook does: a
 *   subagent under its parent's session is told "unchanged" for the parent's reads (ISOLATION).
 * - `staleLedger` (a lie) keeps its disk copy as an append-only log of deliveries that a
 *   compaction never reaches: a resumed instance reloads a ledger that outlived the transcript
 *   (FORGET-RESETS).
 *
 *   npx readshim-conformance run --adapter examples/designs/session-ledger.ts
 */
import { createHash } from 'node:crypto';
import {
  defineAdapter,
  type AdapterContext,
  type Claim,
  type KitFs,
  type ReadArgs,
  type ShimAdapter,
} from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

type Variant = 'truthful' | 'memory-only' | 'fork-shared' | 'session-keyed' | 'stale-ledger';
/** Request → the digest of the text last handed over whole (knowledge.ts). */
type Ledger = Knowledge<string>;

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The host's disk: one JSON ledger per owner. */
class Disk {
  constructor(
    private readonly store: Map<string, unknown>,
    private readonly fs: KitFs,
  ) {}
  load(owner: string): Ledger {
    const raw = this.store.get(`ledger:${owner}`);
    return typeof raw === 'string' ? Knowledge.fromJSON(this.fs, raw) : new Knowledge(this.fs);
  }
  save(owner: string, l: Ledger): void {
    this.store.set(`ledger:${owner}`, l.toJSON());
  }
  /** Whose ledger a worker uses (the lying fork reuses its parent's). */
  ownerOf(worker: string): string {
    const o = this.store.get(`owner:${worker}`);
    return typeof o === 'string' ? o : worker;
  }
  setOwner(worker: string, owner: string): void {
    this.store.set(`owner:${worker}`, owner);
  }
}

/** The ledger a new instance starts from, and the owner it is kept under. */
function start(v: Variant, ctx: AdapterContext, disk: Disk): { owner: string; ledger: Ledger } {
  if (v === 'memory-only') return { owner: ctx.workerId, ledger: new Knowledge(ctx.fs) };
  if (v === 'session-keyed') {
    const owner = ctx.session ?? ctx.workerId;
    return { owner, ledger: disk.load(owner) };
  }
  if (v === 'fork-shared') {
    const owner = ctx.forkOf !== undefined ? disk.ownerOf(ctx.forkOf) : disk.ownerOf(ctx.workerId);
    disk.setOwner(ctx.workerId, owner);
    return { owner, ledger: disk.load(owner) };
  }
  // truthful, stale-ledger: a resumed instance reloads its own; a fork copies its parent's; else empty.
  const from = ctx.resumed ? ctx.workerId : ctx.forkOf;
  const ledger = from !== undefined ? disk.load(from) : new Knowledge<string>(ctx.fs);
  disk.save(ctx.workerId, ledger);
  return { owner: ctx.workerId, ledger };
}

function design(name: string, v: Variant): ShimAdapter {
  return defineAdapter({
    name,
    capabilities: {
      levers: ['pointer'],
      capParam: false,
      windows: true,
      staleServe: false,
      forget: true,
      counters: false,
      seal: false,
      sessions: { fork: true, sharedSession: true, resume: true },
    },
    create(ctx) {
      const disk = new Disk(ctx.store ?? new Map<string, unknown>(), ctx.fs);
      const s = start(v, ctx, disk);
      let mine = s.ledger;
      // The lying twins share one ledger between instances: read it from the disk every time.
      const live = v === 'fork-shared' || v === 'session-keyed';
      const ledger = (): Ledger => (live ? (mine = disk.load(s.owner)) : mine);
      const save = (added?: { args: ReadArgs; text: string; d: string }): void => {
        if (v === 'memory-only') return;
        if (v !== 'stale-ledger') return disk.save(s.owner, mine);
        // The lie: the disk copy is an append-only log of deliveries; a compaction is never written to it.
        if (added === undefined) return;
        const log = disk.load(s.owner);
        log.given(added.args, added.text, added.d);
        disk.save(s.owner, log);
      };
      return {
        async read(args) {
          const text = await ctx.read(args); // a tool error rejects here and records nothing
          const d = digest(text);
          const l = ledger();
          if (l.base(args) === d) return `File unchanged since last read (${Buffer.byteLength(text)} bytes).`;
          l.given(args, text, d);
          save({ args, text, d });
          return text;
        },
        forget(path) {
          ledger().forget(path);
          save();
        },
      };
    },
    decode(text): Claim {
      const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
      return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
    },
  });
}

/** Truthful, wasteful: the ledger lives in memory, so a resumed instance or a fork starts with none. */
export const memoryOnly = design('design-session-memory-only', 'memory-only');
/** Lies: a fork shares its parent's ledger instead of copying it at the fork. */
export const forkShared = design('design-session-fork-shared', 'fork-shared');
/** Lies: the ledger is keyed on the session id, which a subagent shares with its parent. */
export const sessionKeyed = design('design-session-keyed', 'session-keyed');
/** Lies: the ledger on disk is not rewritten after a compaction, and a resumed instance reloads it. */
export const staleLedger = design('design-session-stale-ledger', 'stale-ledger');

export default design('design-session-ledger', 'truthful');
