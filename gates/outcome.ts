/** What one gate reports: how much it examined (kept above a floor) and what it found. */
import type { Finding } from './context.ts';

export interface GateOutcome {
  /** How many nodes the gate judged (see GATES[].unit); a floor is kept on it. */
  readonly checks: number;
  /** Every violation, in a deterministic order; the first one is the report's `finding`. */
  readonly findings: readonly Finding[];
}

/** Collects findings once per (file, line, node, message). */
export class Findings {
  readonly list: Finding[] = [];
  readonly #seen = new Set<string>();

  add(f: Finding): void {
    const key = `${f.file}\u0000${f.line}\u0000${f.node}\u0000${f.message}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.list.push(f);
  }
}
