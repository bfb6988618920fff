/**
 * A run cut short by SIGINT, SIGTERM or SIGHUP (a Ctrl-C, a CI cancel, a timeout) keeps the lies
 * it found (docs/reference/exit-codes.md): the processes and sandboxes of the run are ended, the
 * temporary files of an interrupted write removed, and stderr says which rules had failed so far
 * and where their traces are (saved as found, src/cli/failure-log.ts). Exit 1 when a rule had
 * failed, else the signal ends the kit as it would have (128 + its number). All within a second or
 * two: a CI cancel sends SIGTERM a few seconds after SIGINT, then SIGKILL.
 */
import { constants } from 'node:os';
import { EXIT } from '../core/errors.ts';
import { sweepTemps } from '../core/output.ts';
import { cleanupNow, ownSignals } from '../adapters/process/cleanup.ts';
import { kitExit } from '../adapters/exit-guard.ts';
import type { FailedRule } from './failure-log.ts';

export interface InterruptPlan {
  /** The rules failed so far, in the order they failed. */
  failed(): readonly FailedRule[];
  /** Folders the run writes in: this process's temporary files there are removed. */
  readonly folders: readonly string[];
  /** The command that replays a saved trace. */
  replay(file: string): string;
  /** Ends the run's worker thread, if it has one. */
  stop(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Signal = (typeof SIGNALS)[number];
/** How long the worker thread may take to end before the summary is printed anyway. */
const STOP_MS = 1_500;

const code = (signal: Signal): number => 128 + constants.signals[signal];

/** What stderr says when the run was interrupted. */
export function interruptLines(
  signal: Signal,
  failed: readonly FailedRule[],
  replay: (file: string) => string,
): string[] {
  if (failed.length === 0)
    return [`readshim-conformance: run interrupted by ${signal} before any rule failed (exit ${code(signal)})`];
  const saved = failed.filter((f) => f.file !== undefined);
  return [
    `readshim-conformance: run interrupted by ${signal}: ${failed.length} rule${failed.length === 1 ? '' : 's'} had failed so far (exit 1)`,
    ...failed.map(
      (f) =>
        `  ${f.rule}: ${f.file === undefined ? 'no trace saved' : `${f.file}${f.final ? '' : ' (the history as found, not yet shrunk)'}`}`,
    ),
    ...(saved.length > 0 ? [`  replay: ${replay(saved[0]!.file!)}`] : []),
  ];
}

/** Ends the kit by `signal` itself (its default action), as an uninterrupted kit would have ended. */
function dieBy(signal: Signal): void {
  for (const s of SIGNALS) process.removeAllListeners(s);
  process.kill(process.pid, signal);
  setTimeout(() => kitExit(code(signal)), 500);
}

/** Handles the signals until the returned function is called. */
export function onInterrupt(plan: InterruptPlan): () => void {
  let handling = false;
  let concluded = false;
  const conclude = (signal: Signal): void => {
    if (concluded) return;
    concluded = true;
    for (const dir of plan.folders) sweepTemps(dir);
    const failed = plan.failed();
    process.stderr.write(`${interruptLines(signal, failed, (f) => plan.replay(f)).join('\n')}\n`);
    // Not process.exit: while a subject runs in this thread, that is guarded and would blame the subject.
    if (failed.length > 0) kitExit(EXIT.failed);
    dieBy(signal);
  };
  const finish = async (signal: Signal): Promise<void> => {
    cleanupNow();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([plan.stop(), new Promise((r) => (timer = setTimeout(r, STOP_MS)))]);
    clearTimeout(timer);
    conclude(signal);
  };
  const handlers = SIGNALS.map((signal) => {
    const handler = (): void => {
      if (handling) return conclude(signal); // a second signal: the summary at once
      handling = true;
      void finish(signal);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  ownSignals(true);
  return () => {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
    ownSignals(false);
  };
}
