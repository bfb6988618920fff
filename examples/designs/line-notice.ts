/**
 * Design: LINE-NOTICE (levers: pointer, diff). A changed re-read of text the worker holds whole
 * (same request, same worker) is answered with the one changed region in the shim's own words, not
 * a unified diff:
 *
 *   one row replaced by one row:  "a.ts changed since you read it; it is now N bytes. line K is now:\n<row>"
 *   any other replacement:        "… lines K-L (of the C lines you hold) are replaced by:\n<rows>"
 *   a pure insertion:             "… after line K (of the C lines you hold), insert:\n<rows>"
 *
 * The replacement is the new rows byte for byte (CRLF and a missing final newline kept), so the
 * notice is lossless: applied to what the worker holds it gives the new text exactly. Its decoder
 * says so with a `delta` claim (SPEC.md "Change notices"): the rows replaced, the replacement text
 * and each number, every one where the text states it. Sent only when no larger than the new text.
 *
 * Named export `offByOne`, its lying twin: it names the row after the one that changed
 * (DIFF-COMPLETE: applied to what the worker holds, it does not give the current text).
 *
 *   npx readshim-conformance run --adapter examples/designs/line-notice.ts
 */
import { posix } from 'node:path';
import { defineAdapter, type Claim, type ShimAdapter } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

const rowsOf = (text: string): string[] => text.split(/(?<=\n)/).filter((r) => r !== '');

/** The one region where two texts differ: `count` rows from row `from` (0-based) of `before` become `rows`. */
export function region(before: string, after: string): { from: number; count: number; rows: string[]; held: number } {
  const a = rowsOf(before);
  const b = rowsOf(after);
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return { from: p, count: a.length - p - s, rows: b.slice(p, b.length - s), held: a.length };
}

/** The notice for a change from `before` to `after`; `shift` names a row `shift` rows off (the lying twin). */
export function notice(path: string, before: string, after: string, shift = 0): string {
  const r = region(before, after);
  const head = `${path} changed since you read it; it is now ${Buffer.byteLength(after)} bytes. `;
  const k = r.from + 1 + shift;
  if (r.count === 1 && r.rows.length === 1) return `${head}line ${k} is now:\n${r.rows[0]}`;
  if (r.count === 0) return `${head}after line ${k - 1} (of the ${r.held} lines you hold), insert:\n${r.rows.join('')}`;
  return `${head}lines ${k}-${k + r.count - 1} (of the ${r.held} lines you hold) are replaced by:\n${r.rows.join('')}`;
}

const HEAD = /^[^\n]* changed since you read it; it is now (?<total>\d+) bytes\. /d;
const ONE = /^line (?<first>\d+) is now:\n/d;
const SOME = /^lines (?<first>\d+)-(?<last>\d+) \(of the (?<base>\d+) lines you hold\) are replaced by:\n/d;
const AFTER = /^after line (?<after>\d+) \(of the (?<base>\d+) lines you hold\), insert:\n/d;

/** A number the text states: its value and where its digits start. */
function stated(m: RegExpExecArray, group: string, offset: number): { value: number; at: number } {
  return { value: Number(m.groups![group]), at: offset + m.indices!.groups![group]![0] };
}

/** The delta claim of a notice: every number and the replacement text taken where the text has them. */
export function decodeNotice(text: string): Claim | undefined {
  const h = HEAD.exec(text);
  if (h === null) return undefined;
  const rest = text.slice(h[0].length);
  const at = h[0].length;
  const total = stated(h, 'total', 0);
  const one = ONE.exec(rest);
  const some = one === null ? SOME.exec(rest) : null;
  const after = one === null && some === null ? AFTER.exec(rest) : null;
  const m = one ?? some ?? after;
  if (m === null) return undefined;
  const body = { body: rest.slice(m[0].length), at: at + m[0].length };
  const replaces =
    after !== null
      ? { after: stated(after, 'after', at) }
      : { first: stated(m, 'first', at), last: stated(m, some !== null ? 'last' : 'first', at) };
  return {
    kind: 'delta',
    replaces,
    text: body,
    total,
    ...(one === null ? { base: stated(m, 'base', at) } : {}),
  };
}

function design(name: string, shift: number): ShimAdapter {
  return defineAdapter({
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
      const held = new Knowledge<string>(ctx.fs); // request → the text the worker holds (knowledge.ts)
      return {
        async read(args) {
          const text = await ctx.read(args);
          const path = posix.normalize(args.path);
          const prev = held.base(args);
          const bytes = Buffer.byteLength(text);
          if (prev === text) return `${path} is unchanged since you read it: you hold all ${bytes} bytes.`;
          held.given(args, text, text); // a pointer adds nothing; the text or the notice gives it
          if (prev === undefined) return text;
          const n = notice(path, prev, text, shift);
          return Buffer.byteLength(n) <= bytes ? n : text;
        },
        forget(path) {
          held.forget(path);
        },
      };
    },
    decode(text): Claim {
      const same = /^[^\n]* is unchanged since you read it: you hold all (\d+) bytes\.$/.exec(text);
      if (same) return { kind: 'pointer', total: Number(same[1]) };
      return decodeNotice(text) ?? { kind: 'verbatim' };
    },
  });
}

export const offByOne = design('design-line-notice-off-by-one', 1);
export default design('design-line-notice', 0);
