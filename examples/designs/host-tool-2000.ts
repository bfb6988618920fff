/**
 * Design: A 2,000-LINE HOST TOOL WITH A STUB AFTER A TRUNCATED READ (levers: pointer; tool bound).
 * The host's read tool returns at most 2,000 lines from the requested start and cuts lines after
 * 2,000 characters, then adds its own note when lines were left out ("(Showing lines 1-2000 of
 * 2500. Use offset=2001 to read more.)"). The dedup layer on top stubs a re-read of the same
 * request whose tool text is unchanged — even when the file is longer than 2,000 lines. That is
 * true: the worker holds everything that request returns (docs/guide/adapter.md "The host's read tool and its bound").
 *
 * In the wild: the read tools of coding agents (2,000 lines, long lines cut) with a
 * "file unchanged since last read" layer keyed on the request and the content it returned.
 *
 *   npx readshim-conformance run --adapter examples/designs/host-tool-2000.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type Claim, type ReadArgs } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

const MAX_LINES = 2000;

const lineCount = (text: string): number => text.split(/(?<=\n)/).filter((l) => l !== '').length;

/** The host tool's own note, when its line bound left lines out; the note is framing, not file text. */
function hostNote(ctx: { fs: { read(path: string): string } }, args: ReadArgs, bounded: string): string | undefined {
  let total: number;
  try {
    total = lineCount(ctx.fs.read(posix.normalize(args.path)));
  } catch {
    return undefined; // gone since the tool read it: nothing to say about the bound
  }
  const first = typeof args.offset === 'number' ? args.offset : 1;
  const shown = lineCount(bounded);
  const asked = typeof args.limit === 'number' ? Math.min(args.limit, total - first + 1) : total - first + 1;
  if (shown === 0 || shown >= asked) return undefined;
  return `(Showing lines ${first}-${first + shown - 1} of ${total}. Use offset=${first + shown} to read more.)`;
}

const NOTE = /\n\n\(Showing lines \d+-\d+ of \d+\. Use offset=\d+ to read more\.\)$/;

export default defineAdapter({
  name: 'design-host-tool-2000',
  capabilities: {
    levers: ['pointer'],
    tool: { maxLines: MAX_LINES, maxLineChars: 2000 },
    capParam: false,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: false,
  },
  create(ctx) {
    const given = new Knowledge<string>(ctx.fs); // request → digest of the tool's text handed over (knowledge.ts)
    return {
      async read(args) {
        const bounded = await ctx.read(args); // the host tool: at most 2,000 lines, long lines cut
        const note = hostNote(ctx, args, bounded);
        const shown = note === undefined ? bounded : `${bounded}\n\n${note}`;
        const digest = createHash('sha256').update(bounded).digest('hex');
        if (given.base(args) === digest)
          return `File unchanged since last read: you already have the ${Buffer.byteLength(bounded)} bytes this read returns.`;
        given.given(args, bounded, digest);
        return shown;
      },
      forget(path) {
        given.forget(path);
      },
    };
  },
  decode(text): Claim {
    const stub = /^File unchanged since last read: you already have the (\d+) bytes this read returns\.$/.exec(text);
    if (stub) return { kind: 'pointer', total: Number(stub[1]) };
    const note = NOTE.exec(text);
    return note ? { kind: 'verbatim', payload: text.slice(0, note.index), at: 0 } : { kind: 'verbatim' };
  },
});
