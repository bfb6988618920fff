/** Runs every configured gate over one shared project; a gate left out of the config is skipped. */
import type { GateSections, GatesConfig } from './config.ts';
import { GateContext, type Finding } from './context.ts';
import { GATE_IDS, gateInfo, type GateId } from './ids.ts';
import type { GateOutcome } from './outcome.ts';
import { gateArmStrictEq } from './arm-strict-eq.ts';
import { gateArmsFrozen } from './arms-frozen.ts';
import { gateNoModuleState } from './no-module-state.ts';
import { gateNoticeSealed } from './notice-sealed.ts';
import { gateOracleIndependent } from './oracle-independent.ts';
import { gateSliceViaBoundary } from './slice-via-boundary.ts';
import { gateStaleNoLedger } from './stale-no-ledger.ts';

/** `unexercised`: no finding, but the gate judged nothing either (0 checks) — never a pass. */
export type GateStatus = 'pass' | 'fail' | 'unexercised';

export interface GateResult {
  readonly id: GateId;
  readonly status: GateStatus;
  readonly checks: number;
  readonly unit: string;
  readonly findings: readonly Finding[];
}

export interface GatesRun {
  readonly results: readonly GateResult[];
  /** Gates the config does not configure. */
  readonly skipped: readonly GateId[];
}

type Runners = { readonly [K in GateId]: (ctx: GateContext, cfg: NonNullable<GateSections[K]>) => GateOutcome };

const RUNNERS: Runners = Object.freeze({
  'GATE-STALE-NO-LEDGER': gateStaleNoLedger,
  'GATE-NO-MODULE-STATE': gateNoModuleState,
  'GATE-ARMS-FROZEN': gateArmsFrozen,
  'GATE-ARM-STRICT-EQ': gateArmStrictEq,
  'GATE-SLICE-VIA-BOUNDARY': gateSliceViaBoundary,
  'GATE-NOTICE-SEALED': gateNoticeSealed,
  'GATE-ORACLE-INDEPENDENT': gateOracleIndependent,
});

function runOne<K extends GateId>(id: K, ctx: GateContext, cfg: NonNullable<GateSections[K]>): GateResult {
  const outcome = (RUNNERS[id] as (c: GateContext, s: NonNullable<GateSections[K]>) => GateOutcome)(ctx, cfg);
  const status: GateStatus = outcome.findings.length > 0 ? 'fail' : outcome.checks === 0 ? 'unexercised' : 'pass';
  return { id, status, checks: outcome.checks, unit: gateInfo(id).unit, findings: outcome.findings };
}

/** Every configured gate, in registry order. Config problems throw GateConfigError. */
export function runGates(config: GatesConfig, ctx: GateContext = GateContext.build(config)): GatesRun {
  const results: GateResult[] = [];
  const skipped: GateId[] = [];
  for (const id of GATE_IDS) {
    const section = config.gates[id];
    if (section === undefined) skipped.push(id);
    else results.push(runOne(id, ctx, section as NonNullable<GateSections[typeof id]>));
  }
  return { results, skipped };
}
