import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main, settle } from '../../../src/cli/main.ts';
import { runHere } from '../../../src/cli/commands/run.ts';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/readshim-conformance.js', import.meta.url));

export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI as a user would; a run still going after `limitMs` is killed (its code is then null).
 * The default only guards against a hang: spawnSync blocks vitest's own timer, so this is the limit.
 */
export function cli(args: readonly string[], cwd = ROOT, env: Record<string, string> = {}, limitMs = 600_000): Ran {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, READSHIM_PROGRESS: '0', ...env },
    timeout: limitMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The same dispatcher the bin calls (`main(argv)` of src/cli/main.ts), in this process: what it writes
 * to stdout and stderr, and its exit code. For usage errors and runs whose subject is not the
 * process itself: a spawn costs ~1.3 s of CPU just to start node and tsx. What only a process shows
 * (the bin's one-line internal error, an adapter's process.exit, a timer that keeps it alive) stays
 * end to end with `cli`. The streams, the environment and the working directory are swapped for
 * the call: never use it from tests that run concurrently (describe.concurrent).
 */
export function inProcess(args: readonly string[], cwd = ROOT, env: Record<string, string> = {}): Promise<Ran> {
  const { [HERE_KEY]: here, ...rest } = env;
  const [name, ...flags] = args;
  // `run` in this thread: what the bin's dispatcher does, minus the watched worker thread (src/cli/thread.ts).
  if (here !== undefined && name === 'run') return captured(() => settle(() => runHere(flags)), cwd, rest);
  return captured(() => main(args), cwd, rest);
}

/** Not an environment variable: inProcess takes it out before setting the environment. */
const HERE_KEY = '\0in-this-thread';

/**
 * Added to the environment of an `inProcess` run whose subject is not the worker thread an adapter
 * module runs in (src/cli/thread.ts): `run` loads the module here, sparing tsx's start in a thread.
 */
export const HERE: Readonly<Record<string, string>> = Object.freeze({ [HERE_KEY]: '1' });

/** Runs `command` (a command's exit code) with stdout and stderr captured, in `cwd` with `env` added. */
export async function captured(
  command: () => Promise<number>,
  cwd = ROOT,
  env: Record<string, string> = {},
): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  // Kept to be put back in `finally`, never called: unbound is fine.
  /* eslint-disable @typescript-eslint/unbound-method */
  const out = process.stdout.write;
  const err = process.stderr.write;
  /* eslint-enable @typescript-eslint/unbound-method */
  const was = process.cwd();
  const saved = new Map<string, string | undefined>();
  for (const [k, v] of Object.entries({ READSHIM_PROGRESS: '0', ...env })) {
    saved.set(k, process.env[k]);
    process.env[k] = v;
  }
  const capture = (append: (s: string) => void) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture((s) => (stdout += s));
  process.stderr.write = capture((s) => (stderr += s));
  process.chdir(cwd);
  try {
    const code = await command();
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.chdir(was);
    for (const [k, v] of saved)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

/**
 * A test's time limit sized by the CPU it needs, not by vitest's default: `cpuSeconds` of work
 * given 60× that in wall time (a 2-core machine shared by several suites, and by two hosts files at
 * once), at least a minute. A guard against a hang, never a verdict.
 */
export const cpuBudget = (cpuSeconds: number): number => Math.max(60_000, cpuSeconds * 60_000);
