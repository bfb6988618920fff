/**
 * Design: `diff --git` HEADERS (levers: pointer, diff). A changed re-read of text the worker holds
 * whole answers the change the way `git diff` prints it: a `diff --git a/… b/…` line, an
 * `index <old>..<new> 100644` line with the two blobs' real object ids, `--- a/…` / `+++ b/…`,
 * then hunks with three lines of context. Sent only when no larger than the new text itself.
 *
 * In the wild: shims and agent tools that show a re-read file's change as `git diff` output,
 * because models have seen millions of them and `git apply` takes them as they are.
 *
 *   npx readshim-conformance run --adapter examples/designs/git-diff.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { formatPatch, OMIT_HEADERS, structuredPatch } from 'diff';
import { defineAdapter, type Claim } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

/** Git's object id of a blob: sha1 of "blob <bytes>\0" + the bytes; abbreviated to 7 like `git diff`. */
function blobId(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex').slice(0, 7);
}

function gitDiff(path: string, before: string, after: string): string | undefined {
  const p = structuredPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, {
    context: 3,
    maxEditLength: 200,
  });
  if (p === undefined) return undefined; // too many edits: send the text instead
  const head = [
    `diff --git a/${path} b/${path}`,
    `index ${blobId(before)}..${blobId(after)} 100644`,
    `--- a/${path}`,
    `+++ b/${path}`,
  ];
  return `${head.join('\n')}\n${formatPatch(p, OMIT_HEADERS)}`;
}

export default defineAdapter({
  name: 'design-git-diff',
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
        const path = posix.normalize(args.path);
        const prev = held.base(args);
        const bytes = Buffer.byteLength(text);
        if (prev !== undefined && Buffer.from(prev).equals(Buffer.from(text)))
          return `${path} has not changed since you read it (${bytes} bytes); nothing new to show.`;
        held.given(args, text, text); // a pointer adds nothing; the text or a diff to it is delivered
        if (prev === undefined) return text;
        const patch = gitDiff(path, prev, text);
        const response =
          patch === undefined
            ? undefined
            : `${path} changed since you read it (now ${bytes} bytes). The change, as git shows it:\n${patch}`;
        return response !== undefined && Buffer.byteLength(response) <= bytes ? response : text;
      },
      forget(path) {
        held.forget(path);
      },
    };
  },
  decode(text): Claim {
    const same = /^[^\n]* has not changed since you read it \((\d+) bytes\); nothing new to show\.$/.exec(text);
    if (same) return { kind: 'pointer', total: Number(same[1]) };
    const d =
      /^[^\n]* changed since you read it \(now (\d+) bytes\)\. The change, as git shows it:\n(?=diff --git )/.exec(
        text,
      );
    return d ? { kind: 'diff', patch: text.slice(d[0].length), total: Number(d[1]) } : { kind: 'verbatim' };
  },
});
