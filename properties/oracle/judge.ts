/**
 * The worker-knowledge oracle: judges every response of a history against ground truth for the
 * truth rules and the in-history surface rules, reporting all violations of a response and
 * blaming derived rules through shadow models. It computes each outcome's shared facts once
 * (context.ts) and loops over the rule registry (properties/rules/) step by step; the rules make
 * the checks. After a lie it keeps what the worker really holds (models.ts), so a later truthful
 * answer is never blamed. Never imports reference/ (GATE-ORACLE-INDEPENDENT).
 */
import type { Claim } from '../../src/core/claims.ts';
import type { HostToolBound } from '../../src/core/host-tool.ts';
import type { LeverName } from '../../src/core/levers.ts';
import { requestKey, resolvePath } from '../../src/core/paths.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { Capabilities } from '../../src/core/contract.ts';
import type { Mode } from '../../src/core/levers.ts';
import type { OtherOutcome, Outcome, ReadOutcome, StaleOutcome } from '../../src/harness/session.ts';
import { splitLines } from '../../src/harness/lines.ts';
import { requestText, rowsShown } from '../../src/harness/host-tool.ts';
import { emptyLeverUse, type LeverUse } from '../lever-use.ts';
import type { EfficiencyKind } from '../result.ts';
import type { Held } from '../picture.ts';
import { backing } from './backing.ts';
import { n, sameBytes } from './bytes.ts';
import type { AnsweredRead, Derivation, RunFacts, Span, StaleServe, Tell } from './context.ts';
import { OracleMemo, holds, ofVersion, sameKnowledge, type Known } from './knowledge.ts';
import { WorkerModels, workerKey } from './models.ts';
import { countedBatch, failedRead, progressing, refusedRead, staleAnswer, withheldRead } from './facts.ts';
import { hostView, requestArgs, type Req } from './deliveries.ts';
import { fullSliceEnd } from './progress.ts';
import { sayIn } from './say.ts';
import { BACKERS, DERIVED, KNOWLEDGE, KNOWLEDGE_RULES, STEPS, type StepContext, type StepName } from './steps.ts';

export { sayClaim } from './say.ts';
export type { EfficiencyKind } from '../result.ts';

export interface Violation {
  readonly rule: RuleId;
  /** Index of the event in the history. */
  readonly index: number;
  readonly message: string;
}

/**
 * A finding that follows from an earlier failure of the same worker and request (spec/SPEC.md
 * "Consequences"): false against what the worker holds, true had the earlier claim been backed.
 * Told under its cause; never a violation of its own rule.
 */
export interface Consequence extends Violation {
  readonly cause: { readonly rule: RuleId; readonly index: number };
}

export interface EfficiencyNote {
  readonly kind: EfficiencyKind;
  readonly index: number;
  /** Bytes sent again (alias-resend) or short of a full slice (short-slice). */
  readonly bytes: number;
  readonly message: string;
}

export interface OracleConfig {
  readonly mode: Mode;
  readonly cap: number;
  readonly seal: string;
  readonly capabilities: Capabilities;
  /** The host tool's bound the history runs behind: which lines a delivery showed (spec/SPEC.md "Knowledge"). */
  readonly tool?: HostToolBound;
  /**
   * '2.1': judge as spec 2.1 did — knowledge per realpath and request, forget by realpath, blame by
   * any shadow that makes a finding go away — so a verdict that moved with 2.2 can be told (a trace,
   * baseline or saved failure of an older spec). Absent: the current spec.
   */
  readonly semantics?: '2.1';
}

interface Finding {
  readonly rule: RuleId;
  readonly message: string;
}

/** A rule's check at one step, with the rule's way to report. */
type Bound = readonly [(c: StepContext[StepName], t: Tell) => void, Tell];

/** Claims whose truth depends on what earlier responses delivered. */
function reliesOnEarlier(claim: Claim): boolean {
  return (
    claim.kind === 'pointer' ||
    claim.kind === 'diff' ||
    claim.kind === 'delta' ||
    (claim.kind === 'slice' && claim.start > 0)
  );
}

