/** createReadShim: one worker's read shim (spec/SPEC.md "What a read shim is"). */
import { randomBytes } from 'node:crypto';
import { readFile as fsReadFile } from 'node:fs/promises';
import { resolveArm, type Arm } from './arms.ts';
import { Ledger, contentHash, type Entry } from './ledger.ts';
import { argsKey, normalizePath } from './keys.ts';
import { sliceEnd, unitIndex } from './utf8.ts';
import { diffResponse } from './diff.ts';
import { serveStaleRange, type StaleRequest } from './stale.ts';
import { partialNotice, pointerNotice, restNotice, wholeNotice, personaFor } from './notices.ts';

export const DEFAULT_CAP = 24_576;

/** A read tool: anything with an `execute(args)` returning (a promise of) the file's text. */
export interface ReadTool {
  execute(args: unknown, ...rest: unknown[]): unknown;
}

export interface ShimOptions {
  /** Bytes per response under a capping arm: an integer ≥ 4 (CAP-PARAM). */
  readonly cap?: number;
  /** false/undefined (off), 'cap', 'diff' or true (all) — nothing else (ARM-GUARD). */
  readonly arm?: unknown;
  /** Carried by every notice (NOTICE-SEALED); random by default. */
  readonly seal?: string;
  /** Called once per counted response with its withheld bytes (COUNT-EXACT). */
  readonly onCount?: (withheld: number) => void;
  /** How the stale serve reads a file fresh; defaults to the disk. */
  readonly readFile?: (path: string) => Promise<string> | string;
  /**
   * The file a path names now (e.g. its realpath). With it, a later delivery of the file under
   * another name stops this name's entry being the base of a claim (spec/SPEC.md "Knowledge").
   */
  readonly identify?: (path: string) => string | undefined;
}

export interface ShimSummary {
  readonly pointered: number;
  readonly capped: number;
  readonly bytesWithheld: number;
  /** Bytes of fully delivered texts the ledger keeps (memory). */
  readonly heldBytes: number;
}

export interface ReadShim {
  wrapRead<T extends ReadTool>(tool: T): T;
  serveStale(req: StaleRequest): Promise<string | null>;
  forget(path?: string): void;
  summary(): ShimSummary;
  readonly arm: Arm;
  readonly cap: number;
  readonly seal: string;
  /** The one-line persona for this arm, or null for off. */
  readonly persona: string | null;
}

export function checkCap(cap: unknown): number {
  if (!Number.isSafeInteger(cap) || (cap as number) < 4)
    throw new RangeError(
      `readshim: cap must be an integer >= 4 (bytes), got ${typeof cap === 'number' ? String(cap) : typeof cap}`,
    );
  return cap as number;
}

export function personaLine(arm: unknown, cap: number, seal: string): string | null {
  const a = resolveArm(arm);
  return personaFor(a.cap, a.diff, checkCap(cap), seal);
}

interface Request {
  readonly path: string;
  readonly args: string;
}

/** The request as the caller made it; undefined (pass through) when it has no key (PASSTHROUGH). */
function requestOf(args: unknown): Request | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const path = (args as { path?: unknown }).path;
  if (typeof path !== 'string') return undefined;
  try {
    return { path, args: argsKey(args as Record<string, unknown>) };
  } catch {
    return undefined; // bigint, cycles: no canonical JSON, so no ledger key
  }
}

const idOf = (id: string | undefined): { id?: string } => (id === undefined ? {} : { id });

/** A kept text compares as a string (cheap first); only an entry whose text was let go hashes. */
function sameContent(entry: Entry, text: string, hash: () => string): boolean {
  const held = entry.full ?? entry.kept;
  return held !== undefined ? held === text : entry.hash === hash();
}

