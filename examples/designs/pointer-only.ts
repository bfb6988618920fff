/**
 * Design: POINTER-ONLY (levers: pointer). No cap, no diff: a re-read of a request whose text the
 * worker was given whole, unchanged since, answers "File unchanged since last read (N bytes)".
 * Anything else is the tool's text, untouched.
 *
 * In the wild: the most common read dedup — agent harnesses, editor hooks and MCP servers that
 * remember what they returned and stub out the repeat. Keyed here on the text delivered (a hash),
 * per worker and per request (path resolved + the other arguments), with a reset hook for
 * compaction: the keying the delivery rule asks for (docs/guide/adapter.md).
 *
 *   npx readshim-conformance run --adapter examples/designs/pointer-only.ts
 */
import { createHash } from 'node:crypto';
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

export default defineAdapter({
  name: 'design-pointer-only',
  capabilities: {
    levers: ['pointer'],
    capParam: false,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: false,
  },
  create(ctx) {
    const given = new Knowledge<string>(ctx.fs); // request → digest of the text last handed over whole (knowledge.ts)
    return {
      async read(args) {
        const text = await ctx.read(args); // a tool error rejects here and records nothing (PASSTHROUGH)
        const d = digest(text); // UTF-8 of the text: what the worker received
        if (given.base(args) === d) return `File unchanged since last read (${Buffer.byteLength(text)} bytes).`;
        given.given(args, text, d);
        return text;
      },
      forget(path) {
        given.forget(path);
      },
    };
  },
  decode(text): Claim {
    const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
    return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
  },
});
