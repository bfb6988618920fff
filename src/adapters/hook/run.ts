/**
 * What every history and worker of one hook run shares: the commands and limits, the played Read's
 * bound, how a withheld read is decoded, and the counts the report's host line gives (driver.ts
 * HostReport). A hook that failed every call decides nothing: the run ends with exit 2.
 */
import type { HostToolBound } from '../../core/host-tool.ts';
import { AdapterError } from '../../core/errors.ts';
import type { DriverDecoder, MorePatterns } from '../drivers/decode.ts';
import type { Isolation } from '../isolate.ts';

/** Calls after which a hook that failed every one of them ends the run (exit 2). */
export const NEVER_SUCCEEDED_AFTER = 10;

export interface HookCounts {
  preToolUse: number;
  allowed: number;
  asked: number;
  denied: number;
  hookErrors: number;
  updatedInput: number;
  postToolUse: number;
  postErrors: number;
  /** PostToolUse answers whose updatedToolOutput replaced what the worker was shown. */
  substituted: number;
  /** PostToolUse answers with updatedMCPToolOutput, which a built-in Read ignores. */
  mcpOutputIgnored: number;
  preCompact: number;
  compactErrors: number;
  /** PostToolUse outputs read as a pointer, diff, delta or withheld notice (not the Read's text). */
  decodedOutput: number;
  /** SessionStart calls (--hook-session-start), and those that exited non-zero. */
  sessionStart: number;
  sessionStartErrors: number;
  /** Whole-worker forgets as the played host played them (--hook-forget). */
  compactions: number;
  clears: number;
  rewinds: number;
}

/** How the played host forgets a whole worker (--hook-forget): each in turn, cycling. */
export type ForgetKind = 'compact' | 'clear' | 'rewind';
export const FORGET_KINDS: readonly ForgetKind[] = Object.freeze(['compact', 'clear', 'rewind']);

/** The run's settings, resolved (src/adapters/hook/adapter.ts HookDriverOptions). */
export interface HookSetup {
  readonly command: string;
  readonly post: string | undefined;
  readonly compact: string | undefined;
  /** SessionStart (--hook-session-start): at a worker's start, after a compaction, after a clear. */
  readonly sessionStart: string | undefined;
  /** The forgets the played host cycles through (--hook-forget; default compactions only). */
  readonly forgets: readonly ForgetKind[];
  /** A subagent's hooks run under its parent's session_id (--hook-subagents shared), or a session of its own. */
  readonly subagents: 'own' | 'shared';
  readonly timeoutMs: number;
  readonly cwd: string;
  /** What the played Read returns (--hook-tool, else Claude Code's). */
  readonly bound: HostToolBound;
  /** The pointer pattern's source and its case-insensitive regular expression. */
  readonly pattern: string;
  readonly pointer: RegExp;
  /** Spec 2.2: --delta-pattern, --withheld-pattern with --policy (src/adapters/drivers/decode.ts morePatterns). */
  readonly more?: MorePatterns;
  /** Their words for the report (describeMorePatterns; '' when none). */
  readonly moreSaid?: string;
  readonly decoder: DriverDecoder | undefined;
  readonly sandboxDir: string | undefined;
  readonly isolation: Isolation | undefined;
}

export class HookRun {
  readonly counts: HookCounts = {
    preToolUse: 0,
    allowed: 0,
    asked: 0,
    denied: 0,
    hookErrors: 0,
    updatedInput: 0,
    postToolUse: 0,
    postErrors: 0,
    substituted: 0,
    mcpOutputIgnored: 0,
    preCompact: 0,
    compactErrors: 0,
    decodedOutput: 0,
    sessionStart: 0,
    sessionStartErrors: 0,
    compactions: 0,
    clears: 0,
    rewinds: 0,
  };
  #firstError: string | undefined;
  #toolUses = 0;

  constructor(readonly setup: HookSetup) {}

  /** A fresh tool_use_id for a Read. */
  toolUseId(): string {
    return `toolu_readshim_${++this.#toolUses}`;
  }

  /** A PreToolUse call that ended in an error (`why`): counted; once every call so far failed, the run ends. */
  hookError(why: string): void {
    this.counts.hookErrors++;
    this.#firstError ??= why;
    // A hook that fails every call decides nothing: stop early rather than judge plain reads for minutes.
    if (this.counts.preToolUse >= NEVER_SUCCEEDED_AFTER && this.counts.hookErrors === this.counts.preToolUse)
      throw this.#neverSucceeded();
  }

  #neverSucceeded(): AdapterError {
    return new AdapterError(
      `the PreToolUse hook ${JSON.stringify(this.setup.command)} never succeeded: all ${this.counts.preToolUse} calls ended in an error (first: ${this.#firstError}), so nothing it decides was judged`,
    );
  }

  failure(): AdapterError | undefined {
    const { preToolUse, hookErrors } = this.counts;
    return preToolUse > 0 && hookErrors === preToolUse ? this.#neverSucceeded() : undefined;
  }
}
