/** The syntax-tree gates (GATES.md): stable IDs, laws, what `checks` counts. */

export const GATE_IDS = [
  'GATE-STALE-NO-LEDGER',
  'GATE-NO-MODULE-STATE',
  'GATE-ARMS-FROZEN',
  'GATE-ARM-STRICT-EQ',
  'GATE-SLICE-VIA-BOUNDARY',
  'GATE-NOTICE-SEALED',
  'GATE-ORACLE-INDEPENDENT',
] as const;

export type GateId = (typeof GATE_IDS)[number];

export interface GateInfo {
  readonly id: GateId;
  /** The rule IDs whose structural half the gate guards. */
  readonly rules: readonly string[];
  /** The law in one sentence. */
  readonly law: string;
  /** What the gate's `checks` count is a count of (a floor is kept on it). */
  readonly unit: string;
}

export const GATES: readonly GateInfo[] = Object.freeze([
  Object.freeze({
    id: 'GATE-STALE-NO-LEDGER',
    rules: Object.freeze(['STALE-NO-RECORD']),
    law: 'No code the stale serve can run reaches the ledger: directly, through an alias, through this.…, or through a helper.',
    unit: 'identifiers in code the stale serve reaches',
  }),
  Object.freeze({
    id: 'GATE-NO-MODULE-STATE',
    rules: Object.freeze(['ISOLATION']),
    law: 'The shim keeps no module-level mutable state (no let, Map, Set, array or object literal); frozen literals of immutable values are fine.',
    unit: 'module-level bindings and static fields',
  }),
  Object.freeze({
    id: 'GATE-ARMS-FROZEN',
    rules: Object.freeze(['ARM-TABLE']),
    law: 'Every arm table is a const wrapped in Object.freeze (Object.seal does not count), nested tables too.',
    unit: 'arm tables',
  }),
  Object.freeze({
    id: 'GATE-ARM-STRICT-EQ',
    rules: Object.freeze(['ARM-GUARD']),
    law: 'The arm resolver tests the flag only with === / !== (typeof and switch are strict too); truthiness, ==, lookups and `in` fail.',
    unit: 'uses of the arm flag',
  }),
  Object.freeze({
    id: 'GATE-SLICE-VIA-BOUNDARY',
    rules: Object.freeze(['UTF8-WHOLE']),
    law: "Every byte slice of content takes its end from the UTF-8 boundary function (or the buffer's own length).",
    unit: 'byte slices',
  }),
  Object.freeze({
    id: 'GATE-NOTICE-SEALED',
    rules: Object.freeze(['NOTICE-SEALED']),
    law: 'Every notice template starts with the prefix that carries the seal, and the prefix embeds its seal.',
    unit: 'notice return expressions',
  }),
  Object.freeze({
    id: 'GATE-ORACLE-INDEPENDENT',
    rules: Object.freeze([]),
    law: "Nothing under the oracle's folders (the oracle and the spec validator) imports the reference, directly or through other modules.",
    unit: 'module specifiers followed',
  }),
] satisfies readonly GateInfo[]);

export function isGateId(s: string): s is GateId {
  return (GATE_IDS as readonly string[]).includes(s);
}

export function gateInfo(id: GateId): GateInfo {
  const info = GATES.find((g) => g.id === id);
  if (info === undefined) throw new Error(`no gate ${id}`);
  return info;
}
