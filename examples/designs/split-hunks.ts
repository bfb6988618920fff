/**
 * Design: SPLIT-LINE HUNKS (levers: pointer, diff). A changed re-read of text the worker holds
 * whole answers bare `@@` hunks — no `---`/`+++` file headers — whose rows are the elements of
 * `text.split('\n')`: the element after the last '\n' is a row too, so a trailing newline added or
 * removed shows as an empty row, and there is no `\ No newline at end of file` marker. The claim
 * says so with `lines: 'split'` (spec/SPEC.md "Diff dialects"). One hunk, three rows of context.
 * Sent only when the whole response is no larger than the new text; unchanged re-reads get a pointer.
 *
 * In the wild: shims whose reader is a model, not `patch`, diffing the rows they split the text into.
 *
 *   npx readshim-conformance run --adapter examples/designs/split-hunks.ts
 */
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

const CONTEXT = 3;

/** A text's rows: the elements of `text.split('\n')`, the one after the last '\n' included. */
export const splitRows = (text: string): string[] => text.split('\n');

/** One hunk over `rows` of each text: the common head and tail stay out, up to CONTEXT rows of each kept. */
export function splitHunk(before: string, after: string, rows = splitRows): string {
  const a = rows(before);
  const b = rows(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const from = Math.max(0, head - CONTEXT);
  const keepTail = Math.min(tail, CONTEXT);
  const before1 = a.slice(from, head).map((r) => ` ${r}`);
  const removed = a.slice(head, a.length - tail).map((r) => `-${r}`);
  const added = b.slice(head, b.length - tail).map((r) => `+${r}`);
  const after1 = a.slice(a.length - tail, a.length - tail + keepTail).map((r) => ` ${r}`);
  const oldCount = before1.length + removed.length + after1.length;
  const newCount = before1.length + added.length + after1.length;
  // An empty side names the row before it (`-k,0` inserts after row k).
  const side = (count: number): number => (count === 0 ? from : from + 1);
  return (
    [
      `@@ -${side(oldCount)},${oldCount} +${side(newCount)},${newCount} @@`,
      ...before1,
      ...removed,
      ...added,
      ...after1,
    ].join('\n') + '\n'
  );
}

const DIFF_HEAD = /^\[changed since your last read; split-line hunks, the file is now (\d+) bytes\]\n/;

/** The design, over the given rows (the test's twin passes rows that drop the final empty one). */
export const splitHunks = (name: string, rows = splitRows) =>
  defineAdapter({
    name,
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
          const prev = held.base(args);
          const bytes = Buffer.byteLength(text);
          if (prev !== undefined && Buffer.from(prev).equals(Buffer.from(text)))
            return `[unchanged since your last read: ${bytes} bytes]`;
          held.given(args, text, text); // a pointer adds nothing; the text or a diff to it is delivered
          if (prev === undefined) return text;
          const response = `[changed since your last read; split-line hunks, the file is now ${bytes} bytes]\n${splitHunk(prev, text, rows)}`;
          return Buffer.byteLength(response) <= bytes ? response : text; // CAP-BOUND: never more than the re-delivery
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
      return d
        ? { kind: 'diff', patch: text.slice(d[0].length), total: Number(d[1]), lines: 'split' }
        : { kind: 'verbatim' };
    },
  });

export default splitHunks('design-split-hunks');
