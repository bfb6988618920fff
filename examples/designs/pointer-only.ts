/**
 * Design: POINTER-ONLY (levers: pointer). No cap, no diff: a re-read of a request whose text the
 * worker was given whole, unchanged since, answers "File unchanged since last read (N bytes)".
 * Anything else is the tool's text, untouched.
 *
 * In the wild: the most common read dedup — agent harnesses, editor hooks and MCP servers that
 * remember what they returned and stub out the repeat. Keyed here on the text delivered (a hash),
 * per worker and per request (path resolved + the other arguments), with a reset hook for
 * compaction: the keying the delivery rule asks for (docs/guide/adapter.md).
 *
 *   npx readshim-conformance run --adapter examples/designs/pointer-only.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type Claim, type ReadArgs } from 'readshim-conformance';

/** One ledger key per request: the resolved path plus the other arguments, keys sorted. */
function keyOf(args: ReadArgs): [path: string, key: string] {
  const path = posix.normalize(args.path);
  const rest = Object.keys(args)
    .filter((k) => k !== 'path' && args[k] !== undefined)
    .sort();
  return [path, `${path}\n${JSON.stringify(rest.map((k) => [k, args[k]]))}`];
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

export default defineAdapter({
  name: 'design-pointer-only',
  capabilities: {
    levers: ['pointer'],
    capParam: false,
    windows: true,
    staleServe: false,
    forget: true,
    counters: false,
    seal: false,
  },
  create(ctx) {
    const given = new Map<string, { path: string; digest: string }>(); // key → the text last handed over whole
    return {
      async read(args) {
        const text = await ctx.read(args); // a tool error rejects here and records nothing (PASSTHROUGH)
        const [path, key] = keyOf(args);
        const d = digest(text); // UTF-8 of the text: what the worker received
        if (given.get(key)?.digest === d) return `File unchanged since last read (${Buffer.byteLength(text)} bytes).`;
        given.set(key, { path, digest: d });
        return text;
      },
      forget(path) {
        const p = path === undefined ? undefined : posix.normalize(path);
        for (const [k, v] of given) if (p === undefined || v.path === p) given.delete(k);
      },
    };
  },
  decode(text): Claim {
    const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
    return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
  },
});
