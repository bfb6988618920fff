/** readshim-conformance — the public API. README.md documents every export. */
export { defineAdapter, defineBytesAdapter } from './core/contract.ts';
export type {
  AdapterContext,
  AnyWorkerShim,
  BytesShimAdapter,
  BytesWorkerShim,
  ToolOutput,
  Capabilities,
  Counters,
  DecodeInfo,
  HostTool,
  KitFs,
  ReadArgs,
  ReadManyArgs,
  BatchPart,
  ShimAdapter,
  StaleRequest,
  Surface,
  WorkerShim,
} from './core/contract.ts';
export type {
  Claim,
  ClaimKind,
  SliceClaim,
  PointerClaim,
  DiffClaim,
  StaleClaim,
  RefusalClaim,
  VerbatimClaim,
  RefusalReason,
} from './core/claims.ts';
export { claimProblem } from './core/claims.ts';
export { RULE_IDS, TRUTH_RULES, SURFACE_RULES, isRuleId } from './core/rules.ts';
export type { RuleId } from './core/rules.ts';
export { RULES } from '../properties/rules/index.ts';
export type { RuleInfo } from '../properties/rules/index.ts';
export { ARM_NAMES, ARM_TABLE, ARM_FLAGS } from './core/arms.ts';
export type { ArmName, Levers } from './core/arms.ts';
export { parseTrace, formatTrace, TraceError } from './core/trace.ts';
export { joinBatch, splitBatch } from './core/batch.ts';
export type { Trace, TraceEvent, TraceHeader, RecordedResponse } from './core/trace.ts';
export { KIT_VERSION, SPEC_VERSION } from './core/version.ts';
export { runConformance, sealFor, DEFAULT_RUNS } from '../properties/run.ts';
export type { RunOptions, RunResult, RuleResult, RuleStatus, Counterexample } from '../properties/run.ts';
export { loadAdapter } from './adapters/load.ts';
export { combineShards } from '../properties/shard.ts';
export type { Shard } from '../properties/shard.ts';
export type { DriverDecoder, DriverDecodeInfo, DriverSource } from './adapters/drivers/decode.ts';
export type { AgentProfile, AgentEnvInfo, AgentResultInfo } from './adapters/agent/profile.ts';
export type { AgentWire } from './adapters/agent/wire/index.ts';
