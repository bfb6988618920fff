/**
 * The failure database written as a run goes (README "run", docs/reference/exit-codes.md): each
 * rule's counterexample is saved the moment it is found — a random history before it is shrunk,
 * then the shrunk one in its place — so a run cut short by a signal or a CI timeout keeps every
 * lie it found as a replayable trace. An uninterrupted run leaves what it always left: one trace
 * per failed rule, the one the report tells.
 */
import { rmSync } from 'node:fs';
import type { RuleId } from '../core/rules.ts';
import type { Trace } from '../core/trace.ts';
import { UsageError } from '../core/errors.ts';
import { saveFailure } from './failures.ts';

/** A rule that failed so far: where its trace is (none when not saved), and whether that trace is the final one. */
export interface FailedRule {
  readonly rule: RuleId;
  readonly file?: string;
  /** False while the trace is the history as found, before shrinking. */
  readonly final: boolean;
}

export class FailureLog {
  readonly #dir: string | undefined;
  readonly #told: (f: FailedRule) => void;
  readonly #failed = new Map<RuleId, FailedRule>();
  /** Files this run created (only those are ever removed). */
  readonly #made = new Set<string>();
  /** Why a rule's trace could not be saved. */
  readonly #unsaved = new Map<RuleId, string>();

  /** `dir`: the failure database, or undefined when nothing is saved (--no-save, --replay). */
  constructor(dir: string | undefined, told: (f: FailedRule) => void = () => {}) {
    this.#dir = dir;
    this.#told = told;
  }

  /** The rules failed so far, in the order they failed. */
  failed(): FailedRule[] {
    return [...this.#failed.values()];
  }

  /** Why `rule`'s trace could not be saved, or undefined. */
  unsaved(rule: RuleId): string | undefined {
    return this.#unsaved.get(rule);
  }

  /** A rule's counterexample as it comes (properties/run.ts JudgeOptions.onFailure). */
  readonly note = (rule: RuleId, trace: Trace, stage: 'found' | 'final'): void => {
    const before = this.#failed.get(rule);
    if (before?.final === true && stage === 'found') return;
    const file = this.#save(rule, trace);
    // The shrunk trace replaces the one found, if this run made that one.
    if (stage === 'final' && before?.file !== undefined && before.file !== file && this.#made.has(before.file)) {
      rmSync(before.file, { force: true });
      this.#made.delete(before.file);
    }
    const now: FailedRule = { rule, ...(file !== undefined ? { file } : {}), final: stage === 'final' };
    this.#failed.set(rule, now);
    if (before?.file !== now.file || before?.final !== now.final) this.#told(now);
  };

  #save(rule: RuleId, trace: Trace): string | undefined {
    if (this.#dir === undefined || trace.events.length === 0) return undefined;
    try {
      const file = saveFailure(this.#dir, rule, trace, (made) => this.#made.add(made));
      this.#unsaved.delete(rule);
      return file;
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      this.#unsaved.set(rule, e.message);
      return undefined;
    }
  }
}
