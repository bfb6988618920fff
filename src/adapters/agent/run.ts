/**
 * What every history and worker of one agent run shares: the profile and the command that starts
 * its CLI, the limits, where scratch directories go, the CLI's version once asked, and the counts
 * the report's host line gives (driver.ts HostReport).
 */
import { randomBytes } from 'node:crypto';
import { AdapterError } from '../../core/errors.ts';
import type { HostReport } from '../drivers/driver.ts';
import type { Isolation } from '../isolate.ts';
import { inMeasuredRange, measuredRange, type AgentProfile } from './profile.ts';

export interface AgentCounts {
  workers: number;
  reads: number;
  toolResults: number;
  stubs: number;
  refusals: number;
  sideRequests: number;
  requests: number;
  compactions: number;
  reattached: number;
  /** Turns the kit ended before a CLI's loop guard would halt one (profile.maxIdenticalCalls). */
  turnBreaks: number;
}

export interface AgentLimits {
  /** Per turn (a request of the CLI), in ms. */
  readonly timeoutMs: number;
  /** For the CLI's first request. */
  readonly startMs: number;
}

const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

export class AgentRun {
  readonly counts: AgentCounts = {
    workers: 0,
    reads: 0,
    toolResults: 0,
    stubs: 0,
    refusals: 0,
    sideRequests: 0,
    requests: 0,
    compactions: 0,
    reattached: 0,
    turnBreaks: 0,
  };
  /** Wall time from each read's tool call to the request that carried its result (report only). */
  readonly turnMs: number[] = [];
  /** Destinations the proxy trap refused ("host:port" → attempts), over every history. */
  readonly refused = new Map<string, number>();
  /** `<command> --version`, asked by the first history. */
  version: string | undefined;
  readonly #nonce = randomBytes(4).toString('hex');
  #toolUses = 0;

  constructor(
    readonly profile: AgentProfile,
    /** The executable as a command line (run by the shell). */
    readonly command: string,
    readonly limits: AgentLimits,
    readonly sandboxDir: string | undefined,
    readonly isolation: Isolation | undefined,
    /** Read-only inside the sandbox even where they lie in the caller's (hidden) HOME. */
    readonly readable: readonly string[],
  ) {}

  /** "qwen-code 0.30.1, outside the range the profile was measured on (0.24.4)": for messages that quote the CLI. */
  versionNote(): string {
    const p = this.profile;
    const at = inMeasuredRange(p, this.version);
    const where = at === true ? 'within' : at === false ? 'outside' : 'version unknown; compared with';
    return `${p.name} ${this.version ?? 'of unknown version'}, ${where} the range the profile was measured on (${measuredRange(p)})`;
  }

  /** A fresh tool-use id for a read's tool call. */
  toolUseId(): string {
    return `toolu_01readshim${this.#nonce}${String(++this.#toolUses).padStart(6, '0')}`;
  }

  /** Adds a closed history's refused destinations. */
  addRefused(refused: ReadonlyMap<string, number>): void {
    for (const [d, n] of refused) this.refused.set(d, (this.refused.get(d) ?? 0) + n);
  }

  host(): HostReport {
    return {
      played: `the model of ${this.profile.name} ${this.version ?? ''}`.trim(),
      counts: {
        ...this.counts,
        refusedDestinations: [...this.refused.values()].reduce((a, b) => a + b, 0),
        medianTurnMs: Math.round(median(this.turnMs) * 10) / 10,
      },
    };
  }

  /** A run whose CLIs never asked to read judged nothing. */
  failure(): AdapterError | undefined {
    return this.counts.workers > 0 && this.counts.reads === 0
      ? new AdapterError(`${this.profile.name} was never asked to read`)
      : undefined;
  }
}
