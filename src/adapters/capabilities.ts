/**
 * Capabilities, checked once for in-process and process adapters alike (docs/guide/adapter.md "Capabilities"):
 * an arm surface (`arms`) or a lever set (`levers`), never both; the mode a history runs under.
 */
import { ARM_NAMES, type ArmName } from '../core/arms.ts';
import { hostToolProblem, pageProblem } from '../core/host-tool.ts';
import { policiesProblem } from '../core/policies.ts';
import { reinjectProblem } from '../core/reinject.ts';
import { sessionsProblem } from '../core/sessions.ts';
import { LEVER_NAMES, isLeverName, modeOfArm, modeOfLevers, type Mode } from '../core/levers.ts';
import type { Capabilities, DrivenAdapter } from '../core/contract.ts';
import { UsageError } from '../core/errors.ts';
import { MAX_CAP } from '../core/limits.ts';

/** Every one of these must be given, true or false (docs/guide/adapter.md "Capabilities"). */
export const REQUIRED_CAPABILITIES = ['capParam', 'windows', 'staleServe', 'forget', 'counters', 'seal'] as const;
const OPTIONAL = [
  'diff',
  'persona',
  'armResolver',
  'countCallback',
  'hostNeverCompacts',
  'forgetWhole',
  'raceBarrier',
  'wrapTool',
  'caseInsensitive',
  'batch',
] as const;
/** The largest cap the kit runs (src/core/limits.ts). */
export { MAX_CAP };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a capabilities object is malformed, or undefined. */
export function capabilitiesProblem(raw: unknown): string | undefined {
  if (!isObj(raw)) return 'the adapter has no "capabilities" object';
  const hasArms = raw.arms !== undefined;
  const hasLevers = raw.levers !== undefined;
  if (hasArms && hasLevers)
    return 'capabilities declare both "arms" (an arm surface) and "levers"; declare one of them';
  if (!hasArms && !hasLevers)
    return `capabilities need "levers" (any of ${LEVER_NAMES.join('|')}) or "arms" (${ARM_NAMES.join('|')})`;
  if (
    hasArms &&
    (!Array.isArray(raw.arms) ||
      raw.arms.length === 0 ||
      !raw.arms.every((x) => (ARM_NAMES as readonly unknown[]).includes(x)))
  )
    return `capabilities.arms must be a non-empty list of ${ARM_NAMES.join('|')}`;
  if (
    hasLevers &&
    (!Array.isArray(raw.levers) || !raw.levers.every(isLeverName) || new Set(raw.levers).size !== raw.levers.length)
  )
    return `capabilities.levers must be a list of distinct ${LEVER_NAMES.join('|')} (empty: no lever, plain reads)`;
  const missing = REQUIRED_CAPABILITIES.filter((k) => raw[k] === undefined);
  if (missing.length > 0)
    return `capabilities lack ${missing.join(', ')}: each of ${REQUIRED_CAPABILITIES.join(', ')} is required, true or false (docs/guide/adapter.md "Capabilities")`;
  for (const k of REQUIRED_CAPABILITIES)
    if (typeof raw[k] !== 'boolean') return `capabilities.${k} must be true or false`;
  for (const k of OPTIONAL)
    if (raw[k] !== undefined && typeof raw[k] !== 'boolean')
      return `capabilities.${k} must be true or false when given`;
  if (hasLevers) {
    const levers = raw.levers as string[];
    if (raw.persona === true || raw.armResolver === true || raw.wrapTool === true)
      return 'capabilities.persona, armResolver and wrapTool belong to an arm surface ("arms"), not to a shim that declares "levers"';
    if (typeof raw.diff === 'boolean' && raw.diff !== levers.includes('diff'))
      return `capabilities.diff is ${String(raw.diff)} but "levers" ${levers.includes('diff') ? 'has' : 'lacks'} diff`;
    if (raw.staleServe === true && !levers.includes('cap'))
      return "capabilities.staleServe needs the cap lever (the stale serve is the cap's compensation)";
  }
  if (raw.cap !== undefined) {
    if (typeof raw.cap !== 'number' || !Number.isSafeInteger(raw.cap) || raw.cap < 4 || raw.cap > MAX_CAP)
      return `capabilities.cap must be an integer from 4 to ${MAX_CAP} (bytes) when given`;
    if (raw.capParam === true)
      return 'capabilities.cap (a fixed cap) and capParam (the cap is a parameter) exclude each other';
  }
  if (raw.reinject !== undefined) {
    const p = reinjectProblem(raw.reinject);
    if (p !== undefined) return p;
    if (raw.hostNeverCompacts === true)
      return 'capabilities.reinject (files re-attached after a compaction) and hostNeverCompacts exclude each other';
  }
  if (raw.sessions !== undefined) {
    const p = sessionsProblem(raw.sessions);
    if (p !== undefined) return p;
  }
  if (raw.policies !== undefined) {
    const p = policiesProblem(raw.policies, raw.seal === true);
    if (p !== undefined) return p;
  }
  if (raw.tool !== undefined) return hostToolProblem(raw.tool) ?? pageProblem(raw.tool, 'capabilities.tool');
  return undefined;
}

/** The arms an adapter declares (none for a lever shim). */
export const declaredArms = (caps: Capabilities): readonly ArmName[] => caps.arms ?? [];

/** An arm surface: arms plus a resolver (ARM-GUARD, ARM-TABLE, A2-NO-POINTER apply). */
export const hasArmSurface = (caps: Capabilities): boolean => caps.arms !== undefined && caps.armResolver === true;

/** The shim may answer diffs. */
export const offersDiff = (caps: Capabilities): boolean =>
  caps.levers !== undefined ? caps.levers.includes('diff') : caps.diff === true;

/** The mode histories run under: the declared levers, or the chosen arm (which must be declared). */
export function modeFor(caps: Capabilities, arm: ArmName | undefined): Mode {
  if (caps.levers !== undefined) return modeOfLevers(caps.levers);
  return modeOfArm(arm ?? 'all');
}

/**
 * The arm of the histories: none for a lever shim (an arm given is then a usage error); for an arm
 * surface, the one given if declared, else `all` if declared, else its only arm. `said` names
 * where the arm was given (`run: … --arm`, `describeConformance: … arm`).
 */
export function chooseArm(
  adapter: DrivenAdapter,
  wanted: ArmName | undefined,
  said: { readonly command: string; readonly option: string } = { command: 'run', option: '--arm' },
): ArmName | undefined {
  const arms = adapter.capabilities.arms;
  const { command, option } = said;
  if (arms === undefined) {
    if (wanted !== undefined)
      throw new UsageError(
        `${command}: adapter ${adapter.name} declares levers [${(adapter.capabilities.levers ?? []).join(', ')}], not arms: ${option} applies to shims with an arm surface; drop it`,
      );
    return undefined;
  }
  if (wanted !== undefined) {
    if (!arms.includes(wanted))
      throw new UsageError(
        `${command}: adapter ${adapter.name} does not declare arm ${wanted} (it declares ${arms.join(', ')})`,
      );
    return wanted;
  }
  if (arms.includes('all')) return 'all';
  if (arms.length === 1) return arms[0];
  throw new UsageError(
    `${command}: adapter ${adapter.name} declares arms ${arms.join(', ')}: choose one with ${option}`,
  );
}
