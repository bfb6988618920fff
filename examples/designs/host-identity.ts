/**
 * Design: HOST-IDENTITY (levers: pointer; a case-insensitive host). POINTER-ONLY keyed on the file
 * as the host identifies it — `ctx.fs.realpath` (every symlink followed, case folded on a host that
 * folds case; spec/SPEC.md "Links and case") — not on the spelling of the request: `A.ts` and
 * `a.ts` are one file, a link and its target are one file, a hardlink's two names are one file.
 *
 * In the wild: qwen-code keys its read cache on the device and inode for this reason. The factory
 * also builds three lies the kit must catch (test/examples/designs/host-identity.long.test.ts): `own-lstat` (a
 * link whose own lstat is unchanged is taken to show unchanged text: an edit of the target keeps
 * the link's mtime), `spelling` (the ledger keyed on the spelling while the host folds case) and
 * `forget-spelling` (a forget that drops only the entries under the spelling it was given).
 *
 *   npx readshim-conformance run --adapter examples/designs/host-identity.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type AdapterContext, type Claim, type ReadArgs, type ShimAdapter } from 'readshim-conformance';
import { showsOtherwise } from './knowledge.ts';

export type IdentityLie = 'own-lstat' | 'spelling' | 'forget-spelling';

export interface HostIdentityOptions {
  /** The host folds case (declared as capabilities.caseInsensitive). Default true. */
  readonly caseInsensitive?: boolean;
  readonly lie?: IdentityLie;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The other arguments of a request, keys sorted: a window is its own request. */
function argsOf(args: ReadArgs): string {
  const rest = Object.keys(args)
    .filter((k) => k !== 'path' && args[k] !== undefined)
    .sort();
  return JSON.stringify(rest.map((k) => [k, args[k]]));
}

interface Given {
  readonly file: string;
  readonly spelling: string;
  readonly args: ReadArgs;
  /** Order of delivery. */
  readonly seq: number;
  readonly digest: string;
  readonly bytes: number;
  /** The link's own lstat when it was handed over (only the own-lstat lie keeps and trusts it). */
  readonly lstat?: string;
}

export function hostIdentity(o: HostIdentityOptions = {}): ShimAdapter {
  const lie = o.lie;
  return defineAdapter({
    name: `design-host-identity${lie === undefined ? '' : `-lie-${lie}`}`,
    capabilities: {
      levers: ['pointer'],
      capParam: false,
      windows: true,
      staleServe: false,
      forget: true,
      counters: false,
      seal: false,
      ...(o.caseInsensitive === false ? {} : { caseInsensitive: true }),
    },
    create(ctx: AdapterContext) {
      const given = new Map<string, Given>(); // key → the text last handed over whole
      // spec/SPEC.md "Knowledge": a later delivery under the request's name of another file (a link
      // since retargeted) decides too. Name (as the host folds it) → file → its latest delivery there.
      const names = new Map<string, Map<string, number>>();
      let seq = 0;
      const nameOf = (path: string): string =>
        // the spelling lie does not fold case here either
        o.caseInsensitive === false || lie === 'spelling' ? posix.normalize(path) : posix.normalize(path).toLowerCase();
      const fs = ctx.fs;
      /** A symlink's own lstat (mtime and size of the link itself), or undefined for any other name. */
      const linkStamp = (path: string): string | undefined => {
        try {
          const s = fs?.lstat?.(path);
          return s?.symlink === true ? `${s.mtimeMs}:${s.size}` : undefined;
        } catch {
          return undefined;
        }
      };
      /** The host's identity of a path: its realpath (the spelling where the host cannot say). */
      const fileOf = (path: string): string => {
        const spelling = posix.normalize(path);
        if (lie === 'spelling' || fs?.realpath === undefined) return spelling;
        // The own-lstat lie takes a link for the file itself.
        if (lie === 'own-lstat' && linkStamp(path) !== undefined) return spelling;
        try {
          return fs.realpath(path);
        } catch {
          return spelling; // the file is gone: the tool's error is what the worker gets
        }
      };
      return {
        async read(args) {
          const spelling = posix.normalize(args.path);
          const key = `${fileOf(args.path)}\n${argsOf(args)}`;
          const had = given.get(key);
          const stamp = lie === 'own-lstat' ? linkStamp(args.path) : undefined;
          // The lie: a link whose own lstat has not moved is taken to show the text handed over.
          if (had?.lstat !== undefined && had.lstat === stamp)
            return `File unchanged since last read (${had.bytes} bytes).`;
          const text = await ctx.read(args); // a tool error rejects here and records nothing
          const file = fileOf(args.path); // after the read: the name the tool just followed
          const d = digest(text);
          const bytes = Buffer.byteLength(text);
          const name = nameOf(args.path);
          const later = [...(names.get(name) ?? [])].some(([f, s]) => f !== file && s > (had?.seq ?? 0));
          if (had?.digest === d && !later) return `File unchanged since last read (${bytes} bytes).`;
          const at = `${file}\n${argsOf(args)}`;
          // A delivery that showed all of its request lets go of the file's other requests it showed otherwise.
          for (const [k, e] of given)
            if (e.file === file && k !== at && showsOtherwise(args, text, e.args, e.digest, true)) given.delete(k);
          given.set(at, {
            file,
            spelling,
            args: { ...args },
            seq: ++seq,
            digest: d,
            bytes,
            ...(stamp === undefined ? {} : { lstat: stamp }),
          });
          names.set(name, (names.get(name) ?? new Map<string, number>()).set(file, seq));
          return text;
        },
        forget(path) {
          if (path === undefined) {
            given.clear();
            names.clear();
            return;
          }
          const spelling = posix.normalize(path);
          const file = fileOf(path);
          // Truthful: the file's entries, and those last handed over under this name (of a file it named then).
          for (const [k, v] of given)
            if (
              lie === 'forget-spelling'
                ? v.spelling === spelling
                : v.file === file || nameOf(v.spelling) === nameOf(path)
            )
              given.delete(k);
          names.delete(nameOf(path));
        },
      };
    },
    decode(text): Claim {
      const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
      return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
    },
  });
}

export default hostIdentity();
