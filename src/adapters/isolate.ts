/**
 * Every subject the kit starts as a process (--process shims, --hook commands, --mcp servers)
 * starts through `spawnSubject`: through the shell as the caller, or under `--isolate` inside
 * bubblewrap (docs/reference/trust-model.md): the whole file system read-only, the caller's HOME hidden
 * (the subject's HOME is its fresh one), writable only the directories the kit made for it (its
 * sandbox, HOME, TMPDIR), no network but its own loopback, its own PID namespace with a process
 * limit, killed with the kit. The caller's environment is kept.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { delimiter, dirname, join, relative, isAbsolute } from 'node:path';
import { UsageError } from '../core/errors.ts';
import { onKitExit } from './process/cleanup.ts';
import { defined } from '../core/defined.ts';

/** Processes (threads count) one isolated subject may have at once: a fork bomb stops there. */
export const ISOLATE_MAX_PROCS = 256;

export const BWRAP_INSTALL =
  'apt-get install bubblewrap (Debian, Ubuntu), dnf install bubblewrap (Fedora), pacman -S bubblewrap (Arch)';

export interface Isolation {
  /** The bwrap executable. */
  readonly bwrap: string;
  /** prlimit (util-linux), which sets the process limit inside. */
  readonly prlimit: string;
  /** Directories hidden from the subject (the caller's HOME, as $HOME and as the passwd entry says). */
  readonly hide: readonly string[];
  readonly maxProcs: number;
  /**
   * A pids cgroup of the kit's own where one can be made (root with a writable pids controller):
   * each subject gets a child cgroup with pids.max, the limit the kernel enforces even for root,
   * which RLIMIT_NPROC is not. Undefined: the limit is RLIMIT_NPROC alone.
   */
  readonly pidsCgroup?: string;
}

export interface SubjectSpawn {
  /** The command line, run by /bin/sh -c. */
  readonly command: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Directories the subject may write (its sandbox, HOME, TMPDIR); all else is read-only. */
  readonly writable: readonly string[];
  /** Directories it must read even where they lie in a hidden HOME (the kit's node, an agent CLI's install). */
  readonly readable?: readonly string[];
  /** Under --isolate; undefined runs the command as the caller. */
  readonly isolation?: Isolation;
}

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `name` on a PATH, as the shell would find it. */
export function onPath(name: string, path: string | undefined = process.env.PATH): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    const f = join(dir, name);
    if (executable(f)) return f;
  }
  return undefined;
}

/**
 * The isolation of `--isolate`, or a UsageError (exit 2) naming the install command when bwrap or
 * prlimit is missing from PATH. `flag` is the command's name for the message.
 */
export function openIsolation(command: string, env: NodeJS.ProcessEnv = process.env): Isolation {
  const bwrap = onPath('bwrap', env.PATH);
  if (bwrap === undefined)
    throw new UsageError(
      `${command}: --isolate needs bubblewrap (bwrap), not found on PATH; install it: ${BWRAP_INSTALL}`,
    );
  const prlimit = onPath('prlimit', env.PATH);
  if (prlimit === undefined)
    throw new UsageError(
      `${command}: --isolate needs prlimit (util-linux), not found on PATH; install it: apt-get install util-linux`,
    );
  let passwdHome: string | undefined;
  try {
    passwdHome = userInfo().homedir;
  } catch {
    // no passwd entry: only $HOME is hidden
  }
  const hide = [
    ...new Set(
      [env.HOME, passwdHome].filter((d): d is string => d !== undefined && isAbsolute(d) && d !== '/' && existsSync(d)),
    ),
  ];
  const pidsCgroup = kitCgroup();
  return { bwrap, prlimit, hide, maxProcs: ISOLATE_MAX_PROCS, ...defined({ pidsCgroup }) };
}

let cgroupMade: string | null | undefined;
let subjects = 0;
/** Subject cgroups not yet removed (the kit's own can go only after them). */
const liveCgroups = new Set<string>();

/** The kit's pids cgroup (v1 pids controller, or the v2 root with pids), made once, removed at exit. */
function kitCgroup(): string | undefined {
  if (cgroupMade !== undefined) return cgroupMade ?? undefined;
  cgroupMade = null;
  for (const base of ['/sys/fs/cgroup/pids', '/sys/fs/cgroup']) {
    sweep(base);
    const dir = join(base, `readshim-${process.pid}`);
    try {
      mkdirSync(dir);
    } catch {
      continue;
    }
    if (existsSync(join(dir, 'pids.max'))) {
      try {
        writeFileSync(join(dir, 'cgroup.subtree_control'), '+pids'); // v2: the children need it
      } catch {
        // v1 has no subtree_control
      }
      cgroupMade = dir;
      onKitExit(() => {
        for (const c of liveCgroups) tryRmdir(c);
        tryRmdir(dir);
      });
      return dir;
    }
    rmdirSync(dir);
  }
  return undefined;
}

