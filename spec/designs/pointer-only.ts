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
import { posix } from 'node:path';
import { defineAdapter, type Claim, type ReadArgs } from '../../src/core/contract.ts';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One file however it is spelled, plus the other arguments (a window is its own request). */
function requestOf(args: ReadArgs): string {
  const { path, ...rest } = args;
  const sorted = Object.fromEntries(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return `${posix.normalize(path)}\u0000${JSON.stringify(sorted)}`;
}

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
    /** Request → hash of the text last given whole. */
    const given = new Map<string, string>();
    return {
      async read(args) {
        const text = Buffer.from(await ctx.read(args), 'utf8').toString('utf8');
        const key = requestOf(args);
        if (given.get(key) === sha(text))
          return `[pointer-only ${ctx.seal}] unchanged since your last read of ${args.path}: you already hold all ${Buffer.byteLength(text, 'utf8')} bytes of it.`;
        given.set(key, sha(text));
        if (ctx.tool === undefined) return text;
        return `[host ${ctx.seal}] ${lineCount(text)} lines from line ${args.offset ?? 1}; the read tool bounds what it returns\n${text}`;
      },
      forget(path) {
        const p = path === undefined ? undefined : posix.normalize(path);
        for (const k of [...given.keys()]) if (p === undefined || k.startsWith(`${p}\u0000`)) given.delete(k);
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