/** A whole re-delivery of the current text: what a shadow holding (part of) another version explains (spec/SPEC.md "Blame"). */
function deliversWhole(claim: Claim, text: string, content: Buffer, memo: OracleMemo): boolean {
  if (claim.kind === 'slice')
    return claim.start === 0 && claim.end === content.length && claim.total === content.length;
  return claim.kind === 'verbatim' && sameBytes(memo.utf8(claim.payload ?? text), content);
}

const unbackedMessage = (what: string, bytes: number): string =>
  `claim not found in the response: its ${what} is not in the text the worker was shown (${n(bytes)} bytes)`;

export class Oracle {
  /** This Oracle's memos (per history, never shared across runs): its knowledge models share them. */
  readonly #memo = new OracleMemo();
  readonly #models: WorkerModels;
  /** Per worker, name and request: the request as last judged (a picture's K before and after it). */
  readonly #lastReq = new Map<string, Req>();
  readonly checks = new Map<RuleId, number>();
  readonly claimKinds = new Map<string, number>();
  readonly efficiency: EfficiencyNote[] = [];
  /** Findings that follow from an earlier unbacked claim or broken diff (not violations). */
  readonly consequences: Consequence[] = [];
  /** Per lever: responses where it could have been used, and responses that used it. */
  readonly leverUse: LeverUse = emptyLeverUse();
  /** What every step sees of the run. */
  readonly #run: RunFacts;
  readonly #steps = this.#bind();
  #sink: Finding[] = [];
  #batch: ReadOutcome[] = [];