const tryRmdir = (dir: string): void => {
  try {
    rmdirSync(dir);
  } catch {
    // still busy at exit: its tasks are being killed with the kit
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes empty cgroups left by a kit that was killed (its exit handler never ran). */
function sweep(base: string): void {
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return;
  }
  for (const n of names) {
    const m = /^readshim-(\d+)$/.exec(n);
    if (m === null || alive(Number(m[1]))) continue;
    const dir = join(base, n);
    try {
      for (const sub of readdirSync(dir, { withFileTypes: true })) if (sub.isDirectory()) tryRmdir(join(dir, sub.name));
    } catch {
      // gone meanwhile
    }
    tryRmdir(dir);
  }
}

/** A fresh child cgroup limited to `max` tasks; removed once the subject is gone. */
function subjectCgroup(base: string, max: number): string | undefined {
  const dir = join(base, `s${subjects++}`);
  try {
    mkdirSync(dir);
    liveCgroups.add(dir);
    writeFileSync(join(dir, 'pids.max'), String(max));
    return dir;
  } catch {
    return undefined;
  }
}

/** Removes a subject's cgroup once its last task is gone (tasks of a killed namespace take a moment). */
function removeCgroup(dir: string, tries = 40): void {
  try {
    rmdirSync(dir);
    liveCgroups.delete(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EBUSY' && tries > 0)
      setTimeout(() => removeCgroup(dir, tries - 1), 50).unref();
  }
}

const inside = (dir: string, file: string): boolean => {
  const r = relative(dir, file);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
};

/**
 * bwrap's argument vector for one subject. Mount order matters (a later mount covers an earlier
 * one): the root read-only, a private /dev and /proc, each hidden HOME an empty tmpfs, the working
 * directory read-only again if it lies in a hidden HOME (the shim's own script is usually there),
 * the writable directories, then each hidden HOME remounted read-only.
 */
export function bwrapArgs(
  iso: Isolation,
  s: Pick<SubjectSpawn, 'command' | 'cwd' | 'writable' | 'readable'>,
): string[] {
  const a = [
    '--die-with-parent',
    '--unshare-net',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
  ];
  for (const h of iso.hide) a.push('--tmpfs', h);
  // The cwd always exists; a readable directory that does not is left out (bwrap would refuse it).
  for (const r of [s.cwd, ...(s.readable ?? []).filter((d) => existsSync(d))])
    if (iso.hide.some((h) => inside(h, r))) a.push('--ro-bind', r, r);
  for (const w of s.writable) a.push('--bind', w, w);
  for (const h of iso.hide) a.push('--remount-ro', h);
  a.push('--chdir', s.cwd, '--', iso.prlimit, `--nproc=${iso.maxProcs}`, '/bin/sh', '-c', s.command);
  return a;
}

/**
 * The install prefix of the command's executable (its first word, found on PATH), e.g.
 * ~/.pyenv/versions/3.11.7 for its bin/python3: an interpreter installed in the caller's HOME
 * must stay readable there, or the subject cannot start.
 */
export function commandPrefix(command: string, path: string | undefined): string | undefined {
  const m = /^\s*(?:'([^']+)'|"([^"]+)"|(\S+))/.exec(command);
  const word = m?.[1] ?? m?.[2] ?? m?.[3];
  if (word === undefined) return undefined;
  const file = word.includes('/') ? word : onPath(word, path);
  if (file === undefined || !isAbsolute(file)) return undefined;
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return undefined;
  }
  return dirname(dirname(real));
}

/** Starts the subject, its stdio piped, in its own process group (the kit kills the group). */
export function spawnSubject(given: SubjectSpawn): ChildProcessWithoutNullStreams {
  const prefix = given.isolation !== undefined ? commandPrefix(given.command, given.env.PATH) : undefined;
  const s: SubjectSpawn = prefix !== undefined ? { ...given, readable: [...(given.readable ?? []), prefix] } : given;
  if (s.isolation === undefined)
    return spawn(s.command, { shell: true, detached: true, cwd: s.cwd, env: s.env, stdio: 'pipe' });
  const iso = s.isolation;
  const cg = iso.pidsCgroup !== undefined ? subjectCgroup(iso.pidsCgroup, iso.maxProcs) : undefined;
  if (cg === undefined)
    return spawn(iso.bwrap, bwrapArgs(iso, s), { detached: true, cwd: s.cwd, env: s.env, stdio: 'pipe' });
  // The shell joins the cgroup before bwrap starts, so every process of the subject is counted.
  const child = spawn(
    '/bin/sh',
    ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cg, iso.bwrap, ...bwrapArgs(iso, s)],
    { detached: true, cwd: s.cwd, env: s.env, stdio: 'pipe' },
  );
  child.on('exit', () => removeCgroup(cg));
  return child;
}

/** The line the report's assumptions carry under --isolate. */
export function isolationAssumption(iso: Isolation): string {
  return `Isolated (--isolate, bubblewrap): every subject process sees the file system read-only, the caller's HOME (${iso.hide.join(', ') || 'none found'}) hidden behind an empty directory, writes only its sandbox, HOME and TMPDIR, has no network but its own loopback, runs in its own PID namespace with at most ${iso.maxProcs} processes (${iso.pidsCgroup !== undefined ? 'a pids cgroup' : 'RLIMIT_NPROC, counted per user, which the kernel does not enforce for root'}), and dies with the kit; it keeps the caller's environment variables.`;
}

/**
 * Why `--isolate` cannot be used on this machine (bwrap or prlimit missing, or namespaces refused,
 * as in an unprivileged container), or undefined when a trial sandbox runs `true`. The table and
 * the GitHub Action isolate by default and say so when this answers a reason.
 */
export function isolationUnavailable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const bwrap = onPath('bwrap', env.PATH);
  if (bwrap === undefined) return `bubblewrap (bwrap) is not installed (${BWRAP_INSTALL})`;
  if (onPath('prlimit', env.PATH) === undefined) return 'prlimit (util-linux) is not installed';
  const r = spawnSync(
    bwrap,
    [
      '--die-with-parent',
      '--unshare-net',
      '--unshare-pid',
      '--ro-bind',
      '/',
      '/',
      '--dev',
      '/dev',
      '--proc',
      '/proc',
      'true',
    ],
    { encoding: 'utf8', timeout: 10_000, env },
  );
  if (r.status === 0) return undefined;
  const why = (r.stderr ?? '').trim().split('\n')[0] ?? '';
  return `bubblewrap cannot make its namespaces here${why !== '' ? ` (${why})` : r.error ? ` (${r.error.message})` : ''}`;
}
