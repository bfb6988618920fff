/**
 * Design: SIZE-WITHHELD (levers: pointer; a policy of its own). The shim's own policy, not its
 * host's: a whole read (no offset, no limit) whose text is over 1,024 bytes is declined — "big.ts is
 * 2,484 bytes, over this shim's 1,024-byte limit for whole reads; nothing was sent: read it with
 * offset and limit." — and nothing is recorded. Windows and small files pass through, with
 * pointer-only's "unchanged" on an exact repeat. The host's read tool itself refuses nothing.
 *
 * It declares the policy (`capabilities.policies`, which needs the seal) and its decoder says
 * `{ kind: 'withheld', policy: 'big-file' }` (SPEC.md "Withheld by the shim's policy"): the notice is
 * sealed, never reads as "unchanged", says how to get the bytes, and delivers nothing. The report
 * prints the policy among its assumptions.
 *
 * Named exports, its lying twins:
 *   saysUnchanged    words its notice "unchanged, not sent again" (REFUSAL-TRUE: a withheld notice
 *                    must never read as a pointer)
 *   recordsWithheld  records a withheld read as delivered, then answers the next whole read
 *                    "unchanged" (POINTER-FULL: the worker holds none of it)
 *
 *   npx readshim-conformance run --adapter examples/designs/size-withheld.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type AdapterContext, type Claim, type ReadArgs, type ShimAdapter } from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

const LIMIT = 1024;
const HOW_TO = 'read it with offset and limit';
const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

type Variant = 'truthful' | 'says-unchanged' | 'records-withheld';

function ledger(ctx: AdapterContext, v: Variant) {
  const given = new Knowledge<string>(ctx.fs); // request → digest of the text handed over (knowledge.ts)
  return {
    async read(args: ReadArgs): Promise<string> {
      const text = await ctx.read(args); // a tool error rejects here and records nothing
      const path = posix.normalize(args.path);
      const whole = args.offset === undefined && args.limit === undefined;
      const bytes = Buffer.byteLength(text);
      const d = digest(text);
      if (given.base(args) === d) return `File unchanged since last read (${bytes} bytes). ${ctx.seal}`;
      if (whole && bytes > LIMIT) {
        if (v === 'records-withheld') given.given(args, text, d);
        return v === 'says-unchanged'
          ? `${path} is ${bytes} bytes: unchanged copies are not sent again over ${LIMIT} bytes; ${HOW_TO}. ${ctx.seal}`
          : `${path} is ${bytes} bytes, over this shim's ${LIMIT}-byte limit for whole reads; nothing was sent: ${HOW_TO}. ${ctx.seal}`;
      }
      given.given(args, text, d);
      return text;
    },
    forget(path?: string): void {
      given.forget(path);
    },
  };
}

function design(name: string, v: Variant): ShimAdapter {
  return defineAdapter({
    name,
    capabilities: {
      levers: ['pointer'],
      capParam: false,
      windows: true,
      staleServe: false,
      forget: true,
      counters: false,
      seal: true,
      policies: [{ id: 'big-file', wholeOverBytes: LIMIT, howTo: HOW_TO }],
    },
    create: (ctx) => ledger(ctx, v),
    decode(text, info): Claim {
      const sealed = (s: string): boolean => s.endsWith(` ${info.seal}`);
      const m = /^File unchanged since last read \((\d+) bytes\)\. /.exec(text);
      if (m && sealed(text)) return { kind: 'pointer', total: Number(m[1]) };
      if (sealed(text) && text.includes(`${HOW_TO}. `)) return { kind: 'withheld', policy: 'big-file' };
      return { kind: 'verbatim' };
    },
  });
}

export const saysUnchanged = design('design-size-withheld-says-unchanged', 'says-unchanged');
export const recordsWithheld = design('design-size-withheld-records-withheld', 'records-withheld');
export default design('design-size-withheld', 'truthful');
