/**
 * Design: WINDOW-COVER (levers: pointer; windows). A per-line-range dedup: a window (offset/limit)
 * of a file the worker was shown whole under the same name, whose lines are exactly lines that whole
 * delivery showed at the same line numbers, is answered "File unchanged since last read (N bytes)."
 * with N the bytes the window returns now (SPEC.md "Knowledge": a complete delivery covers every
 * request whose rows it showed). Exact repeats of a request are answered the same way.
 *
 * Its bookkeeping is by the name asked for: every entry records the version of the file it came
 * from (a hash of the file's text), and a delivery of another version under a name drops the name's
 * other entries, so a window shown later as other bytes is never backed by an older whole read.
 *
 * Named exports:
 *   default      no host bound
 *   bounded      behind a host that shows at most 40 lines per request (tool.maxLines 40): a window
 *                is checked against what the whole read DELIVERED (its first 40 lines)
 *   diskCover    its lying twin, behind the same host: checks a window against the file on disk, so a
 *                window beyond the host's cut is answered "unchanged" though the worker never saw it
 *
 *   npx readshim-conformance run --adapter examples/designs/window-cover.ts
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { defineAdapter, type AdapterContext, type Claim, type ReadArgs, type ShimAdapter } from 'readshim-conformance';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');
const rowsOf = (text: string): string[] => text.split(/(?<=\n)/).filter((r) => r !== '');
const stub = (text: string): string => `File unchanged since last read (${Buffer.byteLength(text)} bytes).`;

/** The request's other arguments, keys sorted. */
function argsKey(args: ReadArgs): string {
  const rest = Object.keys(args)
    .filter((k) => k !== 'path' && args[k] !== undefined)
    .sort();
  return JSON.stringify(rest.map((k) => [k, args[k]]));
}

interface Entry {
  /** Of the text this request delivered. */
  readonly digest: string;
  /** Order of delivery. */
  readonly seq: number;
  /** The file's version it was delivered from. */
  readonly version: string;
  /** A whole read: the text it delivered. */
  readonly whole?: string;
}

type Variant = 'truthful' | 'bounded' | 'disk-cover';
const MAX_LINES = 40;

/** Whether `text`, the window from 1-based line `offset`, is lines the whole delivery showed. */
function shownWhole(whole: string, offset: number, text: string): boolean {
  const rows = rowsOf(whole);
  const shown = rowsOf(text).length;
  const first = offset - 1;
  return first + shown <= rows.length && rows.slice(first, first + shown).join('') === text;
}

function ledger(ctx: AdapterContext, v: Variant) {
  const byName = new Map<string, Map<string, Entry>>(); // name → request → entry
  // spec/SPEC.md "Knowledge": a later delivery of the file under another name decides too.
  // File → name and request → the latest delivery there (its order and digest).
  const byFile = new Map<string, Map<string, { seq: number; digest: string }>>();
  let seq = 0;
  const fileOf = (path: string): string | undefined => {
    try {
      return ctx.fs.realpath?.(path);
    } catch {
      return undefined;
    }
  };
  /** Entry `e` (of request `key` under `name`) backs no claim once the file was shown later under another name, unless as that very text. */
  const superseded = (file: string | undefined, name: string, key: string, e: Entry): boolean =>
    [...(file === undefined ? [] : (byFile.get(file) ?? []))].some(
      ([at, d]) =>
        !at.startsWith(`${name}\u0000`) && d.seq > e.seq && (at !== `${name}\u0000${key}` || d.digest !== e.digest),
    );
  const versionOf = (path: string): string | undefined => {
    try {
      return digest(ctx.fs.read(path));
    } catch {
      return undefined;
    }
  };
  return {
    async read(args: ReadArgs): Promise<string> {
      const text = await ctx.read(args); // a tool error rejects here and records nothing
      const name = posix.normalize(args.path);
      const key = argsKey(args);
      const version = versionOf(name) ?? `gone:${digest(text)}`;
      let entries = byName.get(name);
      if (entries === undefined) byName.set(name, (entries = new Map<string, Entry>()));
      const d = digest(text);
      const file = fileOf(name);
      const own = entries.get(key);
      if (text !== '' && own?.digest === d && !superseded(file, name, key, own)) return stub(text);
      const windowed = typeof args.offset === 'number' || typeof args.limit === 'number';
      if (windowed && text !== '') {
        const offset = typeof args.offset === 'number' ? args.offset : 1;
        for (const [k, e] of entries) {
          if (e.whole === undefined || superseded(file, name, k, e)) continue;
          // Truthful: the lines the whole read delivered. The twin: the lines of the file on disk now.
          const source = v === 'disk-cover' ? ctx.fs.read(name) : e.whole;
          if (shownWhole(source, offset, text)) return stub(text);
        }
      }
      // A delivery: entries of another version of this name are superseded.
      for (const [k, e] of entries) if (e.version !== version) entries.delete(k);
      entries.set(key, { digest: d, seq: ++seq, version, ...(windowed ? {} : { whole: text }) });
      if (file !== undefined) {
        if (!byFile.has(file)) byFile.set(file, new Map());
        byFile.get(file)!.set(`${name}\u0000${key}`, { seq, digest: d });
      }
      return text;
    },
    forget(path?: string): void {
      if (path === undefined) {
        byName.clear();
        byFile.clear();
        return;
      }
      const name = posix.normalize(path);
      byName.delete(name);
      for (const m of byFile.values()) for (const at of [...m.keys()]) if (at.startsWith(`${name}\u0000`)) m.delete(at);
    },
  };
}

function design(name: string, v: Variant): ShimAdapter {
  return defineAdapter({
    name,
    capabilities: {
      levers: ['pointer'],
      ...(v === 'truthful' ? {} : { tool: { maxLines: MAX_LINES } }),
      capParam: false,
      windows: true,
      staleServe: false,
      forget: true,
      counters: false,
      seal: false,
    },
    create: (ctx) => ledger(ctx, v),
    decode(text): Claim {
      const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
      return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
    },
  });
}

export const bounded = design('design-window-cover-bounded', 'bounded');
export const diskCover = design('design-window-cover-disk-cover', 'disk-cover');
export default design('design-window-cover', 'truthful');
