/**
 * Test rig for the reference shim: a tiny in-memory read tool (windows, aliases, failures) and
 * independent helpers (UTF-8 boundaries, line splitting, a strict patch applier). Nothing here
 * imports reference/ internals: expectations come from spec/SPEC.md, not the shim.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { createReadShim, type ReadShim, type ShimOptions } from '../../reference/index.ts';

/** A seal without digits, so a cap's number can be searched for in the persona. */
export const SEAL = 'testseal';

export const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Bytes [a, b) of `s` decoded (the test's own reading of the contract's byte ranges). */
export const byteSlice = (s: string, a: number, b: number): string =>
  Buffer.from(s, 'utf8').subarray(a, b).toString('utf8');

/** Lines with their endings; a final line without '\n' is a line (the contract's line model). */
export function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

export interface ReadArgs {
  readonly path: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** An in-memory file system and the inner read tool over it; `a`, `./a`, `d/../a` are one file. */
export class Disk {
  readonly #files = new Map<string, string>();
  /** Number of times the inner tool ran. */
  calls = 0;
  /** When set, the next call throws this (once). */
  failNext: Error | undefined;

  write(path: string, content: string): void {
    this.#files.set(posix.normalize(path), content);
  }

  delete(path: string): void {
    this.#files.delete(posix.normalize(path));
  }

