/**
 * What a conformance run hands back: the result types every phase, the engine, shards, baselines
 * and the reports share. Imports only src/core/ and leaf modules of properties/ (no phase, no engine),
 * so that the orchestrator (properties/run.ts) sits above everything it orchestrates.
 */
import type { CoverageReport } from './crossed/coverage.ts';
import type { WithholdPolicy } from '../src/core/policies.ts';
import type { Frame } from './picture.ts';
import type { ArmName } from '../src/core/arms.ts';
import type { HostToolBound } from '../src/core/host-tool.ts';
import type { LeverName } from '../src/core/levers.ts';
import type { RuleId } from '../src/core/rules.ts';
import type { Trace } from '../src/core/trace.ts';
import type { LieClassId } from './corpus/classes.ts';
import type { LeverUse } from './lever-use.ts';
import type { RuleStatus } from './verdict.ts';

/** Where a rule's checks came from, in the order a run plays them. */
export type Phase = 'probes' | 'replays' | 'corpus' | 'random';
export const PHASES: readonly Phase[] = Object.freeze(['probes', 'replays', 'corpus', 'random']);

/** Waste, not a lie (never changes the exit code): reported beside the verdict and in bench. */
export type EfficiencyKind = 'alias-resend' | 'short-slice';

export interface EfficiencyFinding {
  readonly kind: EfficiencyKind;
  /** Responses with this waste. */
  readonly count: number;
  /** Bytes re-sent (alias-resend) or short of a full slice (short-slice), summed. */
  readonly bytes: number;
  /** The first occurrence, told as a story. */
  readonly story: readonly string[];
  /** Work unit of that first occurrence (-1: a probe or replay), for combining shards. */
  readonly unit?: number;
}

/** How the shrinking went, for the report: histories judged, and whether the budget stopped it. */
export interface ShrinkInfo {
  readonly histories: number;
  readonly budgetSpent: boolean;
  /** The session band: the events the told history was reduced to, event by event (properties/engine/reduce.ts). */
  readonly reducedTo?: number;
  /** The run's time bound stopped it (the smallest failing history so far is told). */
  readonly stopped?: true;
}

/**
 * How far a run got when its time bound stopped it (`run --max-seconds`): what it had not done.
 * Absent when it did everything it planned.
 */
export interface StoppedEarly {
  /** Corpus cases not played because the bound came first. */
  readonly corpusNotReached: number;
  /** Random histories judged, and how many this run (or shard) planned, over every cap band. */
  readonly histories: number;
  readonly planned: number;
  /** Rules whose shrinking the bound cut short (their story is the smallest failing history so far). */
  readonly shrinkingCut: readonly RuleId[];
}

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

export interface ShardInfo extends Shard {
  /** Work units this shard ran, of how many in the whole run. */
  readonly units: number;
  readonly totalUnits: number;
}

export interface CaseOutcome {
  readonly id: string;
  readonly lieClass: LieClassId;
  readonly played: boolean;
  /** Why it was not played (a need the adapter does not meet, a cap it cannot be played at). */
  readonly reason?: string;
  readonly cap?: number;
  /** Rules this case broke (an unsealed shim's mimicry cases break none: they are advisories). */
  readonly failed: readonly RuleId[];
  /** Played in the one history of its condition's cells (a shared condition, properties/crossed/cases.ts): its id. */
  readonly playedIn?: string;
}

/** A finding that never changes the exit code (an unsealed shim's notice mimicry). */
export interface Advisory {
  readonly rule: RuleId;
  readonly case: string;
  /** The kind of notice mimicked ("pointer", "partial slice", …). */
  readonly notice: string;
  readonly message: string;
  readonly story: readonly string[];
}

export interface Counterexample {
  readonly story: readonly string[];
  /** The trace that replays it (events with the responses this shim gave). */
  readonly trace: Trace;
  readonly seed: number;
  readonly fcPath?: string;
  readonly cap: number;
  /** The arm of an arm-surface shim (absent for a lever shim: see the trace header's levers). */
  readonly arm?: ArmName;
  /** Where it came from: a cap band, a surface probe, or a replayed trace. */
  readonly source: string;
  /** The same history gave a different verdict when replayed. */
  readonly nondeterministic?: boolean;
  /** Position of the work unit that found it (properties/shard.ts); absent for probes and replays, which come first. */
  readonly unit?: number;
  /** How the shrinking went: histories judged, and whether --shrink's budget stopped it (a generated history only). */
  readonly shrink?: ShrinkInfo;
  /**
   * Findings of the story that follow from this rule's failure (spec/SPEC.md "Consequences"): the
   * rule each would have broken and its 1-based step. They count against no rule.
   */
  readonly consequences?: readonly ConsequenceRef[];
  /** The story's picture, per read and stale serve (`--reporter html`; not in the JSON report, which has the story). */
  readonly frames?: readonly Frame[];
}