export function createReadShim(options: ShimOptions = {}): ReadShim {
  const arm = resolveArm(options.arm);
  const cap = checkCap(options.cap === undefined ? DEFAULT_CAP : options.cap);
  const seal = options.seal ?? randomBytes(6).toString('hex');
  const readFile = options.readFile ?? ((p: string) => fsReadFile(p, 'utf8'));
  const ledger = new Ledger();
  const identityOf = (path: string): string | undefined => {
    try {
      return options.identify?.(path);
    } catch {
      return undefined; // a name that no longer resolves has no other names
    }
  };
  let pointered = 0;
  let capped = 0;
  let bytesWithheld = 0;

  /** COUNT-EXACT: one callback per counted response, with that response's withheld bytes. */
  const withhold = (withheld: number): void => {
    bytesWithheld += withheld;
    options.onCount?.(withheld);
  };

  /** Steps 2–6 of the reference behaviour, once the inner tool returned `text`. */
  const respond = (req: Request, path: string, text: string): string => {
    const key = normalizePath(req.path);
    const id = identityOf(req.path);
    const entry = ledger.base(key, req.args, id);
    let digest: string | undefined;
    const hash = (): string => (digest ??= contentHash(text));
    const same = entry !== undefined && sameContent(entry, text, hash);
    const total = same ? entry.total : Buffer.byteLength(text);
    const start = arm.cap && same ? entry.delivered : 0;
    // SLICE-CONTINUES: UTF-16 index of byte `start`; the entry knows it for its own content
    const from = same && start === entry.delivered ? entry.at : unitIndex(text, start);
    // A slice reaching the end needs no walk-back: `total` is a boundary.
    const rest = !arm.cap || start + cap >= total;
    // UTF8-WHOLE: the bytes a slice may take from `start` are the rest, or cap + 1 units (at least
    // cap + 1 bytes, so the walk-back never reaches a pair cut at the window's end); never the whole file.
    let window: Buffer | undefined;
    const win = (): Buffer => (window ??= Buffer.from(text.slice(from, rest ? text.length : from + cap + 1)));
    let cut = 0;
    if (!rest) cut = sliceEnd(win(), 0, cap);
    const end = rest ? total : start + cut;

    if (arm.diff && entry !== undefined && !same && entry.full !== undefined) {
      const diff = diffResponse(seal, path, entry.full, text, end); // changed content starts at 0
      if (diff !== undefined) {
        ledger.set(key, req.args, { delivered: total, total, at: text.length, full: text, ...idOf(id) });
        ledger.supersede(key, req.args, text);
        return diff;
      }
    }
    // Explicit hash check first: `start >= total` alone holds for an empty file never seen.
    if (arm.pointer && same && start >= total) {
      pointered++;
      withhold(total);
      return pointerNotice(seal, path, total);
    }
    const done = end === total;
    const payload =
      start === 0 && done
        ? text
        : win()
            .subarray(0, done ? win().length : cut)
            .toString('utf8');
    ledger.set(
      key,
      req.args,
      done
        ? { delivered: end, total, at: text.length, full: text, ...idOf(id) }
        : { delivered: end, total, at: from + payload.length, kept: text, ...idOf(id) },
    );
    if (done) ledger.supersede(key, req.args, text);
    if (entry === undefined && done) return text; // FIRST-VERBATIM (a first read starts at 0)
    if (!done) {
      capped++;
      withhold(total - end);
    }
    const notice = !done
      ? partialNotice(seal, path, start, end, total)
      : start > 0
        ? restNotice(seal, path, start, end, total)
        : wholeNotice(seal, path, total, !same);
    return `${notice}\n${payload}`;
  };

  return {
    arm,
    cap,
    seal,
    persona: personaFor(arm.cap, arm.diff, cap, seal),
    wrapRead<T extends ReadTool>(tool: T): T {
      if (!arm.on) return tool; // OFF-IDENTITY
      const inner = tool.execute; // eslint-disable-line @typescript-eslint/unbound-method -- called with .call(tool, …)
      const execute = async (args: unknown, ...rest: unknown[]): Promise<unknown> => {
        const req = requestOf(args); // before the call: a host may reuse or mutate `args` meanwhile
        const result: unknown = await inner.call(tool, args, ...rest); // throws reach the worker (PASSTHROUGH)
        if (req === undefined || typeof result !== 'string') return result;
        return respond(req, req.path, result);
      };
      return { ...tool, execute };
    },
    serveStale: (req) => serveStaleRange(req, { arm, cap, seal, readFile }),
    forget(path?: string): void {
      ledger.forget(path === undefined ? undefined : normalizePath(path));
    },
    summary: () => ({ pointered, capped, bytesWithheld, heldBytes: ledger.heldBytes() }),
  };
}
