/**
 * Design: CAP ONLY (levers: cap). No pointer, no diff. A read hands over at most `cap` bytes; a
 * re-read of the same request continues after the last byte handed over, while the text is
 * unchanged; once the worker was given all of it, a re-read starts again at byte 0 (this design
 * has no "unchanged" answer). Any change to the text starts over too.
 *
 * In the wild: paging readers that return a large file part by part, "read again for more"
 * (agent file tools with a byte budget, MCP servers that chunk big files). A cap with no
 * continuation at all is not a separate design: the worker could never get past the first part
 * (PROGRESS) — see examples/designs/README.md.
 *
 *   npx readshim-conformance run --adapter examples/designs/cap-only.ts
 */
import { createHash } from 'node:crypto';
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

/** The largest end <= start + cap that does not split a UTF-8 sequence (UTF8-WHOLE). */
function cut(buf: Buffer, start: number, cap: number): number {
  let end = Math.min(buf.length, start + cap);
  while (end > start && end < buf.length && (buf[end]! & 0xc0) === 0x80) end--;
  return end;
}

export default defineAdapter({
  name: 'design-cap-only',
  capabilities: {
    levers: ['cap'],
    capParam: true,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: false,
  },
  create(ctx) {
    if (!Number.isInteger(ctx.cap) || ctx.cap < 4)
      throw new RangeError(`cap must be an integer >= 4 bytes, got ${String(ctx.cap)}`);
    const cap = ctx.cap;
    const pages = new Knowledge<{ digest: string; next: number }>(ctx.fs); // request → what was handed over (knowledge.ts)
    return {
      async read(args) {
        const text = await ctx.read(args);
        const buf = Buffer.from(text, 'utf8'); // the bytes the worker receives
        const digest = createHash('sha256').update(buf).digest('hex');
        const page = pages.base(args);
        const from = page !== undefined && page.digest === digest && page.next < buf.length ? page.next : 0;
        const to = cut(buf, from, cap);
        pages.given(args, text, { digest, next: to }, to === buf.length);
        if (from === 0 && to === buf.length) return text; // it fits: the tool's text, untouched
        const tail = to === buf.length ? 'end of file' : 'read again for the next part';
        return `[bytes ${from}-${to} of ${buf.length}; ${tail}]\n${buf.subarray(from, to).toString('utf8')}`;
      },
      forget(path) {
        pages.forget(path);
      },
    };
  },
  decode(text): Claim {
    const m = /^\[bytes (\d+)-(\d+) of (\d+); (end of file|read again for the next part)\]\n/.exec(text);
    if (!m) return { kind: 'verbatim' };
    const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return { kind: 'slice', start, end, total, done: end === total, payload: text.slice(m[0].length) };
  },
});
