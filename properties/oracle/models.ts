/**
 * The oracle's knowledge of the workers (spec/SPEC.md "Knowledge", "Blame", "Consequences"): what
 * each worker was delivered (the truth), the shadow models derived rules blame through, the
 * as-claimed model, and the per-request memories rules read (the failure a worker was last given,
 * a stale serve last, which spelling delivered what). Rules see it only through the step contexts
 * of context.ts; the Oracle (judge.ts) alone changes it, through the methods here.
 */
import type { Claim } from '../../src/core/claims.ts';
import type { Reattached } from '../../src/harness/session.ts';
import type { RuleId } from '../../src/core/rules.ts';
import { isBoundary, sameBytes } from './bytes.ts';
import { Deliveries, type DeliveryRules, type HostView, type Req } from './deliveries.ts';
import { OracleMemo, sameKnowledge, type Known } from './knowledge.ts';
import { SpellingTracker } from './progress.ts';
import { reattachedReq } from './reinject.ts';

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

/** Per worker and request key: the key of the oracle's per-request memories. */
export const workerKey = (worker: string, key: string): string => `${worker}\u0000${key}`;

/** R as the `global` shadow sees it: every worker's deliveries as one. */
const everyone = (r: Req): Req => ({ ...r, worker: '*' });

export class WorkerModels {
  readonly #truth: Deliveries;
  readonly #noForget: Deliveries;
  readonly #withErrors: Deliveries;
  readonly #global: Deliveries;
  /** What the worker would hold had every claim been backed and every diff applied (Consequences). */
  readonly #claimed: Deliveries;
  /** Every worker seen (ISOLATION needs two). */
  readonly workers = new Set<string>();
  /** Per worker and key: the first failure that set the as-claimed model apart from the truth, while it stays apart. */
  readonly cause = new Map<string, Cause>();
  /** Per worker and key: the request a cause was last about (a forget settles it again). */
  readonly #causeReq = new Map<string, Req>();
  /**
   * Per worker and key: a cause settled by a delivery under another name (spec 2.2: one file, many
   * names); a forget of that name sets the models apart again and wakes it (Consequences).
   */
  readonly #dormant = new Map<string, { readonly cause: Cause; readonly req: Req }>();
  readonly spellings = new SpellingTracker();
  /** Per worker and key: the last event was a stale serve that handed over lines (STALE-NO-RECORD). */
  readonly staleLast = new Set<string>();
  /** Per worker and request key: the code of the failure the worker was last given for it (SPEC.md "A repeated failure"). */
  readonly failedLast = new Map<string, string>();

  constructor(
    readonly memo: OracleMemo,
    host: HostView,
    rules: DeliveryRules = {},
  ) {
    this.#truth = new Deliveries(memo, host, rules);
    this.#noForget = new Deliveries(memo, host, rules);
    this.#withErrors = new Deliveries(memo, host, rules);
    this.#global = new Deliveries(memo, host, rules);
    this.#claimed = new Deliveries(memo, host, rules);
  }

  /** What the worker provably holds of a request. */
  known(r: Req): Known | undefined {
    return this.#truth.backing(r);
  }

  /** Whether the truth's K for R may come from R's own name (not only from the file's other names). */
  heldByName(r: Req): boolean {
    return this.#truth.heldByName(r);
  }

  /** Where the truth's K for R came from (a verdict that moved names it). */
  source(r: Req): 'own' | 'covering' | undefined {
    return this.#truth.backed(r)?.source;
  }

  /** What a shadow model says the worker holds. */
  shadow(name: ShadowName, r: Req): Known | undefined {
    if (name === 'no-forget') return this.#noForget.backing(r);
    if (name === 'global') return this.#global.backing(everyone(r));
    return this.#withErrors.backing(r);
  }

  /** What the worker would hold had every claim been as it says. */
  claimed(r: Req): Known | undefined {
    return this.#claimed.backing(r);
  }

