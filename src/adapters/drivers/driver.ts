/**
 * What the hook and MCP drivers share: the adapter shape the CLI reports on (the host played, its
 * counts, every assumption), the levers they declare, and one worker's calls in request order.
 */
import type { LeverName } from '../../core/levers.ts';
import type { AdapterError } from '../../core/errors.ts';
import type { HistoryAdapter } from '../../core/contract.ts';

/** The levers a driver declares unless --levers says otherwise: a hook or a server may withhold or diff, it has no cap. */
export const DEFAULT_DRIVER_LEVERS: readonly LeverName[] = Object.freeze(['pointer', 'diff']);

export interface HostReport {
  /** "Claude Code hooks" / "MCP client". */
  readonly played: string;
  /** What happened, e.g. hook calls, denies, errors. */
  readonly counts: Readonly<Record<string, number>>;
}

export interface DriverAdapter extends HistoryAdapter {
  /** Every assumption the played host makes, for the report. */
  readonly assumptions: readonly string[];
  /** The host's counts so far. */
  host(): HostReport;
  /** Why the run cannot stand (exit 2) though every call answered, e.g. a hook that never succeeded. */
  failure(): AdapterError | undefined;
}

/** Runs a worker's calls one after another, in the order they were made (the played host does). */
export function serialQueue(): <T>(f: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(f: () => Promise<T>): Promise<T> => {
    const p = tail.then(f, f);
    tail = p.catch(() => undefined);
    return p;
  };
}

/** "`bash x.sh`" — a command as reports quote it. */
export const quoted = (command: string): string => `\`${command}\``;

export function describeLevers(levers: readonly LeverName[], cap: number | undefined): string {
  const list = `[${levers.join(', ')}]`;
  const capText =
    cap !== undefined
      ? `, a fixed cap of ${cap} bytes`
      : levers.includes('cap')
        ? ''
        : ', no cap lever (CAP-BOUND judges diffs only)';
  return `Levers declared: ${list}${capText} (--levers changes them); no arm surface, no seal, no counters, no stale serve.`;
}
