/**
 * Design: A DIFF LEVER THAT ALWAYS DECLINES (levers: pointer, diff). The shim has a diff mode —
 * on a changed re-read it asks jsdiff for an edit script — but its edit budget is 0 edits, so
 * every diff is declined and the new text is sent whole under a one-line header. Re-reads of
 * unchanged text get a pointer.
 *
 * In the wild: a diff option that ships disabled or behind a budget no real edit fits. Declining
 * is always legal: the kit reports the diff rules "n/a: lever declared but never used
 * (N opportunities)" — neither pass nor unexercised (docs/guide/adapter.md "Levers or arms").
 *
 *   npx readshim-conformance run --adapter examples/designs/diff-declines.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { structuredPatch } from 'diff';
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

/** Edits a diff may have before the shim declines it. 0: every diff is declined. */
const EDIT_BUDGET = 0;

const HEADER = /^--- changed since your last read: the whole new text follows \((\d+) bytes\) ---\n/;

export default defineAdapter({
  name: 'design-diff-declines',
  capabilities: {
    levers: ['pointer', 'diff'],
    capParam: false,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: false,
  },
  create(ctx) {
    const held = new Knowledge<{ text: string; digest: string }>(ctx.fs); // the text handed over last, whole (knowledge.ts)
    return {
      async read(args) {
        const text = await ctx.read(args);
        const path = posix.normalize(args.path);
        const digest = createHash('sha256').update(text).digest('hex');
        const prev = held.base(args);
        const bytes = Buffer.byteLength(text);
        if (prev?.digest === digest) return `File unchanged since last read (${bytes} bytes).`;
        held.given(args, text, { text, digest }); // a pointer adds nothing: only text handed over is recorded
        if (prev === undefined) return text;
        // The diff mode: a patch within the edit budget would be sent instead (never, at 0).
        const patch = structuredPatch(path, path, prev.text, text, undefined, undefined, {
          maxEditLength: EDIT_BUDGET,
        });
        if (patch !== undefined) throw new Error('unreachable with an edit budget of 0');
        return `--- changed since your last read: the whole new text follows (${bytes} bytes) ---\n${text}`;
      },
      forget(path) {
        held.forget(path);
      },
    };
  },
  decode(text): Claim {
    const stub = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
    if (stub) return { kind: 'pointer', total: Number(stub[1]) };
    const h = HEADER.exec(text);
    if (!h) return { kind: 'verbatim' };
    const total = Number(h[1]);
    return { kind: 'slice', start: 0, end: total, total, done: true, payload: text.slice(h[0].length) };
  },
});
