/**
 * Runs many mutants on a few child processes (one mutant at a time each). A mutant's result
 * depends only on the mutant, the seed and the budget, so results are the same whatever process
 * ran them and in whatever order; they are returned in the order asked.
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mutantById } from './index.ts';
import { runMutantById, type MutantResult, type MutantRunOptions } from './run.ts';

export interface PoolOptions extends MutantRunOptions {
  /** Child processes; 1 runs everything in this process. Default: up to 2 (the CI machine's cores). */
  readonly jobs?: number;
}

/** Messages between the parent and a child (JSON over the IPC channel). */
export type ToChild = {
  readonly type: 'run';
  readonly id: string;
  readonly options: Omit<MutantRunOptions, 'onProgress'>;
};
export type FromChild =
  | { readonly type: 'progress'; readonly line: string }
  | { readonly type: 'result'; readonly result: MutantResult }
  | { readonly type: 'failed'; readonly id: string; readonly message: string };

export function defaultJobs(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** How to start a child: child.ts next to this file, through tsx when the kit runs from its TypeScript sources. */
function childEntry(): { file: string; execArgv: string[] } {
  const ts = fileURLToPath(import.meta.url).endsWith('.ts');
  const file = fileURLToPath(new URL(`./child.${ts ? 'ts' : 'js'}`, import.meta.url));
  if (!ts) return { file, execArgv: [] };
  return { file, execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] };
}

/** The result of a mutant whose process died under it (it never answered). */
function lost(id: string, why: string): MutantResult {
  const spec = mutantById(id);
  return {
    id,
    rules: spec?.rules ?? [],
    arm: spec?.arm ?? 'cap',
    status: 'error',
    failedRules: [],
    runsToKill: null,
    killedBy: null,
    runsToKillWithoutCorpus: null,
    reason: why,
    ms: 0,
  };
}

export async function runMutants(ids: readonly string[], o: PoolOptions): Promise<MutantResult[]> {
  const jobs = Math.min(o.jobs ?? defaultJobs(), ids.length);
  const { onProgress, jobs: _jobs, ...options } = o;
  const results = new Map<string, MutantResult>();
  if (jobs <= 1) {
    for (const id of ids) results.set(id, await runMutantById(id, o));
    return ids.map((id) => results.get(id)!);
  }
  const queue = [...ids];
  const entry = childEntry();

  /** One child works the queue; if it dies, its mutant is an error and a new child takes over. */
  const worker = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const child = fork(entry.file, [], {
        execArgv: entry.execArgv,
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'json',
      });
      let stderr = '';
      let current: string | undefined;
      child.stderr?.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString('utf8')).slice(-2000);
      });
      const next = (): void => {
        current = queue.shift();
        if (current === undefined) child.disconnect();
        else child.send({ type: 'run', id: current, options } satisfies ToChild);
      };
      child.on('message', (m: FromChild) => {
        if (m.type === 'progress') onProgress?.(m.line);
        else {
          results.set(
            m.type === 'result' ? m.result.id : m.id,
            m.type === 'result' ? m.result : lost(m.id, `the run failed: ${m.message}`),
          );
          next();
        }
      });
      let ended = false;
      const end = (why: string): void => {
        if (ended) return;
        ended = true;
        if (current !== undefined && !results.has(current)) {
          const last = stderr.trim().split('\n').at(-1);
          results.set(current, lost(current, `the process running it ${why}${last ? `: ${last}` : ''}`));
          resolve(queue.length > 0 ? worker() : undefined);
        } else resolve();
      };
      child.once('exit', (code, signal) => end(`exited (${signal ?? `code ${code}`})`));
      child.once('error', (e) => end(`failed: ${e.message}`));
      next();
    });

  await Promise.all(Array.from({ length: jobs }, worker));
  return ids.map((id) => results.get(id) ?? lost(id, 'no process ran it'));
}