export interface ConsequenceRef {
  readonly rule: RuleId;
  readonly step: number;
}

export interface RuleResult {
  readonly id: RuleId;
  readonly status: RuleStatus;
  /** All checks of the rule; `checksFrom` splits them by phase (they sum to this). */
  readonly checks: number;
  readonly checksFrom: Readonly<Record<Phase, number>>;
  /** Phases that broke the rule: a probe, a replayed trace, the first corpus case, the smallest random budget (histories per band). */
  readonly brokenBy?: BrokenBy;
  readonly reason?: string;
  readonly counterexample?: Counterexample;
  /**
   * Every distinct lie class of the directed corpus that broke the rule, in corpus order, when
   * there are two or more (each its first case); the first MECHANISM_STORIES carry their story.
   */
  readonly mechanisms?: readonly Mechanism[];
}

/** Stories told per failed rule, the counterexample's included; the other mechanisms are listed. */
export const MECHANISM_STORIES = 3;

export interface Mechanism {
  readonly lieClass: LieClassId;
  readonly case: string;
  readonly message: string;
  readonly story?: readonly string[];
}

export interface BrokenBy {
  readonly probes?: true;
  readonly replays?: string;
  readonly corpus?: string;
  readonly random?: number;
}

/** The corpus phase of a run (shard 1 only): every case, played or why not. */
export interface CorpusSummary {
  readonly played: number;
  readonly cases: readonly CaseOutcome[];
}

export interface BandUsed {
  readonly band: string;
  /** A fixed cap, or the range the band draws from. */
  readonly cap: number | string;
  readonly histories: number;
}

export type FileIdentity = 'realpath' | 'realpath, case folded';

export interface RunResult {
  readonly adapter: string;
  /** The arm of the histories (arm-surface shims), absent for a shim that declares levers. */
  readonly arm?: ArmName;
  /** The levers in force (the arm's row, or the declared levers). */
  readonly levers: readonly LeverName[];
  /** The host tool's bound the histories ran with, when declared. */
  readonly tool?: HostToolBound;
  readonly caps: readonly BandUsed[];
  readonly seed: number;
  readonly runs: number;
  readonly rules: readonly RuleResult[];
  readonly summary: {
    readonly passed: number;
    readonly failed: number;
    readonly na: number;
    readonly unexercised: number;
  };
  /** Assumptions the verdict rests on (e.g. a host that never compacts). */
  readonly assumptions: readonly string[];
  /**
   * Spec 2.1: the oracle's identity of a file (spec/SPEC.md "Links and case"): its realpath
   * (every symlink followed), case folded on a host that declares `caseInsensitive`.
   */
  readonly fileIdentity?: FileIdentity;
  /** Spec 2.2, with RunOptions.alsoSpec21: the rules spec 2.1 would have failed in this run's histories. */
  readonly failedUnder21?: readonly RuleId[];
  /** Spec 2.2: verdicts of replayed traces of an older spec that moved with 2.2 (properties/moved.ts). */
  readonly moved?: readonly MovedVerdict[];
  /** Spec 2.2: replayed traces (saved failures) that fail these rules no more only because of 2.2. */
  readonly fixedBySpec?: readonly { readonly replay: string; readonly rules: readonly RuleId[] }[];
  /** Spec 2.2: the shim's own withholding policies, as declared (capabilities.policies). */
  readonly policies?: readonly WithholdPolicy[];
  readonly claims: Readonly<Record<string, number>>;
  /** Waste, not lies (never changes the exit code): re-sends across alias spellings, short slices. */
  readonly efficiency: readonly EfficiencyFinding[];
  /** Per lever: responses that offered it and responses that used it (a declared lever never used is n/a, not unexercised). */
  readonly leverUse: Readonly<LeverUse>;
  /** Set when this run is one shard of a split run: its verdicts combine with combineShards(). */
  readonly shard?: ShardInfo;
  /** The directed corpus as played (absent when it was not: --replay, a shard other than 1, corpus off). */
  readonly corpus?: CorpusSummary;
  /** Findings that never change the exit code: an unsealed shim's notice mimicry (NOTICE-SEALED). */
  readonly advisories: readonly Advisory[];
  /**
   * How often the corpus and the random phase reached each conditions × edits cell's whole chain
   * (properties/crossed/coverage.ts); absent for a replay.
   */
  readonly coverage?: CoverageReport;
  /** Set when the run's time bound stopped it before it did all it planned: never a pass. */
  readonly stoppedEarly?: StoppedEarly;
}

/** Spec 2.2: a verdict of a replayed older trace that moved (properties/moved.ts). */
export interface MovedVerdict {
  /** The replayed trace. */
  readonly replay: string;
  readonly rule: RuleId;
  /** 1-based event of the trace. */
  readonly step: number;
  /** What spec 2.2 says of that response for that rule. */
  readonly now: 'lie' | 'true';
  /** The semantic change behind the move. */
  readonly reason: string;
}
