/**
 * Design: ZERO-CONTEXT DIFFS (levers: pointer, diff). A changed re-read of text the worker holds
 * whole answers a unified diff with no context lines, hunk headers exactly as GNU `diff -U0`
 * writes them: a count of 1 is left out (`@@ -7 +7 @@`) and an empty side names the line before
 * it (`@@ -3,0 +4,2 @@` inserts after line 3). Sent only when the whole response is no larger
 * than the new text; otherwise the new text is sent whole. Unchanged re-reads get a pointer.
 *
 * In the wild: shims that pipe `diff -U0` (or `git diff --unified=0`) into the transcript to save
 * the context lines; `patch` applies these hunks as they are, `git apply` with --unidiff-zero.
 *
 *   npx readshim-conformance run --adapter examples/designs/zero-context-diff.ts
 */
import { posix } from 'node:path';
import { structuredPatch } from 'diff';
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

/** `diff -U0` of old → new, or undefined past the edit bound (jsdiff's maxEditLength: no clock). */
function diffU0(path: string, before: string, after: string): string | undefined {
  const p = structuredPatch(path, path, before, after, undefined, undefined, { context: 0, maxEditLength: 200 });
  if (p === undefined) return undefined;
  const range = (start: number, count: number): string =>
    count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
  const hunks = p.hunks.map((h) =>
    [`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`, ...h.lines].join('\n'),
  );
  return `--- ${path}\n+++ ${path}\n${hunks.join('\n')}\n`;
}

const DIFF_HEAD = /^\[diff -U0 against the version you last read; the file is now (\d+) bytes\]\n/;

export default defineAdapter({
  name: 'design-zero-context-diff',
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
    const held = new Knowledge<string>(ctx.fs); // the text the worker holds whole, per request (knowledge.ts)
    return {
      async read(args) {
        const text = await ctx.read(args);
        const path = posix.normalize(args.path);
        const prev = held.base(args);
        const bytes = Buffer.byteLength(text);
        if (prev !== undefined && Buffer.from(prev).equals(Buffer.from(text)))
          return `[unchanged since your last read: ${bytes} bytes]`;
        held.given(args, text, text); // a pointer adds nothing; the text or a diff to it is delivered
        if (prev === undefined) return text;
        const patch = diffU0(path, prev, text);
        const response =
          patch === undefined
            ? undefined
            : `[diff -U0 against the version you last read; the file is now ${bytes} bytes]\n${patch}`;
        return response !== undefined && Buffer.byteLength(response) <= bytes ? response : text; // CAP-BOUND: never more than the re-delivery
      },
      forget(path) {
        held.forget(path);
      },
    };
  },
  decode(text): Claim {
    const stub = /^\[unchanged since your last read: (\d+) bytes\]$/.exec(text);
    if (stub) return { kind: 'pointer', total: Number(stub[1]) };
    const d = DIFF_HEAD.exec(text);
    return d ? { kind: 'diff', patch: text.slice(d[0].length), total: Number(d[1]) } : { kind: 'verbatim' };
  },
});
