/**
 * A cap-only read shim (spec/SPEC.md "Levers"): no pointer, no diff. A read hands over at most
 * `cap` bytes; a re-read of the same unchanged text continues where the last slice ended, and
 * once all of it was given the next re-read starts again from byte 0 (without the pointer lever a
 * whole re-read is re-delivered). Slices end at the last line end within the cap, or on a UTF-8
 * boundary when the cap holds no line end (SPEC.md "PROGRESS"). The notice follows the payload.
 *
 * The ledger is keyed on the path as the worker spelled it: a read of `./a.txt` after `a.txt`
 * starts again from byte 0 — bytes, never a lie (SPEC.md "Efficiency is not truth"); `forget`
 * resolves spellings, because forgetting too little would be a lie (FORGET-RESETS).
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type Claim, type ReadArgs } from '../../src/core/contract.ts';

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The path as spelled, plus the other arguments. */
function requestOf(args: ReadArgs): { key: string; path: string } {
  const { path, ...rest } = args;
  const sorted = Object.fromEntries(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { key: `${path}\u0000${JSON.stringify(sorted)}`, path };
}

/** Where a slice from `from` ends: the rest whole if it fits, else the last line end within the cap, else a UTF-8 boundary. */
function sliceEnd(b: Buffer, from: number, cap: number): number {
  if (b.length - from <= cap) return b.length;
  const nl = b.lastIndexOf(0x0a, from + cap - 1);
  if (nl >= from) return nl + 1;
  let end = from + cap;
  while (end > from && (b[end]! & 0xc0) === 0x80) end--;
  return end;
}

export default defineAdapter({
  name: 'cap-only',
  capabilities: {
    levers: ['cap'],
    capParam: true,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: true,
  },
  create(ctx) {
    const cap = ctx.cap;
    if (typeof cap !== 'number' || !Number.isSafeInteger(cap) || cap < 4)
      throw new RangeError(`cap must be an integer >= 4, got ${String(cap)}`);
    /** Request as spelled → the text's hash and how many of its bytes were given. */
    const ledger = new Map<string, { hash: string; given: number; path: string }>();
    return {
      async read(args) {
        const b = Buffer.from(await ctx.read(args), 'utf8');
        const { key, path } = requestOf(args);
        const hash = sha(b);
        const had = ledger.get(key);
        const from = had !== undefined && had.hash === hash && had.given < b.length ? had.given : 0;
        const end = sliceEnd(b, from, cap);
        ledger.set(key, { hash, given: end, path });
        const payload = b.subarray(from, end).toString('utf8');
        if (from === 0 && end === b.length) return payload;
        const rest =
          end < b.length
            ? `not the whole file: read it again for the bytes from ${end}`
            : 'the rest of the file: you now hold all of it';
        return `${payload}\n[cap-only ${ctx.seal}] bytes ${from}-${end} of ${b.length}; ${rest}`;
      },
      forget(path) {
        const p = path === undefined ? undefined : posix.normalize(path);
        for (const [k, v] of [...ledger]) if (p === undefined || posix.normalize(v.path) === p) ledger.delete(k);
      },
    };
  },
  decode(text, { seal }): Claim {
    const m = new RegExp(`\\n\\[cap-only ${escape(seal)}\\] bytes (\\d+)-(\\d+) of (\\d+); [^\\n]*$`).exec(text);
    if (m === null) return { kind: 'verbatim' };
    const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return { kind: 'slice', start, end, total, done: end === total, payload: text.slice(0, m.index) };
  },
});
