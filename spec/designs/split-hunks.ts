/**
 * A pointer + diff shim whose diffs are split-line hunks (spec/SPEC.md "Diff dialects"): bare `@@`
 * hunks, no file headers, rows are the elements of `text.split('\n')` (the claim says
 * `lines: 'split'`). One hunk with up to three rows of context around the changed rows; sent only
 * when the response is no larger than the text it replaces (CAP-BOUND), else the text whole. A
 * re-read of the text last given whole is a sealed pointer.
 */
import { defineAdapter, type Claim } from '../../src/core/contract.ts';
import { Held } from './held.ts';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One hunk over split rows: the common head and tail are left out but for three rows of context each. */
function hunk(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const from = Math.max(0, head - 3);
  const ctxAfter = a.slice(a.length - tail, a.length - tail + Math.min(tail, 3));
  const rows = [
    ...a.slice(from, head).map((r) => ` ${r}`),
    ...a.slice(head, a.length - tail).map((r) => `-${r}`),
    ...b.slice(head, b.length - tail).map((r) => `+${r}`),
    ...ctxAfter.map((r) => ` ${r}`),
  ];
  const olds = rows.filter((r) => r[0] !== '+').length;
  const news = rows.filter((r) => r[0] !== '-').length;
  const start = (n: number): number => (n === 0 ? from : from + 1); // an empty side names the row before it
  return [`@@ -${start(olds)},${olds} +${start(news)},${news} @@`, ...rows].join('\n') + '\n';
}

export default defineAdapter({
  name: 'split-hunks',
  capabilities: {
    levers: ['pointer', 'diff'],
    capParam: false,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: true,
  },
  create(ctx) {
    const given = new Held<string>(ctx.fs, ctx.tool !== undefined); // request → the text last given whole (spec 2.2 "Knowledge": held.ts)
    return {
      async read(args) {
        const text = Buffer.from(await ctx.read(args), 'utf8').toString('utf8');
        const prev = given.base(args);
        const bytes = Buffer.byteLength(text, 'utf8');
        // A pointer adds nothing to what the worker holds: only text handed over (whole or as a diff) is recorded.
        if (prev === text)
          return `[split-hunks ${ctx.seal}] unchanged since your last read: you already hold all ${bytes} bytes.`;
        given.given(args, text, text);
        if (prev === undefined) return text;
        const response = `[split-hunks ${ctx.seal}] changed; split-line hunks against your last read, now ${bytes} bytes\n${hunk(prev, text)}`;
        return Buffer.byteLength(response, 'utf8') <= bytes ? response : text;
      },
      forget(path) {
        given.forget(path);
      },
    };
  },
  decode(text, { seal }): Claim {
    const s = escape(seal);
    const pointer = new RegExp(
      `^\\[split-hunks ${s}\\] unchanged since your last read: you already hold all (\\d+) bytes\\.$`,
    ).exec(text);
    if (pointer) return { kind: 'pointer', total: Number(pointer[1]) };
    const diff = new RegExp(
      `^\\[split-hunks ${s}\\] changed; split-line hunks against your last read, now (\\d+) bytes\\n`,
    ).exec(text);
    if (diff)
      return {
        kind: 'diff',
        patch: text.slice(diff[0].length),
        total: Number(diff[1]),
        lines: 'split',
        at: diff[0].length,
      };
    return { kind: 'verbatim' };
  },
});
