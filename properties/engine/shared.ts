/**
 * Shrink candidates judged once for every rule being shrunk (a slow process shim pays
 * per read). Rules found in the same history often walk the same candidates; a candidate run for
 * one rule stops at that rule's first violation, which also answers another rule broken by then,
 * and a run that went to the end answers every rule. A deterministic shim gives the same answer
 * either way, so this saves histories and changes no verdict and no story.
 */
import { meets, type Goal, type HistoryVerdict } from '../history.ts';

/** Candidates kept (rules shrinking together ask for the same candidate close together). */
const KEPT = 64;

interface Judged {
  readonly v: HistoryVerdict;
  /** The run stopped once this goal was met (it may have missed later findings). */
  readonly stoppedFor?: Goal;
}

export class SharedVerdicts {
  readonly #runs = new Map<string, Promise<Judged>[]>();

  /** Whether the candidate `key` meets `goal`, from a run already made if one tells, else `run(goal)`. */
  async judge(key: string, goal: Goal, run: (until: Goal) => Promise<HistoryVerdict>): Promise<HistoryVerdict> {
    for (const p of [...(this.#runs.get(key) ?? [])]) {
      const r = await p.catch(() => undefined);
      if (r !== undefined && (r.stoppedFor === undefined || meets(r.v, goal))) return r.v;
    }
    const p = run(goal).then((v): Judged => (meets(v, goal) ? { v, stoppedFor: goal } : { v }));
    const list = this.#runs.get(key) ?? [];
    list.push(p);
    this.#runs.delete(key);
    this.#runs.set(key, list);
    while (this.#runs.size > KEPT) this.#runs.delete(this.#runs.keys().next().value!);
    return (await p).v;
  }
}
