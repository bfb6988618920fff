/** All surface probes, once per run, over every arm the adapter declares. */
import type { DrivenAdapter } from '../../src/core/contract.ts';
import { probeArmGuard } from './arm-guard.ts';
import { probeArmBehaviour } from './arm-behaviour.ts';
import { probeCapParam } from './cap-param.ts';
import { probeOffIdentity } from './off-identity.ts';
import { probePersona } from './persona.ts';
import { emptyResult, type ProbeResult } from './types.ts';

export type { ProbeResult, ProbeFinding } from './types.ts';

export async function runSurfaceProbes(
  adapter: DrivenAdapter,
  seal: string,
  seed: number,
  opTimeoutMs?: number,
): Promise<ProbeResult> {
  const r = emptyResult();
  await probeArmGuard(adapter, seed, r);
  await probeOffIdentity(adapter, r);
  await probePersona(adapter, seal, r);
  await probeCapParam(adapter, seal, r);
  await probeArmBehaviour(adapter, seal, r, opTimeoutMs);
  return r;
}
