/**
 * Design: CAP + POINTER, written from the README and SPEC.md alone (levers: cap, pointer), with
 * the notice AFTER the bytes (a footer), counters, the per-response callback and a seal.
 * A read hands over at most `cap` bytes and continues on re-read; a re-read of text the worker
 * holds whole answers a one-line stub; a change starts over at byte 0.
 *
 * In the wild: byte-budgeted read tools that append "[truncated: showing bytes 0-N of M …]" at the
 * end of the output rather than before it, and report what they saved to the host.
 *
 *   npx readshim-conformance run --adapter examples/designs/cap-pointer.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

function cut(buf: Buffer, start: number, cap: number): number {
  let end = Math.min(buf.length, start + cap);
  while (end > start && end < buf.length && (buf[end]! & 0xc0) === 0x80) end--; // UTF8-WHOLE
  return end;
}

export default defineAdapter({
  name: 'design-cap-pointer',
  capabilities: {
    levers: ['cap', 'pointer'],
    capParam: true,
    windows: true,
    staleServe: false,
    forget: true,
    counters: true,
    countCallback: true,
    seal: true,
  },
  create(ctx) {
    if (!Number.isInteger(ctx.cap) || ctx.cap < 4)
      throw new RangeError(`cap must be an integer >= 4 bytes, got ${String(ctx.cap)}`);
    const { cap, seal } = ctx;
    const handed = new Knowledge<{ digest: string; upTo: number }>(ctx.fs); // request → what was handed over (knowledge.ts)
    const counts = { pointered: 0, capped: 0, bytesWithheld: 0 };
    const count = (kind: 'pointered' | 'capped', withheld: number): void => {
      counts[kind]++;
      counts.bytesWithheld += withheld;
      ctx.onCount(withheld);
    };
    return {
      async read(args) {
        const text = await ctx.read(args);
        const path = posix.normalize(args.path);
        const buf = Buffer.from(text, 'utf8');
        const digest = createHash('sha256').update(buf).digest('hex');
        const prev = handed.base(args);
        const same = prev !== undefined && prev.digest === digest;
        if (same && prev.upTo >= buf.length) {
          // the worker holds all of it (POINTER-FULL)
          count('pointered', buf.length);
          return `(${seal}) ${path}: unchanged since you read it; you already have all ${buf.length} bytes.`;
        }
        const from = same ? prev.upTo : 0;
        const to = cut(buf, from, cap);
        handed.given(args, text, { digest, upTo: to }, to === buf.length);
        if (prev === undefined && to === buf.length) return text; // FIRST-VERBATIM
        if (to < buf.length) count('capped', buf.length - to);
        const footer =
          to < buf.length
            ? `bytes ${from}-${to} of ${buf.length} shown; not the whole file, read it again for the rest`
            : `bytes ${from}-${to} of ${buf.length} shown; that was the rest, you now have the whole file`;
        return `${buf.subarray(from, to).toString('utf8')}\n(${seal}) ${path}: ${footer}.`;
      },
      forget(path) {
        handed.forget(path);
      },
      counters: () => ({ ...counts }),
    };
  },
  decode(text, { seal }): Claim {
    const esc = seal.replace(/[^0-9A-Za-z]/g, (c) => `\\${c}`);
    const stub = new RegExp(
      `^\\(${esc}\\) [^\\n]*: unchanged since you read it; you already have all (\\d+) bytes\\.$`,
    ).exec(text);
    if (stub) return { kind: 'pointer', total: Number(stub[1]) };
    const foot = new RegExp(`\\n\\(${esc}\\) [^\\n]*: bytes (\\d+)-(\\d+) of (\\d+) shown; [^\\n]*\\.$`).exec(text);
    if (!foot) return { kind: 'verbatim' };
    const [start, end, total] = [Number(foot[1]), Number(foot[2]), Number(foot[3])];
    return { kind: 'slice', start, end, total, done: end === total, payload: text.slice(0, foot.index), at: 0 };
  },
});