  read(path: string): string {
    const c = this.#files.get(posix.normalize(path));
    if (c === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
    return c;
  }

  /** The raw read tool (what a worker would get with no shim). */
  readonly tool = {
    name: 'shell_read',
    execute: async (args: unknown): Promise<unknown> => {
      this.calls++;
      if (this.failNext !== undefined) {
        const e = this.failNext;
        this.failNext = undefined;
        throw e;
      }
      const { path, offset, limit } = args as ReadArgs;
      const text = this.read(path);
      if (offset === undefined && limit === undefined) return text;
      const from = (offset ?? 1) - 1;
      const ls = lines(text);
      return ls.slice(from, limit === undefined ? ls.length : from + limit).join('');
    },
  };
}

export interface Rig {
  readonly disk: Disk;
  readonly shim: ReadShim;
  /** The wrapped tool. */
  readonly tool: { execute(args: unknown): unknown };
  /** Read through the shim; the response must be a string. */
  read(path: string, window?: { offset?: number; limit?: number }): Promise<string>;
  /** Every onCount call, in order. */
  readonly counted: number[];
}

export function rig(options: Omit<ShimOptions, 'onCount' | 'readFile' | 'seal'> & { seal?: string } = {}): Rig {
  const disk = new Disk();
  const counted: number[] = [];
  const shim = createReadShim({
    seal: SEAL,
    ...options,
    onCount: (w) => counted.push(w),
    readFile: (p) => disk.read(p),
  });
  const tool = shim.wrapRead(disk.tool);
  return {
    disk,
    shim,
    tool,
    counted,
    async read(path, window) {
      const r = await tool.execute({ path, ...window });
      if (typeof r !== 'string') throw new Error('rig: non-string response');
      return r;
    },
  };
}

/** The notice line (first line) and payload (after the first '\n') of a framed response. */
export function split(response: string): { notice: string; payload: string } {
  const nl = response.indexOf('\n');
  return nl === -1
    ? { notice: response, payload: '' }
    : { notice: response.slice(0, nl), payload: response.slice(nl + 1) };
}

/** A text of exactly `n` ASCII bytes whose bytes differ by position (so shifted slices differ). */
export function ascii(n: number, salt = 0): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(97 + ((i + salt) % 26));
  return s;
}

/**
 * Applies a unified diff strictly at its hunk headers (no search, no fuzz), as the oracle's
 * DIFF-COMPLETE does. Returns undefined if any header, count or context line does not match.
 */
export function strictApply(old: string, patch: string): string | undefined {
  const src = lines(old);
  const pl = patch.split('\n');
  if (pl[pl.length - 1] !== '') return undefined; // a patch ends with a newline
  pl.pop();
  let i = 0;
  if (!pl[i]?.startsWith('--- ') || !pl[i + 1]?.startsWith('+++ ')) return undefined;
  i += 2;
  const out: string[] = [];
  let at = 0; // next unconsumed line of src (0-based)
  while (i < pl.length) {
    const h = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/.exec(pl[i]!);
    if (!h) return undefined;
    i++;
    const oldLines = h[2] === undefined ? 1 : Number(h[2]);
    const newLines = h[4] === undefined ? 1 : Number(h[4]);
    // A zero-length side names the line before the hunk.
    const oldFrom = oldLines === 0 ? Number(h[1]) : Number(h[1]) - 1;
    const newFrom = newLines === 0 ? Number(h[3]) : Number(h[3]) - 1;
    if (oldFrom < at || oldFrom > src.length) return undefined;
    out.push(...src.slice(at, oldFrom));
    if (out.length !== newFrom) return undefined; // the new side's header must agree too
    at = oldFrom;
    let seenOld = 0;
    let seenNew = 0;
    while (seenOld < oldLines || seenNew < newLines) {
      const l = pl[i];
      if (l === undefined) return undefined;
      i++;
      const tag = l[0];
      const body = l.slice(1);
      const noEol = pl[i] === '\\ No newline at end of file';
      if (noEol) i++;
      const line = noEol ? body : `${body}\n`;
      if (tag === ' ' || tag === '-') {
        if (src[at] !== line) return undefined;
        at++;
        seenOld++;
      }
      if (tag === ' ' || tag === '+') {
        out.push(line);
        seenNew++;
      }
      if (tag !== ' ' && tag !== '-' && tag !== '+') return undefined;
    }
    if (seenOld !== oldLines || seenNew !== newLines) return undefined;
  }
  out.push(...src.slice(at));
  return out.join('');
}

export interface ExternalApply {
  /** `git apply --check` exit status 0 in a fresh repo holding the old file. */
  readonly gitCheck: boolean;
  /** `patch -p1 --dry-run` exit status 0 in a directory holding the old file. */
  readonly patchCheck: boolean;
  /** The file after a real `git apply` (undefined if it failed). */
  readonly gitResult: string | undefined;
  /** The file after a real `patch -p1` (undefined if it failed). */
  readonly patchResult: string | undefined;
  readonly stderr: string;
}

/** Writes `old` at `relPath` in temp dirs and lets git and GNU patch check, then apply, `patch`. */
export function externalApply(old: string, patch: string, relPath: string): ExternalApply {
  const run = (cmd: string, args: string[], cwd: string): { ok: boolean; err: string } => {
    try {
      execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      return { ok: true, err: '' };
    } catch (e) {
      const x = e as { stdout?: Buffer; stderr?: Buffer };
      return { ok: false, err: `${cmd}: ${String(x.stdout ?? '')}${String(x.stderr ?? '')}`.trim() };
    }
  };
  const base = mkdtempSync(join(tmpdir(), 'readshim-diff-'));
  try {
    const prepare = (name: string): string => {
      const dir = join(base, name);
      mkdirSync(dirname(join(dir, relPath)), { recursive: true });
      writeFileSync(join(dir, relPath), old);
      writeFileSync(join(base, 'x.patch'), patch);
      return dir;
    };
    const g = prepare('git');
    run('git', ['init', '-q'], g);
    const gitCheck = run('git', ['apply', '--check', join(base, 'x.patch')], g);
    const gitApply = run('git', ['apply', join(base, 'x.patch')], g);
    const p = prepare('patch');
    const patchCheck = run('patch', ['-p1', '--batch', '--dry-run', '-i', join(base, 'x.patch')], p);
    const patchApply = run('patch', ['-p1', '--batch', '--no-backup-if-mismatch', '-i', join(base, 'x.patch')], p);
    return {
      gitCheck: gitCheck.ok,
      patchCheck: patchCheck.ok,
      gitResult: gitApply.ok ? readFileSync(join(g, relPath), 'utf8') : undefined,
      patchResult: patchApply.ok ? readFileSync(join(p, relPath), 'utf8') : undefined,
      stderr: [gitCheck.err, patchCheck.err, gitApply.err, patchApply.err].filter(Boolean).join('\n'),
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
