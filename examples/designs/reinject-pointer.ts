/**
 * Design: REINJECT-POINTER (levers: pointer; capabilities.reinject { count: 2, order: 'recent' }).
 * The pointer-only design behind a host that re-attaches the files a worker requested most
 * recently after it compacts the transcript (Claude Code re-attaches recently read files as
 * reminders). The worker holds those files again, whole, as the tool shows them now — so after
 * a compaction this shim keeps a stub for exactly those (their plain read, not a window) and
 * forgets everything else (spec/SPEC.md "Re-injection after compaction").
 *
 * The lying twin (`reinjectAssumed`) knows the host re-attaches files and keeps every stub across
 * a compaction: a pointer to a file the host did not re-attach fails FORGET-RESETS.
 *
 *   npx readshim-conformance run --adapter examples/designs/reinject-pointer.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type Claim, type ShimAdapter } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

const REINJECT = { count: 2, order: 'recent' } as const;

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

function design(name: string, assumeAll: boolean): ShimAdapter {
  return defineAdapter({
    name,
    capabilities: {
      levers: ['pointer'],
      capParam: false,
      windows: true,
      staleServe: false,
      forget: true,
      forgetWhole: true,
      reinject: REINJECT,
      counters: false,
      seal: false,
    },
    create(ctx) {
      const given = new Knowledge<string>(ctx.fs); // request → digest of the text last handed over whole (knowledge.ts)
      const recent: string[] = []; // distinct paths requested, least recent first
      return {
        async read(args) {
          const path = posix.normalize(args.path);
          const at = recent.indexOf(path);
          if (at !== -1) recent.splice(at, 1);
          recent.push(path); // every request counts, whatever it is answered
          const text = await ctx.read(args); // a tool error rejects here and records nothing
          const d = digest(text);
          if (given.base(args) === d) return `File unchanged since last read (${Buffer.byteLength(text)} bytes).`;
          given.given(args, text, d);
          return text;
        },
        async forget(path) {
          if (path !== undefined) {
            given.forget(path);
            return;
          }
          if (assumeAll) return; // the lie: "the host re-attaches what I delivered"
          given.forget();
          // The host re-attaches the most recently requested paths, whole, as its tool shows them now.
          for (const p of recent.slice(-REINJECT.count)) {
            const text = await ctx.read({ path: p }).catch(() => undefined); // missing or refused: not re-attached
            if (text !== undefined) given.given({ path: p }, text, digest(text));
          }
        },
      };
    },
    decode(text): Claim {
      const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
      return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
    },
  });
}

/** The lying twin: every stub survives a compaction because "the host re-attaches files". */
export const reinjectAssumed = design('design-reinject-assumed', true);

export default design('design-reinject-pointer', false);