  /**
   * The host compacted or rewound (forget(path?)): the truth, `with-errors` and the as-claimed
   * model forget what was delivered under `name` (spec 2.2: by name); files the host re-attached
   * are held again in every model, as delivered. PROGRESS's spellings and the failures a worker was
   * last given are per file: those of `file` (the forgotten name's identity) go.
   */
  forget(
    worker: string,
    name: string | undefined,
    file: string | undefined,
    reattached: readonly Reattached[] | undefined,
    seq: number,
  ): void {
    this.#truth.forget(worker, name);
    this.#withErrors.forget(worker, name);
    this.#claimed.forget(worker, name);
    for (const f of reattached ?? []) {
      const r = reattachedReq(worker, f, seq);
      const k = this.#known(f.text);
      for (const m of [this.#truth, this.#withErrors, this.#claimed, this.#noForget]) m.set(r, k);
      this.#global.set(everyone(r), k);
    }
    const mine = `${worker}\u0000`;
    for (const [wk, d] of [...this.#dormant])
      if (wk.startsWith(mine) && !this.cause.has(wk) && !this.#agrees(d.req)) {
        this.cause.set(wk, d.cause);
        this.#causeReq.set(wk, d.req);
        this.#dormant.delete(wk);
      }
    for (const [wk, r] of [...this.#causeReq])
      if (wk.startsWith(mine) && sameKnowledge(this.#truth.backing(r), this.#claimed.backing(r))) {
        this.cause.delete(wk);
        this.#causeReq.delete(wk);
      }
    const covered = (wk: string): boolean =>
      wk.startsWith(mine) && (file === undefined || wk.startsWith(`${worker}\u0000${file}\u0000`));
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
    const copy = <V>(m: Map<string, V>, f: (v: V) => V = (v) => v): void => {
      for (const [wk, v] of [...m]) if (wk.startsWith(from)) m.set(`${child}\u0000${wk.slice(from.length)}`, f(v));
    };
    this.spellings.fork(from, `${child}\u0000`);
    copy(this.cause);
    copy(this.#causeReq, (r) => ({ ...r, worker: child }));
    copy(this.#dormant, (d) => ({ ...d, req: { ...d.req, worker: child } }));
    copy(this.failedLast);
    for (const wk of [...this.staleLast])
      if (wk.startsWith(from)) this.staleLast.add(`${child}\u0000${wk.slice(from.length)}`);
  }

  /** Every model but the as-claimed one takes in what the worker was really given. */
  deliver(r: Req, claim: Claim, text: string): void {
    this.#truth.apply(r, claim, text);
    this.#noForget.apply(r, claim, text);
    this.#withErrors.apply(r, claim, text);
    this.#global.apply(everyone(r), claim, text);
  }

  /**
   * The as-claimed model takes in a claim as it says: an unbacked body as if it were in the text,
   * a diff or a change notice as giving the content now. `failed`, if any, becomes the request's
   * cause unless one still is.
   */
  takeClaimed(r: Req, wk: string, claim: Claim, text: string, failed: Cause | undefined): void {
    if (claim.kind === 'diff' || claim.kind === 'delta') this.#claimed.set(r, this.#known(r.content));
    else this.#claimed.apply(r, claim, text);
    if (failed !== undefined && !this.cause.has(wk)) {
      this.cause.set(wk, failed);
      this.#causeReq.set(wk, r);
      this.#dormant.delete(wk);
    }
  }

  /** The as-claimed model agrees with the truth again: nothing follows from the earlier failure any more. */
  settle(r: Req, wk: string): void {
    const prev = this.#causeReq.get(wk);
    const cause = this.cause.get(wk);
    if (!this.#agrees(r)) {
      if (cause !== undefined) this.#causeReq.set(wk, r);
      return;
    }
    // Agreement through a delivery under another name only puts the cause to sleep: a forget of that name wakes it.
    if (cause !== undefined && prev !== undefined && prev.name !== r.name) this.#dormant.set(wk, { cause, req: prev });
    this.cause.delete(wk);
    this.#causeReq.delete(wk);
  }

  #agrees(q: Req): boolean {
    return sameKnowledge(this.#truth.backing(q), this.#claimed.backing(q));
  }

  /** `with-errors`: the failed request counts as the next slice the shim would have sent. */
  failedRequest(r: Req, cap: number | undefined): void {
    const content = r.content;
    const contentBytes = this.memo.utf8(content);
    const cur = this.#withErrors.backing(r);
    const from =
      cur !== undefined &&
      cur.against === content &&
      cur.prefix.length <= contentBytes.length &&
      sameBytes(cur.prefix, contentBytes.subarray(0, cur.prefix.length))
        ? cur.prefix.length
        : 0;
    let end = cap !== undefined ? Math.min(contentBytes.length, from + cap) : contentBytes.length;
    while (end > from && !isBoundary(contentBytes, end)) end--;
    this.#withErrors.set(r, {
      total: contentBytes.length,
      prefix: Buffer.from(contentBytes.subarray(0, end)),
      against: content,
    });
  }

  /** All of `text`, held. */
  #known(text: string): Known {
    const P = this.memo.utf8(text);
    return { total: P.length, prefix: P, against: text };
  }
}
