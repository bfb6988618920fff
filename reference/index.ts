/** readshim-conformance/reference — the reference read shim. */
export { createReadShim, personaLine, checkCap, DEFAULT_CAP } from './shim.ts';
export type { ReadShim, ReadTool, ShimOptions, ShimSummary } from './shim.ts';
export { resolveArm, LEGAL_ARM_SPELLINGS, ARM_OFF, ARM_CAP, ARM_DIFF, ARM_ALL } from './arms.ts';
export type { Arm, ArmFlag } from './arms.ts';
export { decodeResponse } from './decode.ts';
export type { ReferenceClaim } from './decode.ts';
export type { StaleRequest } from './stale.ts';
export { sealPrefix } from './notices.ts';
