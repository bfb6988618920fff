/**
 * Design: NAME-LEDGER (levers: pointer, diff). Kept by the name the worker asked for (the path as
 * resolved, links not followed) and the request's other arguments: the text it showed under that
 * name. A re-read whose text is the very text shown is answered "unchanged"; a changed one, a
 * unified diff against the text shown (when no larger than the new text); forget(path) drops what
 * was shown under that name only (SPEC.md "Knowledge": a delivery belongs to the name it was
 * requested under).
 *
 * So it stays true across a symlink retarget (the name showed those bytes, whatever file the link
 * now names: a pointer when the bytes are equal, a diff against what the name showed otherwise), and
 * after a forget of another name of the same file (what a.ts showed survives forget("l.ts")).
 *
 * Named exports, its lying twins:
 *   statKeyed       "unchanged" when the file's size and mtime are what they were: a link retargeted
 *                   to other bytes of the same size and mtime is called unchanged (POINTER-FULL)
 *   forgetByTarget  forget(path) drops what was shown under the path's *target's* name, so a forget of
 *                   the link a file was read by forgets nothing (FORGET-RESETS)
 *
 *   npx readshim-conformance run --adapter examples/designs/name-ledger.ts
 */
import { posix } from 'node:path';
import { formatPatch, structuredPatch } from 'diff';
import { defineAdapter, type AdapterContext, type Claim, type ReadArgs, type ShimAdapter } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

type Variant = 'truthful' | 'stat-keyed' | 'forget-by-target';

interface Shown {
  readonly name: string;
  readonly text: string;
  /** The file's size and mtime when it was shown (the stat-keyed twin decides by these). */
  readonly stat?: string;
}

function statOf(ctx: AdapterContext, name: string): string | undefined {
  try {
    const s = ctx.fs.stat(name);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return undefined;
  }
}

function unifiedDiff(name: string, before: string, after: string): string | undefined {
  const p = structuredPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, {
    context: 3,
    maxEditLength: 200,
  });
  if (p === undefined) return undefined; // too many edits: send the text instead
  const text = formatPatch(p);
  return text.slice(text.indexOf('--- '));
}

function ledger(ctx: AdapterContext, v: Variant) {
  const shown = new Knowledge<Shown>(ctx.fs); // request → what it showed (knowledge.ts)
  return {
    async read(args: ReadArgs): Promise<string> {
      const text = await ctx.read(args); // a tool error rejects here and records nothing
      const name = posix.normalize(args.path);
      const prev = shown.base(args);
      const stat = v === 'stat-keyed' ? statOf(ctx, name) : undefined;
      const bytes = Buffer.byteLength(text);
      const same = v === 'stat-keyed' ? prev?.stat !== undefined && prev.stat === stat : prev?.text === text;
      if (prev !== undefined && same) return `${name} is unchanged since you read it (${bytes} bytes).`;
      shown.given(args, text, { name, text, ...(stat !== undefined ? { stat } : {}) });
      if (prev === undefined) return text;
      const patch = unifiedDiff(name, prev.text, text);
      const response =
        patch === undefined ? undefined : `${name} changed since you read it (now ${bytes} bytes):\n${patch}`;
      return response !== undefined && Buffer.byteLength(response) <= bytes ? response : text;
    },
    forget(path?: string): void {
      let name = path === undefined ? undefined : posix.normalize(path);
      if (v === 'forget-by-target' && path !== undefined)
        try {
          name = ctx.fs.realpath?.(path) ?? name;
        } catch {
          // a name that is no file now: forget it as spelled
        }
      shown.forget(name);
    },
  };
}

function design(name: string, v: Variant): ShimAdapter {
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
    create: (ctx) => ledger(ctx, v),
    decode(text): Claim {
      const same = /^[^\n]* is unchanged since you read it \((\d+) bytes\)\.$/.exec(text);
      if (same) return { kind: 'pointer', total: Number(same[1]) };
      const d = /^[^\n]* changed since you read it \(now (\d+) bytes\):\n(?=--- )/.exec(text);
      return d ? { kind: 'diff', patch: text.slice(d[0].length), total: Number(d[1]) } : { kind: 'verbatim' };
    },
  });
}

export const statKeyed = design('design-name-ledger-stat-keyed', 'stat-keyed');
export const forgetByTarget = design('design-name-ledger-forget-by-target', 'forget-by-target');
export default design('design-name-ledger', 'truthful');
