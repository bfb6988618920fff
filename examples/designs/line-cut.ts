/**
 * Design: LINE-CUT CONTINUATIONS (levers: cap, pointer; sealed). Like any capped shim, but a part
 * ends at the last line end within the cap, so the worker never sees half a line — unless no
 * line ends within the cap (one long line), then it is cut at the cap on a UTF-8 boundary. A
 * re-read continues after the last byte handed over; a re-read of text held whole is a pointer.
 *
 * In the wild: read tools that page by whole lines under a byte budget ("lines 1-212 of 940 shown,
 * read again for more"), because a model edits by lines. PROGRESS allows this: a part must reach
 * the last line end within the cap, not the cap itself (README.md "The rules").
 *
 *   npx readshim-conformance run --adapter examples/designs/line-cut.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

/** Where a part from `start` ends: the whole rest if it fits, else after the last "\n" within the cap, else the cap walked back to a UTF-8 boundary. */
function partEnd(buf: Buffer, start: number, cap: number): number {
  if (buf.length - start <= cap) return buf.length;
  const nl = buf.lastIndexOf(0x0a, start + cap - 1); // a "\n" at index i ends a line at i + 1
  if (nl >= start) return nl + 1;
  let end = start + cap;
  while (end > start && (buf[end]! & 0xc0) === 0x80) end--;
  return end;
}

export default defineAdapter({
  name: 'design-line-cut',
  capabilities: {
    levers: ['cap', 'pointer'],
    capParam: true,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: true,
  },
  create(ctx) {
    if (!Number.isInteger(ctx.cap) || ctx.cap < 4)
      throw new RangeError(`cap must be an integer >= 4 bytes, got ${String(ctx.cap)}`);
    const { cap, seal } = ctx;
    const given = new Knowledge<{ digest: string; upTo: number }>(ctx.fs); // request → what was handed over (knowledge.ts)
    return {
      async read(args) {
        const text = await ctx.read(args);
        const path = posix.normalize(args.path);
        const buf = Buffer.from(text, 'utf8');
        const digest = createHash('sha256').update(buf).digest('hex');
        const prev = given.base(args);
        const same = prev !== undefined && prev.digest === digest;
        if (same && prev.upTo >= buf.length)
          return `<${seal}> unchanged: you hold all ${buf.length} bytes of ${path} already`;
        const from = same ? prev.upTo : 0;
        const to = partEnd(buf, from, cap);
        given.given(args, text, { digest, upTo: to }, to === buf.length);
        if (prev === undefined && to === buf.length) return text;
        const more = to < buf.length ? `more follows, read ${path} again` : 'this is the end, you hold the whole file';
        return `<${seal}> bytes ${from}-${to} of ${buf.length} (whole lines where possible); ${more}\n${buf.subarray(from, to).toString('utf8')}`;
      },
      forget(path) {
        given.forget(path);
      },
    };
  },
  decode(text, { seal }): Claim {
    const tag = `<${seal}> `;
    if (!text.startsWith(tag)) return { kind: 'verbatim' };
    const stub = /^unchanged: you hold all (\d+) bytes of [^\n]* already$/.exec(text.slice(tag.length));
    if (stub) return { kind: 'pointer', total: Number(stub[1]) };
    const m = /^bytes (\d+)-(\d+) of (\d+) \(whole lines where possible\); [^\n]*\n/.exec(text.slice(tag.length));
    if (!m) return { kind: 'verbatim' };
    const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return { kind: 'slice', start, end, total, done: end === total, payload: text.slice(tag.length + m[0].length) };
  },
});
