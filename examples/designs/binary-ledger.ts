/**
 * Design: BINARY-LEDGER (levers: pointer; a host tool that returns a binary file's bytes, or
 * refuses it). POINTER-ONLY keyed on what the worker was handed: the digest of the tool's output,
 * text or bytes (spec/SPEC.md "Bytes that are not text"). An image re-read unchanged is "unchanged";
 * any other image, or a rewrite of this one, is handed over again, whatever its size or mtime.
 *
 * Behind `tool.binary: 'bytes'` the kit's `ctx.read` resolves a binary file to a Uint8Array, and
 * this shim passes those bytes on untouched (an image part, judged on its base64 text). A pointer
 * states the size the kit judges: the UTF-8 bytes of a text, the base64 text of bytes.
 *
 * The factory also builds three lies the kit must catch (test/examples/designs/binary-ledger.int.test.ts):
 * `image-head` (images cached by their header and size: a second image of one size served as the
 * first, as anthropics/claude-code #47940 reports), `stat-binary` (text keyed on its digest, but a
 * binary on its mtime in whole seconds and its size: a same-second rewrite of the same size is
 * "unchanged"), `stat-exact` (the same, on the exact mtime: a rewrite under the very same mtime) and
 * `record-refused` (behind a tool that refuses binaries: the read recorded, on the
 * file's stat, before the tool answered — then "unchanged" once the file became readable).
 *
 *   npx readshim-conformance run --adapter examples/designs/binary-ledger.ts
 */
import { createHash } from 'node:crypto';
import {
  defineBytesAdapter,
  type AdapterContext,
  type BytesShimAdapter,
  type Claim,
  type ToolOutput,
} from 'readshim-conformance';
import { Knowledge } from './knowledge.ts';

export type BinaryLie = 'image-head' | 'stat-binary' | 'stat-exact' | 'record-refused';

export interface BinaryLedgerOptions {
  /** How the host's tool answers a file that is not UTF-8 (capabilities.tool.binary). Default `bytes`. */
  readonly binary?: 'base64' | 'bytes' | 'refuse';
  readonly lie?: BinaryLie;
}

const digest = (out: ToolOutput): string => createHash('sha256').update(out).digest('hex');

/** The size the kit judges a response on: UTF-8 bytes of text, the base64 text of bytes. */
const judgedSize = (out: ToolOutput): number =>
  typeof out === 'string' ? Buffer.byteLength(out, 'utf8') : 4 * Math.ceil(out.length / 3);

/** What a header-keyed image cache keys on: the first 33 bytes (a PNG's signature and IHDR) and the size. */
const headKey = (out: Uint8Array): string => `${Buffer.from(out.subarray(0, 33)).toString('hex')}:${out.length}`;

interface Given {
  /** The digest of what was handed over, or (the stat lies) the file's stat when it was. */
  readonly key: string;
  readonly size: number;
}

export function binaryLedger(o: BinaryLedgerOptions = {}): BytesShimAdapter {
  const lie = o.lie;
  const binary = o.binary ?? (lie === 'record-refused' ? 'refuse' : 'bytes');
  return defineBytesAdapter({
    name: `design-binary-ledger-${binary}${lie === undefined ? '' : `-lie-${lie}`}`,
    capabilities: {
      levers: ['pointer'],
      tool: { binary },
      capParam: false,
      windows: true,
      staleServe: false,
      forget: true,
      counters: false,
      seal: false,
    },
    create(ctx: AdapterContext<ToolOutput>) {
      const given = new Knowledge<Given>(ctx.fs); // request → what the worker holds of it, whole (knowledge.ts)
      const images = new Map<string, ToolOutput>(); // the image-head lie's cache
      /** The file's stat in whole seconds and bytes (the stat lies' key), or undefined when it is gone. */
      const stat = (path: string): string | undefined => {
        try {
          const s = ctx.fs.stat(path);
          return `stat:${lie === 'stat-exact' ? s.mtimeMs : Math.floor(s.mtimeMs / 1000)}:${s.size}`;
        } catch {
          return undefined;
        }
      };
      const unchanged = (size: number): string => `File unchanged since last read (${size} bytes).`;
      /** The bytes of a binary file's output: the bytes themselves, or decoded from the base64 text of `tool.binary: 'base64'`. */
      const imageOf = (out: ToolOutput): Uint8Array | undefined =>
        typeof out !== 'string'
          ? out
          : binary === 'base64' && /^iVBOR/.test(out)
            ? Buffer.from(out, 'base64')
            : undefined;
      return {
        async read(args) {
          const had = given.base(args);
          // The stat lies trust a stat kept from an earlier read (only ever recorded for a binary or a refusal).
          if (had?.key.startsWith('stat:') === true && had.key === stat(args.path)) return unchanged(had.size);
          if (lie === 'record-refused') {
            // The lie: the read recorded on the file's stat before the tool answers (a refusal stays recorded).
            const s = stat(args.path);
            if (s !== undefined) given.given(args, '', { key: s, size: 0 });
          }
          const out = await ctx.read(args); // a tool error (EBINARY, ENOENT) rejects here and records nothing
          const size = judgedSize(out);
          const image = imageOf(out);
          if (lie === 'image-head' && image !== undefined) {
            // The lie: any image of this header and size is the one cached first.
            const first = images.get(headKey(image));
            if (first !== undefined) return first;
            images.set(headKey(image), out);
          }
          const byStat = (lie === 'stat-binary' || lie === 'stat-exact') && image !== undefined;
          const k = byStat ? (stat(args.path) ?? '') : digest(out);
          if (had?.key === k) return unchanged(size); // a pointer adds nothing to what the worker holds
          given.given(args, typeof out === 'string' ? out : Buffer.from(out).toString('base64'), { key: k, size });
          return out;
        },
        forget(path) {
          given.forget(path);
        },
      };
    },
    decode(text): Claim {
      const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
      return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
    },
  });
}

export default binaryLedger();
