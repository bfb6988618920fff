/**
 * A pointer-only read shim, the design most read dedup ships (spec/SPEC.md "Levers"): no cap, no
 * diff. A re-read of a request whose current text this worker was given whole answers a sealed
 * "unchanged" pointer; every other read is the tool's text. It always delivers whole, so the hash
 * of what it delivered is the hash of what the worker holds (keyed on delivery).
 *
 * Behind a host tool that bounds its output (`ctx.tool`), the host's own line about the bound
 * precedes the text: framing, claimed as `{ kind: 'verbatim', payload, at }` (SPEC.md "Host read tools").
 * The text crosses a UTF-8 boundary as it would into another process (SPEC.md "The claim model").
 */
import { createHash } from 'node:crypto';
import { defineAdapter, type Claim } from '../../src/core/contract.ts';
import { Held } from './held.ts';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') || text === '' ? 1 : 0);

export default defineAdapter({
  name: 'pointer-only',
  capabilities: {
    levers: ['pointer'],
    capParam: false,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: true,
  },
  create(ctx) {
    /** Request → hash of the text last given whole (spec 2.2 "Knowledge": per name and file, held.ts). */
    const given = new Held<string>(ctx.fs, ctx.tool !== undefined);
    return {
      async read(args) {
        const text = Buffer.from(await ctx.read(args), 'utf8').toString('utf8');
        // A pointer adds nothing to what the worker holds: only text handed over is recorded.
        if (given.base(args) === sha(text))
          return `[pointer-only ${ctx.seal}] unchanged since your last read of ${args.path}: you already hold all ${Buffer.byteLength(text, 'utf8')} bytes of it.`;
        given.given(args, text, sha(text));
        if (ctx.tool === undefined) return text;
        return `[host ${ctx.seal}] ${lineCount(text)} lines from line ${args.offset ?? 1}; the read tool bounds what it returns\n${text}`;
      },
      forget(path) {
        given.forget(path);
      },
    };
  },
  decode(text, { seal }): Claim {
    const s = escape(seal);
    const pointer = new RegExp(
      `^\\[pointer-only ${s}\\] unchanged since your last read of .*: you already hold all (\\d+) bytes of it\\.$`,
    ).exec(text);
    if (pointer) return { kind: 'pointer', total: Number(pointer[1]) };
    const host = new RegExp(`^\\[host ${s}\\] [^\\n]*\\n`).exec(text);
    if (host) return { kind: 'verbatim', payload: text.slice(host[0].length), at: host[0].length };
    return { kind: 'verbatim' };
  },
});
