/**
 * Design: OWN-WORDS NOTICES AND REFUSALS (levers: cap, pointer; a stale serve). Every notice is in
 * this shim's own plain wording — nothing like the reference's — and a read of a file that is
 * missing or unreadable is answered with a sentence, not an error ("Cannot read notes.md: no such
 * file."). A stale symbol range is served fresh from disk with its own label.
 *
 * In the wild: most shims word their notices their own way, and many tools report a missing file
 * as a result the model reads rather than a thrown error. What the kit requires is only that the
 * decoder says what each text claims, and that a refusal is true now (REFUSAL-TRUE: never a
 * cached "not found").
 *
 *   npx readshim-conformance run --adapter examples/designs/own-words.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

function cut(buf: Buffer, start: number, cap: number): number {
  let end = Math.min(buf.length, start + cap);
  while (end > start && end < buf.length && (buf[end]! & 0xc0) === 0x80) end--;
  return end;
}

/** Lines with their endings; only "\n" ends a line (SPEC "Stale-serve line semantics"). */
const linesOf = (text: string): string[] => text.split(/(?<=\n)/).filter((l) => l !== '');

const REFUSALS = { ENOENT: 'no such file', EACCES: 'permission denied', EIO: 'the disk could not be read' } as const;
type Refused = keyof typeof REFUSALS;
const refusedCode = (e: unknown): Refused | undefined => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code in REFUSALS ? (code as Refused) : undefined;
};

export default defineAdapter({
  name: 'design-own-words',
  capabilities: {
    levers: ['cap', 'pointer'],
    capParam: true,
    windows: true,
    staleServe: true,
    forget: true,
    counters: false,
    seal: false,
  },
  create(ctx) {
    if (!Number.isInteger(ctx.cap) || ctx.cap < 4)
      throw new RangeError(`cap must be an integer >= 4 bytes, got ${String(ctx.cap)}`);
    const cap = ctx.cap;
    const seen = new Knowledge<{ digest: string; shown: number }>(ctx.fs); // request → what was shown (knowledge.ts)
    return {
      async read(args) {
        let text: string;
        try {
          text = await ctx.read(args);
        } catch (e) {
          const code = refusedCode(e); // asked now, answered now: nothing cached (REFUSAL-TRUE)
          if (code === undefined) throw e; // anything else (a bad window) reaches the worker as it is
          return `Cannot read ${args.path}: ${REFUSALS[code]}.`;
        }
        const path = posix.normalize(args.path);
        const buf = Buffer.from(text, 'utf8');
        const digest = createHash('sha256').update(buf).digest('hex');
        const prev = seen.base(args);
        const same = prev !== undefined && prev.digest === digest;
        if (same && prev.shown >= buf.length)
          return `Nothing new in ${path}: you have already seen all ${buf.length} bytes of it.`;
        const from = same ? prev.shown : 0;
        const to = cut(buf, from, cap);
        seen.given(args, text, { digest, shown: to }, to === buf.length);
        if (prev === undefined && to === buf.length) return text;
        const says =
          to < buf.length
            ? `Ask for ${path} again to see what comes next.`
            : `That is the end of ${path}; you have now seen all of it.`;
        return `Showing bytes ${from} to ${to} of ${buf.length} from ${path}. ${says}\n${buf.subarray(from, to).toString('utf8')}`;
      },
      async stale({ path, startLine, endLine }) {
        if (startLine > endLine)
          return `Symbol range ${startLine}-${endLine} of ${path} is not a range (it ends before it starts).`;
        let text: string;
        try {
          text = ctx.fs.read(posix.normalize(path)); // fresh from disk; the ledger is not touched (STALE-NO-RECORD)
        } catch {
          return `Symbol range ${startLine}-${endLine}: ${path} no longer exists.`;
        }
        const lines = linesOf(text);
        if (startLine >= lines.length)
          return `Symbol range ${startLine}-${endLine}: ${path} has only ${lines.length} lines now.`;
        const last = Math.min(endLine, lines.length - 1);
        const buf = Buffer.from(lines.slice(startLine, last + 1).join(''), 'utf8');
        const end = cut(buf, 0, cap);
        const clipped = end < buf.length ? `, clipped to ${end} bytes` : '';
        return `Out-of-date symbol pointer into ${path}, which changed since it was indexed: here are its lines ${startLine}-${last} (counting from 0) of ${lines.length} as they are now${clipped}. They may no longer hold the symbol you asked for, and they do not count as a read of the file; search the index again for a fresh pointer.\n${buf.subarray(0, end).toString('utf8')}`;
      },
      forget(path) {
        seen.forget(path);
      },
    };
  },
  decode(text, { op }): Claim {
    if (op === 'stale') {
      if (/^Symbol range \d+-\d+ of [^\n]* is not a range \(it ends before it starts\)\.$/.test(text))
        return { kind: 'refusal', reason: 'stale-bad-range' };
      if (/^Symbol range \d+-\d+: [^\n]* no longer exists\.$/.test(text))
        return { kind: 'refusal', reason: 'stale-absent' };
      if (/^Symbol range \d+-\d+: [^\n]* has only \d+ lines now\.$/.test(text))
        return { kind: 'refusal', reason: 'stale-past-eof' };
      const s =
        /^Out-of-date symbol pointer into [^\n]*: here are its lines (\d+)-(\d+) \(counting from 0\) of (\d+) as they are now(, clipped to \d+ bytes)?\. [^\n]*\n/.exec(
          text,
        );
      if (!s) throw new Error(`not a stale serve of this shim: ${JSON.stringify(text.slice(0, 60))}`);
      return {
        kind: 'stale',
        startLine: Number(s[1]),
        endLine: Number(s[2]),
        lines: Number(s[3]),
        truncated: s[4] !== undefined,
        payload: text.slice(s[0].length),
      };
    }
    const refused = /^Cannot read [^\n]*: (no such file|permission denied|the disk could not be read)\.$/.exec(text);
    if (refused) return { kind: 'refusal', reason: refused[1] === 'no such file' ? 'absent' : 'unreadable' };
    if (/^Nothing new in [^\n]*: you have already seen all \d+ bytes of it\.$/.test(text))
      return { kind: 'pointer', total: Number(/all (\d+) bytes of it\.$/.exec(text)![1]) };
    const m = /^Showing bytes (\d+) to (\d+) of (\d+) from [^\n]*\. [^\n]*\n/.exec(text);
    if (!m) return { kind: 'verbatim' };
    const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return { kind: 'slice', start, end, total, done: end === total, payload: text.slice(m[0].length) };
  },
});
