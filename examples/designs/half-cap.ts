/**
 * Design: HALF-CAP (levers: cap, pointer). "Smaller tool results, more of them": slices of at most
 * half the cap (never fewer than 4 bytes, so a 4-byte character always fits). Its ledger is strictly
 * per worker (a fresh one per create) and per request (resolved path + the other arguments), keyed
 * on the text delivered; forget() drops entries.
 *
 * It knowingly breaks two laws and no other: FIRST-VERBATIM (a first read over half the cap but
 * under it is sliced, not passed on untouched) and PROGRESS (each slice ends short of the line-end
 * floor within the cap). Its first read in a second worker, or after forget(), is the very same
 * honest slice as a first read in w1, so ISOLATION and FORGET-RESETS, whose laws it keeps, pass
 * (SPEC.md "Blame": a derived rule takes a finding only where its own law is broken).
 *
 * Named export `sharedLedger`, its lying twin: one ledger for every worker of a history, so a
 * second worker's first read "continues" from where the first worker's slices ended (ISOLATION).
 *
 *   npx readshim-conformance run --adapter examples/designs/half-cap.ts   # exit 1: PROGRESS, FIRST-VERBATIM
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type AdapterContext, type Claim, type ReadArgs, type ShimAdapter } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The largest end ≤ want that does not split a UTF-8 sequence. */
function boundary(buf: Buffer, want: number): number {
  let end = Math.min(want, buf.length);
  while (end > 0 && end < buf.length && (buf[end]! & 0xc0) === 0x80) end--;
  return end;
}

/** Request → the digest of its text and how many of its bytes were handed over (knowledge.ts). */
type Ledger = Knowledge<{ digest: string; delivered: number }>;

function slicer(ctx: AdapterContext, ledger: Ledger) {
  const cap = ctx.cap;
  if (!Number.isInteger(cap) || cap < 4) throw new RangeError(`cap must be an integer >= 4, got ${String(cap)}`);
  const half = Math.max(4, Math.floor(cap / 2));
  return {
    async read(args: ReadArgs): Promise<string> {
      const text = await ctx.read(args); // a tool error rejects here and records nothing
      const path = posix.normalize(args.path);
      const buf = Buffer.from(text, 'utf8');
      const total = buf.length;
      const d = digest(text);
      const prev = ledger.base(args);
      const start = prev !== undefined && prev.digest === d ? prev.delivered : 0;
      if (prev !== undefined && prev.digest === d && start >= total && total > 0)
        return `[half-cap] unchanged: you hold all ${total} bytes of ${path}.`;
      if (start === 0 && total <= half) {
        ledger.given(args, text, { digest: d, delivered: total });
        return text; // the whole text fits one half-cap slice: passed on untouched
      }
      const end = boundary(buf, start + half);
      ledger.given(args, text, { digest: d, delivered: end }, end === total);
      const payload = buf.subarray(start, end).toString('utf8');
      return end < total
        ? `[half-cap] bytes ${start}-${end} of ${total} of ${path}; not the whole file; re-read to continue from ${end}.\n${payload}`
        : `[half-cap] bytes ${start}-${end} of ${total} of ${path}; the rest: you now hold all of it.\n${payload}`;
    },
    forget(path?: string): void {
      ledger.forget(path);
    },
  };
}

function design(name: string, shared: boolean): ShimAdapter {
  // The twin's one ledger is per host (ctx.fs: one per history), shared by every worker of it.
  const hosts = new WeakMap<AdapterContext['fs'], Ledger>();
  const sharedFor = (fs: AdapterContext['fs']): Ledger => {
    const l = hosts.get(fs) ?? new Knowledge(fs);
    hosts.set(fs, l);
    return l;
  };
  return defineAdapter({
    name,
    capabilities: {
      levers: ['cap', 'pointer'],
      capParam: true,
      windows: true,
      staleServe: false,
      forget: true,
      counters: false,
      seal: false,
    },
    create: (ctx) => slicer(ctx, shared ? sharedFor(ctx.fs) : new Knowledge(ctx.fs)),
    decode(text): Claim {
      const p = /^\[half-cap\] unchanged: you hold all (\d+) bytes of .*\.$/s.exec(text);
      if (p) return { kind: 'pointer', total: Number(p[1]) };
      const m = /^\[half-cap\] bytes (\d+)-(\d+) of (\d+) of [^\n]*?; (not the whole file|the rest)[^\n]*\n/.exec(text);
      if (m)
        return {
          kind: 'slice',
          start: Number(m[1]),
          end: Number(m[2]),
          total: Number(m[3]),
          done: m[4] === 'the rest',
          payload: text.slice(m[0].length),
        };
      return { kind: 'verbatim' };
    },
  });
}

export const sharedLedger = design('design-half-cap-shared-ledger', true);
export default design('design-half-cap', false);
