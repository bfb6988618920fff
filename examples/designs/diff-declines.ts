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
import { defineAdapter, type Claim, type ReadArgs } from 'readshim-conformance';

/** Edits a diff may have before the shim declines it. 0: every diff is declined. */
const EDIT_BUDGET = 0;

function keyOf(args: ReadArgs): [path: string, key: string] {
  const path = posix.normalize(args.path);
  const rest = Object.keys(args)
    .filter((k) => k !== 'path' && args[k] !== undefined)
    .sort();
  return [path, `${path}\n${JSON.stringify(rest.map((k) => [k, args[k]]))}`];
}

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
    const held = new Map<string, { path: string; text: string; digest: string }>(); // the text handed over last, whole
    return {
      async read(args) {
        const text = await ctx.read(args);
        const [path, key] = keyOf(args);
        const digest = createHash('sha256').update(text).digest('hex');
        const prev = held.get(key);
        held.set(key, { path, text, digest });
        if (prev === undefined) return text;
        const bytes = Buffer.byteLength(text);
        if (prev.digest === digest) return `File unchanged since last read (${bytes} bytes).`;
        // The diff mode: a patch within the edit budget would be sent instead (never, at 0).
        const patch = structuredPatch(path, path, prev.text, text, undefined, undefined, {
          maxEditLength: EDIT_BUDGET,
        });
        if (patch !== undefined) throw new Error('unreachable with an edit budget of 0');
        return `--- changed since your last read: the whole new text follows (${bytes} bytes) ---\n${text}`;
      },
      forget(path) {
        const p = path === undefined ? undefined : posix.normalize(path);
        for (const [k, v] of held) if (p === undefined || v.path === p) held.delete(k);
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
