/**
 * The oracle's knowledge of the workers (spec/SPEC.md "Knowledge", "Blame", "Consequences"): what
 * each worker holds per request key (the truth), the shadow models derived rules blame through,
 * the as-claimed model, and the per-key memories rules read (the failure a worker was last given,
 * a stale serve last, which spelling delivered what). Rules see it only through the step contexts
 * of context.ts; the Oracle (judge.ts) alone changes it, through the methods here.
 */
import type { Claim } from '../../src/core/claims.ts';
import type { Reattached } from '../../src/harness/session.ts';
import type { RuleId } from '../../src/core/rules.ts';
import { isBoundary, sameBytes } from './bytes.ts';
import { Knowledge, OracleMemo, sameKnowledge, type Known } from './knowledge.ts';
import { SpellingTracker } from './progress.ts';
import { reattach } from './reinject.ts';

/**
 * The shadow models a derived rule blames through (spec/SPEC.md "Blame"): what the worker would
 * hold had forget() not reset it (`no-forget`), had every worker's deliveries counted for all
 * (`global`), had a request the tool failed counted as delivered (`with-errors`).
 */
export type ShadowName = 'no-forget' | 'global' | 'with-errors';

/** The first failure that set the as-claimed model apart from the truth (spec/SPEC.md "Consequences"). */
export interface Cause {
  readonly rule: RuleId;
  readonly index: number;
}

/** Per worker and request key: the key of the oracle's per-key memories. */
export const workerKey = (worker: string, key: string): string => `${worker}\u0000${key}`;

export class WorkerModels {
  readonly #truth: Knowledge;
  readonly #noForget: Knowledge;
  readonly #withErrors: Knowledge;
  readonly #global: Knowledge;
  /** What the worker would hold had every claim been backed and every diff applied (Consequences). */
  readonly #claimed: Knowledge;
  /** Every worker seen (ISOLATION needs two). */
  readonly workers = new Set<string>();
  /** Per worker and key: the first failure that set the as-claimed model apart from the truth, while it stays apart. */
  readonly cause = new Map<string, Cause>();
  readonly spellings = new SpellingTracker();
  /** Per worker and key: the last event was a stale serve that handed over lines (STALE-NO-RECORD). */
  readonly staleLast = new Set<string>();
  /** Per worker and request key: the code of the failure the worker was last given for it (SPEC.md "A repeated failure"). */
  readonly failedLast = new Map<string, string>();

  constructor(readonly memo: OracleMemo) {
    this.#truth = new Knowledge(memo);
    this.#noForget = new Knowledge(memo);
    this.#withErrors = new Knowledge(memo);
    this.#global = new Knowledge(memo);
    this.#claimed = new Knowledge(memo);
  }

  /** What the worker provably holds of a request key. */
  known(worker: string, key: string): Known | undefined {
    return this.#truth.get(worker, key);
  }

  /** What a shadow model says the worker holds. */
  shadow(name: ShadowName, worker: string, key: string): Known | undefined {
    if (name === 'no-forget') return this.#noForget.get(worker, key);
    if (name === 'global') return this.#global.get('*', key);
    return this.#withErrors.get(worker, key);
  }

  /** What the worker would hold had every claim been as it says. */
  claimed(worker: string, key: string): Known | undefined {
    return this.#claimed.get(worker, key);
  }

