/**
 * Design: BATCH-LEDGER (levers: pointer; capabilities.batch). The pointer-only design behind a
 * host that also has a batch read tool (`read_many_files`-style: several paths, one call; spec/SPEC.md
 * "Batch reads"). Its ledger is kept per file, and every file of a call is judged on its own: a
 * file the worker holds unchanged is "unchanged", any other is sent whole.
 *
 * Its twins:
 * - `combined` answers a call with one combined text in the kit's `--- path ---` format
 *   (src/core/batch.ts `joinBatch`) instead of one part per path: true as well.
 * - `anySeen` (a lie) decides for the whole call: when any file of the call is held unchanged,
 *   every file of it is answered "unchanged" — a file new to the worker included (POINTER-FULL).
 * - `firstPath` (a lie) keys the call on its first path: when that file is unchanged, so is the call.
 *
 *   npx readshim-conformance run --adapter examples/designs/batch-ledger.ts
 */
import { createHash } from 'node:crypto';
import {
  defineAdapter,
  joinBatch,
  type AdapterContext,
  type BatchPart,
  type Claim,
  type ShimAdapter,
} from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

type Variant = 'truthful' | 'combined' | 'any-seen' | 'first-path';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');
const stub = (text: string): string => `File unchanged since last read (${Buffer.byteLength(text)} bytes).`;

/** The tool's text of a whole file, or its failure as a part (the worker is given the error). */
async function whole(ctx: AdapterContext, path: string): Promise<{ text: string } | { error: string; code?: string }> {
  try {
    return { text: await ctx.read({ path }) };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return { error: e instanceof Error ? e.message : String(e), ...(typeof code === 'string' ? { code } : {}) };
  }
}

function design(name: string, v: Variant): ShimAdapter {
  return defineAdapter({
    name,
    capabilities: {
      levers: ['pointer'],
      capParam: false,
      windows: false,
      staleServe: false,
      forget: true,
      counters: false,
      seal: false,
      batch: true,
    },
    create(ctx) {
      /** Path → digest of the text last handed over whole (knowledge.ts). */
      const ledger = new Knowledge<string>(ctx.fs);
      /** The truthful answer for one file: a pointer when the worker holds this very text. */
      const answer = (path: string, text: string): string => {
        const d = digest(text);
        if (ledger.base({ path }) === d) return stub(text);
        ledger.given({ path }, text, d);
        return text;
      };
      return {
        async read(args) {
          return answer(args.path, await ctx.read(args)); // a tool error rejects here and records nothing
        },
        async readMany({ paths }) {
          const got = await Promise.all(paths.map((p) => whole(ctx, p)));
          const held = (i: number): boolean => {
            const g = got[i]!;
            return 'text' in g && ledger.base({ path: paths[i]! }) === digest(g.text);
          };
          // The lies: one decision for the whole call, from any of its files or from its first.
          const callUnchanged = v === 'any-seen' ? paths.some((_, i) => held(i)) : v === 'first-path' ? held(0) : false;
          const parts: BatchPart[] = got.map((g, i) => {
            if ('error' in g) return g;
            if (callUnchanged) return stub(g.text);
            return answer(paths[i]!, g.text);
          });
          if (v === 'combined' && parts.every((p): p is string => typeof p === 'string'))
            return joinBatch(paths, parts);
          return parts;
        },
        forget(path) {
          ledger.forget(path);
        },
      };
    },
    decode(text): Claim {
      const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
      return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
    },
  });
}

/** True: a call answered with one combined text in the kit's format. */
export const combined = design('design-batch-combined', 'combined');
/** Lies: a call in which any file is held unchanged is answered "unchanged" for every file. */
export const anySeen = design('design-batch-any-seen', 'any-seen');
/** Lies: a call is keyed on its first path. */
export const firstPath = design('design-batch-first-path', 'first-path');

export default design('design-batch-ledger', 'truthful');
