/**
 * Negative-control rehearsal: tamper a temporary copy of the real material the way a gate exists
 * to catch, run the gate's own code on the copy, and restore the copy byte for byte. The tracked
 * files are only ever read.
 *
 * The copy lives at a stable path (one per gate), so concurrent rehearsals and an interrupted one
 * are found. `.rehearsal-backup` in the copy is the lock and the backup at once: it is created
 * with exclusive create (`wx`), so a second rehearsal can never take a tampered file for a clean
 * one and back it up over the clean bytes — it waits until the first has restored. Its layout:
 *
 *   line 1  {"pid","token"}                  the owner, written right after the create
 *   line 2  {"target","absent","sha256"}     written once the clean bytes are known
 *   rest    the clean bytes of the target    (none when the target did not exist)
 *
 * A backup whose owner process is gone is an interrupted rehearsal: the next rehearsal restores the
 * target from it (under an exclusive `.rehearsal-recovery` claim, so two recoverers never race),
 * verifies the SHA-256, then removes it. A backup without line 2 never reached the tamper step.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync,
} from 'node:fs';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const BACKUP_NAME = '.rehearsal-backup';
export const RECOVERY_NAME = '.rehearsal-recovery';

/** This process, as a backup owner: a pid can be reused, a random token cannot. */
const SELF = Object.freeze({ pid: process.pid, token: randomBytes(8).toString('hex') });

export type RehearsalStep =
  | { readonly kind: 'waiting'; readonly ownerPid: number | undefined }
  | { readonly kind: 'recovered'; readonly target: string; readonly ownerPid: number }
  | { readonly kind: 'backed-up'; readonly target: string; readonly sha256: string | undefined }
  | { readonly kind: 'tampered'; readonly target: string }
  | { readonly kind: 'restored'; readonly target: string; readonly verified: number };

export interface RehearsalOptions {
  /** The temporary copy: a stable directory per gate (created when missing). */
  readonly copyDir: string;
  /** The real material: its root and its files, relative and '/'-separated. Only read. */
  readonly sourceRoot: string;
  readonly files: readonly string[];
  /** The file the control tampers, relative to the copy; it may be new (not in `files`). */
  readonly target: string;
  /** The tampered text from the clean text (undefined for a new file); it must differ. */
  readonly tamper: (clean: string | undefined) => string;
  /** Longest wait for a live rehearsal of the same copy, in ms (default 120 s). */
  readonly maxWaitMs?: number;
  /** Observes the protocol (tests rehearse interleavings with it). */
  readonly onStep?: (step: RehearsalStep) => void | Promise<void>;
}

export class RehearsalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RehearsalError';
  }
}

interface Owner {
  readonly pid: number;
  readonly token: string;
}

interface Backup {
  readonly owner: Owner;
  readonly meta?: { readonly target: string; readonly absent: boolean; readonly sha256?: string };
  readonly payload: Buffer;
}

function sha256(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}