  /**
   * The host compacted or rewound (forget(path?)): the truth, `with-errors` and the as-claimed
   * model forget; files the host re-attached are held again in every model, as delivered.
   */
  forget(worker: string, path: string | undefined, reattached: readonly Reattached[] | undefined): void {
    this.#truth.forget(worker, path);
    this.#withErrors.forget(worker, path);
    this.#claimed.forget(worker, path);
    if (reattached !== undefined) {
      reattach([this.#truth, this.#withErrors, this.#claimed, this.#noForget], worker, reattached);
      reattach([this.#global], '*', reattached);
    }
    const mine = `${worker}\u0000`;
    for (const wk of [...this.cause.keys()]) {
      const key = wk.slice(mine.length);
      if (wk.startsWith(mine) && sameKnowledge(this.#truth.get(worker, key), this.#claimed.get(worker, key)))
        this.cause.delete(wk);
    }
    const covered = (wk: string): boolean =>
      wk.startsWith(mine) && (path === undefined || wk.startsWith(`${worker}\u0000${path}\u0000`));
    this.spellings.forget(covered);
    for (const wk of [...this.failedLast.keys()]) if (covered(wk)) this.failedLast.delete(wk);
  }

  /**
   * A subagent starts (spec/SPEC.md "Forks and resumed sessions"): a fork holds what its parent
   * holds now in every per-worker model; a fresh one holds nothing. A resume changes no model.
   */
  fork(parent: string, child: string, fresh: boolean): void {
    this.workers.add(parent);
    this.workers.add(child);
    if (fresh) return;
    for (const m of [this.#truth, this.#noForget, this.#withErrors, this.#claimed]) m.fork(parent, child);
    const from = `${parent}\u0000`;
    const copy = <V>(m: Map<string, V>): void => {
      for (const [wk, v] of [...m]) if (wk.startsWith(from)) m.set(`${child}\u0000${wk.slice(from.length)}`, v);
    };
    this.spellings.fork(from, `${child}\u0000`);
    copy(this.cause);
    copy(this.failedLast);
    for (const wk of [...this.staleLast])
      if (wk.startsWith(from)) this.staleLast.add(`${child}\u0000${wk.slice(from.length)}`);
  }

  /** Every model but the as-claimed one takes in what the worker was really given. */
  deliver(worker: string, key: string, claim: Claim, text: string, content: string): void {
    this.#truth.apply(worker, key, claim, text, content);
    this.#noForget.apply(worker, key, claim, text, content);
    this.#withErrors.apply(worker, key, claim, text, content);
    this.#global.apply('*', key, claim, text, content);
  }

  /**
   * The as-claimed model takes in a claim as it says: an unbacked body as if it were in the text,
   * a diff as giving the content now. `failed`, if any, becomes the key's cause unless one still is.
   */
  takeClaimed(
    worker: string,
    key: string,
    claim: Claim,
    text: string,
    content: string,
    failed: Cause | undefined,
  ): void {
    if (claim.kind === 'diff')
      this.#claimed.set(worker, key, {
        total: this.memo.utf8(content).length,
        prefix: this.memo.utf8(content),
        against: content,
      });
    else this.#claimed.apply(worker, key, claim, text, content);
    const wk = workerKey(worker, key);
    if (failed !== undefined && !this.cause.has(wk)) this.cause.set(wk, failed);
  }

  /** The as-claimed model agrees with the truth again: nothing follows from the earlier failure any more. */
  settle(worker: string, key: string): void {
    if (sameKnowledge(this.#truth.get(worker, key), this.#claimed.get(worker, key)))
      this.cause.delete(workerKey(worker, key));
  }

  /** `with-errors`: the failed request counts as the next slice the shim would have sent. */
  failedRequest(worker: string, key: string, content: string, cap: number | undefined): void {
    const contentBytes = this.memo.utf8(content);
    const cur = this.#withErrors.get(worker, key);
    const from =
      cur !== undefined &&
      cur.against === content &&
      cur.prefix.length <= contentBytes.length &&
      sameBytes(cur.prefix, contentBytes.subarray(0, cur.prefix.length))
        ? cur.prefix.length
        : 0;
    let end = cap !== undefined ? Math.min(contentBytes.length, from + cap) : contentBytes.length;
    while (end > from && !isBoundary(contentBytes, end)) end--;
    this.#withErrors.set(worker, key, {
      total: contentBytes.length,
      prefix: Buffer.from(contentBytes.subarray(0, end)),
      against: content,
    });
  }
}