  constructor(readonly config: OracleConfig) {
    const { mode, cap, seal, capabilities: caps } = config;
    this.#run = {
      mode,
      cap,
      capOn: mode.levers.cap,
      seal,
      caps,
      armSurface: mode.arm !== undefined && caps.armResolver === true,
      memo: this.#memo,
      say: sayIn,
    };
    const tool = config.tool;
    this.#models = new WorkerModels(
      this.#memo,
      hostView(
        (c, o, l) => requestText(c, o, l, tool),
        (c, o, l) => rowsShown(c, o, l, tool),
      ),
      this.#legacy ? { covering: false } : {},
    );
  }

  /** Judged as spec 2.1 did (OracleConfig.semantics). */
  get #legacy(): boolean {
    return this.config.semantics === '2.1';
  }

  /** A path's name as the host folds it (spec/SPEC.md "Links and case"), for outcomes that do not carry it. */
  #nameOf(path: string): string {
    const r = resolvePath(path);
    return this.config.capabilities.caseInsensitive === true ? r.toLowerCase() : r;
  }

  /** The request a read outcome makes (spec/SPEC.md "Knowledge"): its name, identity and version now. */
  #req(o: ReadOutcome, content: string): Req {
    // Spec 2.1 kept knowledge per file as the host identifies it: the identity was the only name.
    const name = this.#legacy ? (o.identity ?? resolvePath(o.event.path)) : (o.name ?? this.#nameOf(o.event.path));
    return {
      worker: o.event.worker,
      name,
      ...requestArgs(o.event.args),
      identity: o.realpath ?? o.identity ?? name,
      version: o.version,
      content,
      seq: o.index,
    };
  }

  /** What the worker provably holds for a request now: the claimed total and the held prefix's length (a report's picture). */
  held(worker: string, path: string, args: Readonly<Record<string, unknown>> | undefined): Held | undefined {
    const r = this.#lastReq.get(`${worker}\u0000${requestKey(this.#nameOf(path), args)}`);
    const k = r === undefined ? undefined : this.#models.known(r);
    return k === undefined ? undefined : { total: k.total, bytes: k.prefix.length };
  }

  #check(rule: RuleId, times = 1): void {
    this.checks.set(rule, (this.checks.get(rule) ?? 0) + times);
  }

  /** Each step's checks, each with its rule's way to report into the findings of the step being taken. */
  #bind(): Readonly<Record<StepName, readonly Bound[]>> {
    const tell = new Map<RuleId, Tell>();
    const teller = (rule: RuleId): Tell => {
      let t = tell.get(rule);
      if (t === undefined) {
        t = { check: (times = 1) => this.#check(rule, times), fail: (message) => this.#sink.push({ rule, message }) };
        tell.set(rule, t);
      }
      return t;
    };
    const out = {} as Record<StepName, readonly Bound[]>;
    for (const step of Object.keys(STEPS) as StepName[])
      out[step] = STEPS[step].map(([rule, hook]): Bound => [hook as unknown as Bound[0], teller(rule)]);
    return out;
  }

  /** One step of an outcome: every rule with a check at this step, in telling order, reporting into `out`. */
  #step<S extends StepName>(step: S, c: StepContext[S], out: Finding[]): void {
    this.#sink = out;
    const hooks = this.#steps[step];
    for (let i = 0; i < hooks.length; i++) hooks[i]![0](c, hooks[i]![1]);
  }

  judge(o: Outcome): Violation[] {
    if (o.kind === 'other') {
      this.#other(o);
      return [];
    }
    this.#models.workers.add(o.event.worker);
    const kind = o.claim?.kind ?? Object.keys(o.response)[0]!;
    if (o.kind === 'read' && o.claim !== undefined) this.#used(o.claim);
    this.claimKinds.set(kind, (this.claimKinds.get(kind) ?? 0) + 1);
    const found = o.kind === 'read' ? this.#judgeRead(o) : this.#judgeStale(o);
    if (o.kind === 'read') this.#counts(o, found);
    return found.map((f) => ({ ...f, index: o.index }));
  }

  /** Workers, forks and forgets: they change what the models hold, and are judged by nothing. */
  #other(o: OtherOutcome): void {
    const e = o.event;
    if (e.type === 'worker') this.#models.workers.add(e.id);
    if (e.type === 'fork') this.#models.fork(e.parent, e.worker, e.fresh === true);
    // Spec 2.2: a forget removes what was delivered under its name (spec/SPEC.md "Knowledge").
    if (e.type === 'forget')
      this.#models.forget(
        e.worker,
        e.path === undefined
          ? undefined
          : this.#legacy
            ? (o.identity ?? resolvePath(e.path))
            : (o.name ?? this.#nameOf(e.path)),
        e.path === undefined ? undefined : (o.identity ?? resolvePath(e.path)),
        this.#legacy ? o.reattached?.map((f) => ({ ...f, name: f.realpath ?? f.path })) : o.reattached,
        o.index,
      );
  }

  // ---- reads ---------------------------------------------------------------------------------

  #judgeRead(o: ReadOutcome): Finding[] {
    const { event, truth, response, claim } = o;
    const worker = event.worker;
    // Per-request memories (PROGRESS's spellings, a cause, a failure given) are per file and request.
    const key = requestKey(o.identity ?? event.path, event.args);
    const wk = workerKey(worker, key);
    const models = this.#models;
    const out: Finding[] = [];
    if (!truth.ok) {
      this.#failedRead(o, key, truth.code, out);
      return out;
    }
    models.failedLast.delete(wk);
    const content = truth.text;
    const contentBytes = this.#memo.utf8(content);
    const req = this.#req(o, content);
    this.#lastReq.set(`${worker}\u0000${requestKey(req.name, event.args)}`, req);
    const known = models.known(req);
    this.#countOpportunities(known, content, contentBytes);
    if (!('text' in response) || claim === undefined || claim.kind === 'refusal') {
      const refusal = 'text' in response && claim?.kind === 'refusal' ? claim : undefined;
      this.#step('refusedRead', refusedRead(this.#run, o, refusal, contentBytes), out);
      this.#answeredNothing(wk, event.path);
      return out;
    }
    const back = backing(claim, response.text);
    if (!back.found)
      out.push({
        rule: BACKERS[claim.kind]!,
        message: unbackedMessage(back.what, this.#memo.utf8(response.text).length),
      });
    const { mode, cap, capOn, seal, caps, armSurface, memo, say } = this.#run;
    const r: AnsweredRead = {
      mode,
      cap,
      capOn,
      seal,
      caps,
      armSurface,
      memo,
      say,
      outcome: o,
      claim,
      text: response.text,
      content,
      contentBytes,
      known,
      backed: back.found,
      framing: back.framing,
    };
    this.#step('surface', r, out);
    if (claim.kind === 'withheld') {
      // Spec 2.2: judged against the declared policy; it delivers nothing, so no model moves.
      this.#step('withheld', withheldRead(r, claim), out);
      this.#answeredNothing(wk, event.path);
      return out;
    }
    this.#step('exactness', r, out);
    // Knowledge-dependent rules, judged against the truth, then re-blamed through shadows.
    const judged = back.found ? this.#knowledge(r, known) : undefined;
    if (judged !== undefined) {
      for (const rule of judged.checked) this.#check(rule);
      this.#progress(r, wk, out);
    }
    const mine = this.#derive(r, req, wk, judged?.findings ?? [], out);
    // Lie or not, every model takes in what the worker was really given, so the next claim is
    // judged on what the worker holds; a claim the text does not back gave the worker nothing
    // known, and a diff that does not apply strictly leaves the worker with the text it held.
    const failed = back.found
      ? claim.kind === 'diff' || claim.kind === 'delta'
        ? mine.find((f) => KNOWLEDGE_RULES.get(f.rule)?.causes === true)?.rule
        : undefined
      : BACKERS[claim.kind]!;
    models.takeClaimed(
      req,
      wk,
      claim,
      response.text,
      failed === undefined ? undefined : { rule: failed, index: o.index },
    );
    if (back.found) models.deliver(req, claim, response.text);
    models.staleLast.delete(wk);
    models.settle(req, wk);
    return out;
  }

  /** The tool fails now: its error or a refusal is the only true answer; `with-errors` counts the request. */
  #failedRead(o: ReadOutcome, key: string, code: string, out: Finding[]): void {
    const { event, claim } = o;
    const models = this.#models;
    const wk = workerKey(event.worker, key);
    const lastFailure = models.failedLast.get(wk);
    // A pointer to a failure the worker was last given for this request, and still the tool's answer, is true.
    const repeated = claim?.kind === 'pointer' && lastFailure === code;
    this.#step('failedRead', failedRead(this.#run, o, code, lastFailure, repeated), out);
    if (claim === undefined || claim.kind === 'refusal' || repeated) models.failedLast.set(wk, code);
    else models.failedLast.delete(wk);
    if (o.failedOver !== undefined)
      models.failedRequest(this.#req(o, o.failedOver), this.#run.capOn ? this.config.cap : undefined);
    this.#answeredNothing(wk, event.path);
  }

  /** A read that delivered nothing: no stale serve stands, and the spelling was used. */
  #answeredNothing(wk: string, path: string): void {
    this.#models.staleLast.delete(wk);
    this.#models.spellings.touched(wk, path);
  }

  /** The knowledge rules on a claim against a knowledge state (the truth, a shadow or the as-claimed model). */
  #knowledge(r: AnsweredRead, known: Known | undefined): { checked: RuleId[]; findings: Finding[] } {
    const response = r.outcome.response;
    const a = {
      claim: r.claim,
      response: { text: r.text },
      content: r.content,
      contentBytes: r.contentBytes,
      known,
      cap: r.cap,
      capOn: r.capOn,
      memo: this.#memo,
      say: (c: Claim) => sayIn(c, response),
    };
    const checked: RuleId[] = [];
    const findings: Finding[] = [];
    for (const k of KNOWLEDGE) {
      const v = k.check(a);
      if (v === undefined) continue;
      checked.push(k.rule);
      if (v.message !== undefined) findings.push({ rule: k.rule, message: v.message });
    }
    return { checked, findings };
  }

  /**
   * Derived rules: their checks, then each knowledge finding — told under its cause when the
   * as-claimed model does not give it (Consequences), else blamed on the first derived rule whose
   * model explains it (Blame). Returns the findings that were not consequences.
   */
  #derive(r: AnsweredRead, req: Req, wk: string, own: readonly Finding[], out: Finding[]): Finding[] {
    const models = this.#models;
    const relies = reliesOnEarlier(r.claim);
    const d: Derivation = {
      known: r.known,
      byName: r.known !== undefined && models.heldByName(req),
      relies,
      staleLast: models.staleLast.has(wk),
      workers: models.workers.size,
      shadow: (name) => models.shadow(name, req),
      explainedBy: (shadowK, rule) => this.#explainedBy(r, relies, shadowK, rule),
    };
    for (const x of DERIVED) if (x.checked(d)) this.#check(x.rule);
    const cause = models.cause.get(wk);
    const knownAsClaimed = models.claimed(req);
    const asClaimed =
      cause !== undefined && !sameKnowledge(knownAsClaimed, r.known)
        ? this.#knowledge(r, knownAsClaimed).findings
        : undefined;
    const mine: Finding[] = [];
    for (const f of own) {
      if (
        asClaimed !== undefined &&
        cause !== undefined &&
        KNOWLEDGE_RULES.has(f.rule) &&
        !asClaimed.some((g) => g.rule === f.rule)
      )
        this.consequences.push({ rule: f.rule, index: r.outcome.index, message: f.message, cause });
      else mine.push(f);
    }
    for (const f of mine) out.push(this.#blame(d, f));
    return mine;
  }

  /**
   * A derived rule is blamed only for a key the worker holds nothing of under its own name (a lie
   * about a key the worker has seen by that name is the shim's own keying, whatever else happened;
   * what only the file's other names delivered does not count), and only for a claim that
   * relies on earlier deliveries (a pointer, a continuation, a diff) — or, for a rule blamed when
   * fresh, a whole re-delivery that a shadow holding another version would explain.
   */
  #blame(d: Derivation, f: Finding): Finding {
    const k = KNOWLEDGE_RULES.get(f.rule);
    const held = this.#legacy ? d.known !== undefined : d.byName;
    if (k === undefined || held || (!d.relies && k.blamedWhenFresh !== true)) return f;
    for (const x of DERIVED) if (x.explains(d, f.rule)) return { rule: x.rule, message: `${f.message}${x.why}` };
    return { rule: f.rule, message: `${f.message}` };
  }

  /**
   * Blame by law (spec/SPEC.md "Blame"): the worker holding `shadowK` instead explains `rule`'s
   * finding only if, judged against it, the response is a legitimate answer that depends on it —
   * no knowledge rule finds anything there, and the rule holds there, or the claim relies on
   * earlier deliveries, or it re-delivers the whole current text to a shadow holding (part of)
   * another version. A rule that does not apply under the shadow is not made true by it.
   */
  #explainedBy(r: AnsweredRead, relies: boolean, shadowK: Known | undefined, rule: RuleId): boolean {
    if (this.#legacy) return this.#explainedBy21(r, relies, shadowK, rule);
    if (shadowK === undefined || sameKnowledge(shadowK, r.known)) return false;
    const again = this.#knowledge(r, shadowK);
    if (again.findings.length > 0) return false;
    if (again.checked.includes(rule) || relies) return true;
    return !ofVersion(shadowK, r.contentBytes) && deliversWhole(r.claim, r.text, r.contentBytes, this.#memo);
  }

  /** Spec 2.1's blame: any shadow that makes the finding go away explains it (a rule that does not apply there included). */
  #explainedBy21(r: AnsweredRead, relies: boolean, shadowK: Known | undefined, rule: RuleId): boolean {
    if (sameKnowledge(shadowK, r.known)) return false;
    if (!relies && (shadowK === undefined || holds(shadowK, r.contentBytes))) return false;
    return !this.#knowledge(r, shadowK).findings.some((g) => g.rule === rule);
  }

  /** A backed read: PROGRESS (liveness, per spelling), then the efficiency figures of slices and re-sends. */
  #progress(r: AnsweredRead, wk: string, out: Finding[]): void {
    const { claim, content, contentBytes } = r;
    const spelling = r.outcome.event.path;
    const spellings = this.#models.spellings;
    const span: Span | undefined =
      claim.kind === 'slice'
        ? { start: claim.start, end: claim.end, partial: claim.end < claim.total }
        : claim.kind === 'verbatim'
          ? { start: 0, end: contentBytes.length, partial: false }
          : undefined;
    if (span === undefined) {
      spellings.touched(wk, spelling);
      return;
    }
    const { last, prefix } = spellings.get(wk, content, spelling);
    this.#step('progress', progressing(r, span, spelling, last, prefix), out);
    this.#efficiency(r, wk, span, spelling);
    spellings.delivered(wk, content, spelling, span.start, span.end);
  }

  /** Efficiency (not truth): bytes the worker held from another spelling sent again, slices short of a full one. */
  #efficiency(r: AnsweredRead, wk: string, span: Span, spelling: string): void {
    const { content, contentBytes, known, cap } = r;
    const lv = r.mode.levers;
    const index = r.outcome.index;
    if (
      known !== undefined &&
      known.against === content &&
      sameBytes(known.prefix, contentBytes.subarray(0, known.prefix.length))
    ) {
      const again = Math.min(span.end, known.prefix.length) - span.start;
      const others = this.#models.spellings.deliverers(wk, content, spelling);
      // Only waste a shim could have avoided: a pointer it could give, or a continuation it could send.
      const avoidable = lv.pointer || (lv.cap && known.prefix.length < known.total);
      if (avoidable && again > 0 && others.length > 0)
        this.efficiency.push({
          kind: 'alias-resend',
          index,
          bytes: again,
          message: `re-sent bytes ${n(span.start)}–${n(span.start + again)} of ${spelling} that the worker holds from a read of its alias ${others[0]}`,
        });
    }
    if (lv.cap && span.partial) {
      const full = fullSliceEnd(contentBytes.length, span.start, cap);
      if (span.end < full)
        this.efficiency.push({
          kind: 'short-slice',
          index,
          bytes: full - span.end,
          message: `a slice ${n(span.start)}–${n(span.end)} of ${n(contentBytes.length)} ended ${n(full - span.end)} bytes short of a full ${n(cap)}-byte slice`,
        });
    }
  }

  /** A batch's counters, once its last read is in (COUNT-EXACT). */
  #counts(o: ReadOutcome, out: Finding[]): void {
    if (!this.config.capabilities.counters || o.countDelta === undefined) return;
    this.#batch.push(o);
    if (this.#batch.length < o.batchSize) return;
    const batch = this.#batch;
    this.#batch = [];
    this.#step('batch', countedBatch(this.#run, batch, o), out);
  }

  /** A response that used a lever: a pointer, a partial slice, a diff. */
  #used(c: Claim): void {
    if (c.kind === 'pointer') this.leverUse.pointer.used++;
    else if (c.kind === 'diff' || c.kind === 'delta') this.leverUse.diff.used++;
    else if (c.kind === 'slice' && c.end < c.total) this.leverUse.cap.used++;
  }

  #chance(lever: LeverName): void {
    this.leverUse[lever].offered++;
  }

  /** Where a lever could have been used (counted whatever the shim did; declining is legal). */
  #countOpportunities(known: Known | undefined, content: string, contentBytes: Buffer): void {
    if (holds(known, contentBytes)) this.#chance('pointer');
    else if (known !== undefined && known.prefix.length === known.total && known.total > 0 && known.against !== content)
      this.#chance('diff');
    if (contentBytes.length > this.config.cap) this.#chance('cap');
  }

  // ---- stale serves --------------------------------------------------------------------------

  #judgeStale(o: StaleOutcome): Finding[] {
    const { event, response, claim, fileNow } = o;
    const out: Finding[] = [];
    // Only a serve that handed over lines could be mistaken for a delivery (STALE-NO-RECORD).
    if (claim?.kind === 'stale')
      this.#models.staleLast.add(workerKey(event.worker, requestKey(o.identity ?? event.path, undefined)));
    this.#step('staleAnswer', staleAnswer(this.#run, o), out);
    // Judged further only when a capping arm served text with a claim.
    if (!this.#run.capOn || !('text' in response) || claim === undefined) return out;
    const back = backing(claim, response.text);
    if (!back.found)
      out.push({ rule: BACKERS.stale!, message: unbackedMessage(back.what, this.#memo.utf8(response.text).length) });
    const { mode, cap, capOn, seal, caps, armSurface, memo, say } = this.#run;
    const s: StaleServe = {
      mode,
      cap,
      capOn,
      seal,
      caps,
      armSurface,
      memo,
      say,
      outcome: o,
      claim,
      text: response.text,
      framing: back.framing,
      lines: fileNow === undefined ? [] : splitLines(fileNow.content),
      badRange: event.startLine < 0 || event.endLine < event.startLine,
    };
    this.#step('staleSurface', s, out);
    this.#step('staleClaim', s, out);
    return out;
  }
}