function alive(o: Owner): boolean {
  if (o.pid === SELF.pid) return o.token === SELF.token;
  try {
    process.kill(o.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Parses a backup or claim file; undefined when it is gone or its owner line is not written yet. */
function readBackup(path: string): Backup | undefined {
  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const nl1 = raw.indexOf(0x0a);
  if (nl1 === -1) return undefined;
  const owner = JSON.parse(raw.subarray(0, nl1).toString('utf8')) as Owner;
  const nl2 = raw.indexOf(0x0a, nl1 + 1);
  if (nl2 === -1) return { owner, payload: Buffer.alloc(0) };
  const meta = JSON.parse(raw.subarray(nl1 + 1, nl2).toString('utf8')) as Backup['meta'];
  return { owner, ...(meta !== undefined ? { meta } : {}), payload: raw.subarray(nl2 + 1) };
}

/** Temp file + rename: a reader sees the old bytes or the new, never half. */
function writeAtomic(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${SELF.token}.${randomBytes(3).toString('hex')}.tmp`;
  writeFileExclusive(tmp, bytes);
  renameSync(tmp, path);
}

function writeFileExclusive(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'wx');
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function inside(dir: string, path: string): boolean {
  const r = relative(dir, path);
  return r !== '' && !r.startsWith('..') && !isAbsolute(r);
}

/** Puts the target back from a backup and checks it byte for byte. */
function restoreFrom(copyDir: string, b: Backup): void {
  if (b.meta === undefined) return; // never got past the backup: nothing was tampered
  const target = resolve(copyDir, b.meta.target);
  if (!inside(copyDir, target)) throw new RehearsalError(`backup in ${copyDir} names a target outside the copy: ${b.meta.target}`);
  if (b.meta.absent) {
    rmSync(target, { force: true });
    if (existsSync(target)) throw new RehearsalError(`could not remove ${target}`);
    return;
  }
  if (sha256(b.payload) !== b.meta.sha256) throw new RehearsalError(`backup of ${b.meta.target} in ${copyDir} is damaged (SHA-256 mismatch); restore the copy by hand`);
  writeAtomic(target, b.payload);
  if (sha256(readFileSync(target)) !== b.meta.sha256) throw new RehearsalError(`restoring ${target} did not give back the clean bytes`);
}

/**
 * Restores an interrupted rehearsal of `copyDir` if its owner is gone. Returns the dead owner's
 * pid when it restored, undefined when there was nothing to do (or another process is on it).
 */
export function recoverInterrupted(copyDir: string): number | undefined {
  const backupPath = join(copyDir, BACKUP_NAME);
  const seen = readBackup(backupPath);
  if (seen === undefined || alive(seen.owner)) return undefined;
  const claimPath = join(copyDir, RECOVERY_NAME);
  try {
    writeFileExclusive(claimPath, Buffer.from(`${JSON.stringify(SELF)}\n`));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const claim = readBackup(claimPath);
    if (claim !== undefined && !alive(claim.owner))
      throw new RehearsalError(`a recovery of ${copyDir} was itself interrupted; check the copy and delete ${claimPath} and ${backupPath}`);
    return undefined; // a live recoverer is on it
  }
  try {
    const b = readBackup(backupPath);
    // Still the same dead owner's backup (not a new live rehearsal that took the name since)?
    if (b === undefined || b.owner.token !== seen.owner.token || alive(b.owner)) return undefined;
    restoreFrom(copyDir, b);
    rmSync(backupPath);
    return b.owner.pid;
  } finally {
    rmSync(claimPath, { force: true });
  }
}

/** Makes the copy hold the material's bytes (only files that differ are rewritten); their SHA-256s. */
function syncCopy(opts: RehearsalOptions): Map<string, string> {
  const synced = new Map<string, string>();
  for (const f of opts.files) {
    const src = resolve(opts.sourceRoot, f);
    const dst = resolve(opts.copyDir, f);
    if (!inside(opts.copyDir, dst)) throw new RehearsalError(`material file ${f} falls outside the copy`);
    const bytes = readFileSync(src);
    let current: Buffer | undefined;
    try {
      current = readFileSync(dst);
    } catch {
      current = undefined;
    }
    if (current === undefined || !current.equals(bytes)) writeAtomic(dst, bytes);
    synced.set(f, sha256(bytes));
  }
  // A new target is absent from the material: a leftover copy of it is not clean.
  if (!opts.files.includes(opts.target)) rmSync(resolve(opts.copyDir, opts.target), { force: true });
  return synced;
}

/** After the restore, the whole copy must hold exactly the material as it was synced. */
function verifyCopy(copyDir: string, synced: ReadonlyMap<string, string>, target: string): number {
  for (const [f, sum] of synced) {
    if (sha256(readFileSync(resolve(copyDir, f))) !== sum) throw new RehearsalError(`after the rehearsal, ${f} in ${copyDir} differs from the material`);
  }
  if (!synced.has(target) && existsSync(resolve(copyDir, target))) throw new RehearsalError(`after the rehearsal, the new file ${target} is still in ${copyDir}`);
  return synced.size;
}

/**
 * Runs one rehearsal: lock + back up (exclusive create), tamper, `run(copyDir)`, restore byte for
 * byte and check the whole copy against the material as synced, unlock. The result of `run` is
 * returned; restoring happens even when `run` throws.
 */
export async function rehearse<T>(opts: RehearsalOptions, run: (copyDir: string) => Promise<T>): Promise<T> {
  const copyDir = resolve(opts.copyDir);
  const sourceRoot = resolve(opts.sourceRoot);
  if (copyDir === sourceRoot || inside(copyDir, sourceRoot)) throw new RehearsalError('the copy must not contain the material');
  for (const f of [...opts.files, opts.target])
    if (resolve(copyDir, f) === resolve(sourceRoot, f)) throw new RehearsalError(`refusing to tamper the tracked file ${f}`);
  mkdirSync(copyDir, { recursive: true });
  const backupPath = join(copyDir, BACKUP_NAME);
  const deadline = Date.now() + (opts.maxWaitMs ?? 120_000);
  let fd: number | undefined;
  let announced = false;
  while (fd === undefined) {
    try {
      fd = openSync(backupPath, 'wx');
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const b = readBackup(backupPath);
    if (b !== undefined && !alive(b.owner)) {
      const pid = recoverInterrupted(copyDir);
      if (pid !== undefined) await opts.onStep?.({ kind: 'recovered', target: b.meta?.target ?? opts.target, ownerPid: pid });
      continue;
    }
    if (!announced) {
      announced = true;
      await opts.onStep?.({ kind: 'waiting', ownerPid: b?.owner.pid });
    }
    if (Date.now() > deadline) throw new RehearsalError(`waited too long for another rehearsal of ${copyDir} (owner pid ${b?.owner.pid ?? 'unknown'})`);
    await sleep(15);
  }
  const target = resolve(copyDir, opts.target);
  let backedUp = false;
  let synced = new Map<string, string>();
  try {
    writeSync(fd, `${JSON.stringify(SELF)}\n`);
    fsyncSync(fd);
    synced = syncCopy({ ...opts, copyDir, sourceRoot });
    const clean = existsSync(target) ? readFileSync(target) : undefined;
    const meta = { target: opts.target, absent: clean === undefined, ...(clean !== undefined ? { sha256: sha256(clean) } : {}) };
    writeSync(fd, `${JSON.stringify(meta)}\n`);
    if (clean !== undefined) writeSync(fd, clean);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    backedUp = true;
    await opts.onStep?.({ kind: 'backed-up', target: opts.target, sha256: meta.sha256 });
    const tampered = opts.tamper(clean?.toString('utf8'));
    if (clean !== undefined && Buffer.from(tampered, 'utf8').equals(clean)) throw new RehearsalError(`the tamper left ${opts.target} unchanged`);
    writeAtomic(target, Buffer.from(tampered, 'utf8'));
    await opts.onStep?.({ kind: 'tampered', target: opts.target });
    return await run(copyDir);
  } finally {
    if (fd !== undefined) closeSync(fd);
    let verified = 0;
    if (backedUp) {
      const b = readBackup(backupPath);
      if (b === undefined || b.owner.token !== SELF.token) throw new RehearsalError(`lost the backup of ${opts.target} in ${copyDir}`);
      restoreFrom(copyDir, b);
      verified = verifyCopy(copyDir, synced, opts.target);
    }
    rmSync(backupPath, { force: true });
    if (backedUp) await opts.onStep?.({ kind: 'restored', target: opts.target, verified });
  }
}
