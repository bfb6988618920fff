/** Syntax-tree gates: configurable structural checks of a shim's JS/TS source (ts-morph). */
export { GATE_IDS, GATES, gateInfo, isGateId } from './ids.ts';
export type { GateId, GateInfo } from './ids.ts';
export { loadConfig, parseConfig, defaultConfigPath, packageRoot } from './config.ts';
export type { GatesConfig, GateSections, Locator, BoundaryLocator } from './config.ts';
export { GateConfigError } from './errors.ts';
export { GateContext } from './context.ts';
export type { Finding } from './context.ts';
export { runGates } from './run.ts';
export type { GateResult, GatesRun } from './run.ts';
export { NEGATIVE_CONTROLS, referenceMaterial } from './controls.ts';
export type { NegativeControl } from './controls.ts';
export { rehearse, recoverInterrupted, RehearsalError, BACKUP_NAME } from './rehearsal.ts';
export type { RehearsalOptions, RehearsalStep } from './rehearsal.ts';
