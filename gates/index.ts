/** Syntax-tree gates: configurable structural checks of a shim's JS/TS source (ts-morph). */
export { GATE_IDS, GATES, gateInfo, isGateId } from './ids.ts';
export type { GateId, GateInfo } from './ids.ts';
export { loadConfig, parseConfig, defaultConfigPath, packageRoot } from './config.ts';
export type { GatesConfig, GateSections, Locator, BoundaryLocator } from './config.ts';
export { GateConfigError } from './errors.ts';
export { GateContext } from './context.ts';
export type { Finding } from './context.ts';
export { runGates } from './run.ts';
export type { GateResult, GateStatus, GatesRun } from './run.ts';
