/**
 * The worker-knowledge oracle: judges every response of a history against ground truth for the
 * truth rules and the in-history surface rules, reporting all violations of a response and
 * blaming derived rules through shadow models. After a lie it keeps what the worker really holds,
 * so a later truthful answer is never blamed. Never imports reference/ (GATE-ORACLE-INDEPENDENT).
 */
import type { Claim } from '../../src/core/claims.ts';
import { describeMode, leverList, type LeverName, type Mode } from '../../src/core/levers.ts';
import { requestKey, resolvePath } from '../../src/core/paths.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { Capabilities } from '../../src/adapters/contract.ts';
import type { Outcome, ReadOutcome, StaleOutcome } from '../../src/harness/session.ts';
import { splitLines } from '../../src/harness/lines.ts';
import { emptyLeverUse, type LeverUse } from '../lever-use.ts';
import { backing } from './backing.ts';
import { isBoundary, n, sameBytes, utf8 } from './bytes.ts';
import { Knowledge, OracleMemo, holds, sameKnowledge, type Known } from './knowledge.ts';
import { SpellingTracker, fullSliceEnd, progressFloor } from './progress.ts';
import { reattach } from './reinject.ts';
import type { EfficiencyKind } from '../result.ts';
import type { Held } from '../picture.ts';

export interface Violation {
  readonly rule: RuleId;
  /** Index of the event in the history. */
  readonly index: number;
  readonly message: string;
}

export type { EfficiencyKind } from '../result.ts';

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
}

/** Knowledge-dependent rules a shadow model can explain (PROGRESS is liveness, not a claim). */
const SHADOWED: ReadonlySet<RuleId> = new Set<RuleId>([
  'POINTER-FULL',
  'SLICE-CONTINUES',
  'DONE-TRUE',
  'DIFF-BASE-HELD',
  'DIFF-COMPLETE',
  'FIRST-VERBATIM',
]);

interface Finding {
  readonly rule: RuleId;
  readonly message: string;
}

const describeHeld = (k: Known | undefined, content: Buffer): string => {
  if (k === undefined || k.prefix.length === 0)
    return k?.total === 0 ? 'the worker holds the empty file' : 'the worker holds none of it';
  if (k.prefix.length < k.total) return `the worker holds bytes 0–${n(k.prefix.length)} of ${n(k.total)}`;
  if (!sameBytes(k.prefix, content))
    return `the worker holds a different version (${n(k.prefix.length)} bytes) than the current ${n(content.length)} bytes`;
  return `the worker holds all ${n(k.prefix.length)} bytes`;
};

/** Claims whose truth depends on what earlier responses delivered. */
function reliesOnEarlier(claim: Claim): boolean {
  return claim.kind === 'pointer' || claim.kind === 'diff' || (claim.kind === 'slice' && claim.start > 0);
}

/** The rule a claim's body belongs to when the response text does not carry it. */
const BACKING_RULE: Readonly<Record<string, RuleId>> = {
  slice: 'SLICE-EXACT',
  verbatim: 'SLICE-EXACT',
  diff: 'DIFF-COMPLETE',
  stale: 'STALE-SERVE-LABELLED',
};

/** A claim and the knowledge state it is judged against (the truth, a shadow or the as-claimed model). */
interface Against {
  readonly claim: Claim;
  readonly response: { readonly text: string };
  readonly content: string;
  readonly contentBytes: Buffer;
  readonly known: Known | undefined;
  readonly cap: number;
  readonly capOn: boolean;
  /** The judging Oracle's memos. */
  readonly memo: OracleMemo;
  /** The claim as a finding names it. */
  readonly say: (claim: Claim) => string;
}

/** One rule's check: undefined when the claim does not bear on the rule; else the rule, and the message of its finding if it fails. */
type RuleCheck = (a: Against) => { readonly rule: RuleId; readonly message?: string } | undefined;

interface RuleChecks {
  /** The rules checked, once each. */
  readonly checked: readonly RuleId[];
  readonly findings: readonly Finding[];
}

const checked = (rule: RuleId, message?: string): { rule: RuleId; message?: string } =>
  message === undefined ? { rule } : { rule, message };

const firstVerbatim: RuleCheck = ({ claim, contentBytes, known, cap, capOn, say }) =>
  known !== undefined || (capOn && contentBytes.length > cap)
    ? undefined
    : checked(
        'FIRST-VERBATIM',
        claim.kind === 'verbatim'
          ? undefined
          : `a first read of a ${n(contentBytes.length)}-byte file${capOn ? ` (under the ${n(cap)}-byte cap)` : ''} was answered ${say(claim)}, not with the tool's text untouched`,
      );

const pointerFull: RuleCheck = ({ claim, contentBytes, known }) =>
  claim.kind !== 'pointer'
    ? undefined
    : checked(
        'POINTER-FULL',
        !holds(known, contentBytes) || claim.total !== contentBytes.length
          ? `said "unchanged, you hold all ${n(claim.total)} bytes" but ${describeHeld(known, contentBytes)}${claim.total !== contentBytes.length && holds(known, contentBytes) ? ` (the file is ${n(contentBytes.length)} bytes)` : ''}`
          : undefined,
      );

const sliceContinues: RuleCheck = ({ claim, contentBytes, known }) => {
  if (claim.kind !== 'slice' || claim.start <= 0) return undefined;
  const held = known?.prefix ?? Buffer.alloc(0);
  if (claim.start > held.length)
    return checked('SLICE-CONTINUES', `continued from byte ${n(claim.start)} but ${describeHeld(known, contentBytes)}`);
  if (!sameBytes(held.subarray(0, claim.start), contentBytes.subarray(0, claim.start)))
    return checked(
      'SLICE-CONTINUES',
      `continued from byte ${n(claim.start)} of the current content, but the worker's bytes 0–${n(claim.start)} are of another version`,
    );
  return checked('SLICE-CONTINUES');
};

const doneTrue: RuleCheck = ({ claim, response, content, contentBytes, known, memo }) => {
  if (claim.kind !== 'slice' || !claim.done) return undefined;
  const after = memo.afterClaim(known, claim, response.text, content);
  const k2 = after === 'keep' ? known : after;
  return checked(
    'DONE-TRUE',
    holds(k2, contentBytes)
      ? undefined
      : `said "you now hold all ${n(claim.total)} bytes" but afterwards ${describeHeld(k2, contentBytes)}`,
  );
};

const diffBaseHeld: RuleCheck = ({ claim, contentBytes, known }) =>
  claim.kind !== 'diff'
    ? undefined
    : checked(
        'DIFF-BASE-HELD',
        known === undefined || known.prefix.length !== known.total
          ? `sent a diff but ${describeHeld(known, contentBytes)} of the version it is against`
          : undefined,
      );

const diffComplete: RuleCheck = ({ claim, contentBytes, known, memo }) => {
  if (claim.kind !== 'diff') return undefined;
  const r = memo.patched(known, claim.patch, claim.lines);
  if (!r.ok) return checked('DIFF-COMPLETE', `the diff does not apply strictly to what the worker holds: ${r.reason}`);
  if (!sameBytes(memo.utf8(r.text), contentBytes) || claim.total !== contentBytes.length)
    return checked(
      'DIFF-COMPLETE',
      `the diff applied to what the worker holds gives ${n(memo.utf8(r.text).length)} bytes that are not the current ${n(contentBytes.length)}-byte content`,
    );
  return checked('DIFF-COMPLETE');
};

/** The rules judged against what the worker holds, in the order their findings are told. */
const KNOWLEDGE_CHECKS: readonly RuleCheck[] = [
  firstVerbatim,
  pointerFull,
  sliceContinues,
  doneTrue,
  diffBaseHeld,
  diffComplete,
];

export class Oracle {
  /** This Oracle's memos (per history, never shared across runs): its knowledge models share them. */
  readonly #memo = new OracleMemo();
  readonly checks = new Map<RuleId, number>();
  readonly claimKinds = new Map<string, number>();
  readonly efficiency: EfficiencyNote[] = [];
  /** Findings that follow from an earlier unbacked claim or broken diff (not violations). */
  readonly consequences: Consequence[] = [];
  /** Per lever: responses where it could have been used, and responses that used it. */
  readonly leverUse: LeverUse = emptyLeverUse();
  readonly #truth = new Knowledge(this.#memo);
  readonly #noForget = new Knowledge(this.#memo);
  readonly #withErrors = new Knowledge(this.#memo);
  readonly #global = new Knowledge(this.#memo);
  /** What the worker would hold had every claim been backed and every diff applied (Consequences). */
  readonly #claimed = new Knowledge(this.#memo);
  /** Per worker and key: the first failure that set #claimed apart from the truth, while it stays apart. */
  readonly #cause = new Map<string, { rule: RuleId; index: number }>();
  readonly #spellings = new SpellingTracker();
  readonly #staleLast = new Set<string>();
  /** Per worker and request key: the code of the failure the worker was last given for it (SPEC.md "A repeated failure"). */
  readonly #failedLast = new Map<string, string>();
  readonly #workers = new Set<string>();
  readonly #lv: Mode['levers'];
  /** Arm rules apply to shims with an arm surface (arms + resolver); others fail them only by a response. */
  readonly #armSurface: boolean;

  constructor(readonly config: OracleConfig) {
    this.#lv = config.mode.levers;
    this.#armSurface = config.mode.arm !== undefined && config.capabilities.armResolver === true;
  }

  /** What the worker provably holds for a request now: the claimed total and the held prefix's length (a report's picture). */
  held(worker: string, path: string, args: Readonly<Record<string, unknown>> | undefined): Held | undefined {
    const k = this.#truth.get(worker, requestKey(path, args));
    return k === undefined ? undefined : { total: k.total, bytes: k.prefix.length };
  }

  #check(rule: RuleId, times = 1): void {
    this.checks.set(rule, (this.checks.get(rule) ?? 0) + times);
  }

  #chance(lever: LeverName): void {
    this.leverUse[lever].offered++;
  }

  judge(o: Outcome): Violation[] {
    if (o.kind === 'other') {
      const e = o.event;
      if (e.type === 'worker') this.#workers.add(e.id);
      if (e.type === 'fork') this.#fork(e.parent, e.worker, e.fresh === true);
      if (e.type === 'forget') {
        // The host's identity of the path (spec/SPEC.md "Links and case"): a forget under any of its names.
        const path = e.path === undefined ? undefined : (o.identity ?? resolvePath(e.path));
        this.#truth.forget(e.worker, path);
        this.#withErrors.forget(e.worker, path);
        this.#claimed.forget(e.worker, path);
        // The host re-attached these files after compacting: every model holds them again (as delivered).
        if (o.reattached !== undefined) {
          reattach([this.#truth, this.#withErrors, this.#claimed, this.#noForget], e.worker, o.reattached);
          reattach([this.#global], '*', o.reattached);
        }
        const mine = `${e.worker}\u0000`;
        for (const wk of [...this.#cause.keys()]) {
          const key = wk.slice(mine.length);
          if (wk.startsWith(mine) && sameKnowledge(this.#truth.get(e.worker, key), this.#claimed.get(e.worker, key)))
            this.#cause.delete(wk);
        }
        this.#spellings.forget(
          (wk) =>
            wk.startsWith(`${e.worker}\u0000`) &&
            (path === undefined || wk.startsWith(`${e.worker}\u0000${path}\u0000`)),
        );
        for (const wk of [...this.#failedLast.keys()])
          if (
            wk.startsWith(`${e.worker}\u0000`) &&
            (path === undefined || wk.startsWith(`${e.worker}\u0000${path}\u0000`))
          )
            this.#failedLast.delete(wk);
      }
      return [];
    }
    this.#workers.add(o.event.worker);
    const kind = o.claim?.kind ?? Object.keys(o.response)[0]!;
    if (o.kind === 'read' && o.claim !== undefined) this.#used(o.claim);
    this.claimKinds.set(kind, (this.claimKinds.get(kind) ?? 0) + 1);
    const found = o.kind === 'read' ? this.#judgeRead(o, o.index) : this.#judgeStale(o);
    if (o.kind === 'read') this.#counts(o, found);
    return found.map((f) => ({ ...f, index: o.index }));
  }

  /**
   * A subagent starts (spec/SPEC.md "Forks and resumed sessions"): a fork holds what its parent
   * holds now in every per-worker model; a fresh one holds nothing. A resume changes no model.
   */
  #fork(parent: string, child: string, fresh: boolean): void {
    this.#workers.add(parent);
    this.#workers.add(child);
    if (fresh) return;
    for (const m of [this.#truth, this.#noForget, this.#withErrors, this.#claimed]) m.fork(parent, child);
    const from = `${parent}\u0000`;
    const copy = <V>(m: Map<string, V>): void => {
      for (const [wk, v] of [...m]) if (wk.startsWith(from)) m.set(`${child}\u0000${wk.slice(from.length)}`, v);
    };
    this.#spellings.fork(from, `${child}\u0000`);
    copy(this.#cause);
    copy(this.#failedLast);
    for (const wk of [...this.#staleLast])
      if (wk.startsWith(from)) this.#staleLast.add(`${child}\u0000${wk.slice(from.length)}`);
  }

  // ---- reads ---------------------------------------------------------------------------------

  #judgeRead(o: ReadOutcome, index: number): Finding[] {
    const { event, truth, response, claim } = o;
    const worker = event.worker;
    // Knowledge is kept per file as the host identifies it (spec/SPEC.md "Links and case").
    const key = requestKey(o.identity ?? event.path, event.args);
    const wk = `${worker}\u0000${key}`;
    const out: Finding[] = [];

    if (!truth.ok) {
      // The tool fails now: only an error or a refusal is true (PASSTHROUGH, REFUSAL-TRUE).
      this.#check('PASSTHROUGH');
      this.#check('REFUSAL-TRUE');
      // A pointer to a failure the worker was last given for this request, and still the tool's answer, is true.
      const repeated = claim?.kind === 'pointer' && this.#failedLast.get(wk) === truth.code;
      if (claim !== undefined && claim.kind !== 'refusal' && !repeated)
        out.push({
          rule: 'PASSTHROUGH',
          message: `the read tool failed (${truth.code}) but the shim answered ${this.#say(claim, response)} instead of passing the error on${claim.kind === 'pointer' ? ` (the worker was ${this.#failedLast.has(wk) ? `last given another failure (${this.#failedLast.get(wk)!})` : 'never given this failure'} for this request)` : ''}`,
        });
      if (claim === undefined || claim.kind === 'refusal' || repeated) this.#failedLast.set(wk, truth.code);
      else this.#failedLast.delete(wk);
      if (o.failedOver !== undefined) this.#countErrored(worker, key, o.failedOver);
      this.#staleLast.delete(wk);
      this.#spellings.touched(wk, event.path);
      return out;
    }
    this.#failedLast.delete(wk);
    const content = truth.text;
    const contentBytes = this.#memo.utf8(content);
    const known = this.#truth.get(worker, key);
    this.#countOpportunities(known, content, contentBytes);

    if (!('text' in response) || claim === undefined) {
      this.#check('REFUSAL-TRUE');
      const what =
        o.crash !== undefined
          ? `the shim threw ${o.crash}`
          : `the shim failed the read (${'error' in response ? response.error : 'no response'})`;
      out.push({ rule: 'REFUSAL-TRUE', message: `${what} but the tool returns ${n(contentBytes.length)} bytes now` });
      this.#staleLast.delete(wk);
      this.#spellings.touched(wk, event.path);
      return out;
    }
    if (claim.kind === 'refusal') {
      this.#check('REFUSAL-TRUE');
      out.push({
        rule: 'REFUSAL-TRUE',
        message: `said the file is ${claim.reason} but the tool returns ${n(contentBytes.length)} bytes now`,
      });
      this.#staleLast.delete(wk);
      this.#spellings.touched(wk, event.path);
      return out;
    }

    const back = backing(claim, response.text);
    if (!back.found)
      out.push({
        rule: BACKING_RULE[claim.kind]!,
        message: `claim not found in the response: its ${back.what} is not in the text the worker was shown (${n(this.#memo.utf8(response.text).length)} bytes)`,
      });
    out.push(...this.#surfaceOfRead(claim, response, back.framing, back.found && holds(known, contentBytes)));
    out.push(...this.#exactness(claim, response, contentBytes, back.found));

    // Knowledge-dependent rules, judged against the truth, then re-blamed through shadows.
    const judged = back.found ? this.#knowledge(claim, response, content, contentBytes, known) : undefined;
    if (judged !== undefined) {
      for (const rule of judged.checked) this.#check(rule);
      out.push(...this.#progress(o, claim, content, contentBytes, known, wk));
    }
    const own = judged?.findings ?? [];
    const shadows: [RuleId, Known | undefined][] = [
      ['FORGET-RESETS', this.#noForget.get(worker, key)],
      ['ISOLATION', this.#global.get('*', key)],
      ['PASSTHROUGH', this.#withErrors.get(worker, key)],
    ];
    if (this.#staleLast.has(wk)) this.#check('STALE-NO-RECORD');
    if (!sameKnowledge(shadows[0]![1], known)) this.#check('FORGET-RESETS');
    if (this.#workers.size > 1 && !sameKnowledge(shadows[1]![1], known)) this.#check('ISOLATION');
    if (!sameKnowledge(shadows[2]![1], known)) this.#check('PASSTHROUGH');
    const relies = reliesOnEarlier(claim);
    // Consequences: a finding the as-claimed model does not give follows from the earlier failure
    // that set it apart from the truth; it is told under that failure, not counted as a violation.
    const cause = this.#cause.get(wk);
    const knownAsClaimed = this.#claimed.get(worker, key);
    const asClaimed =
      cause !== undefined && !sameKnowledge(knownAsClaimed, known)
        ? this.#knowledge(claim, response, content, contentBytes, knownAsClaimed).findings
        : undefined;
    const mine: Finding[] = [];
    for (const f of own) {
      if (
        asClaimed !== undefined &&
        cause !== undefined &&
        SHADOWED.has(f.rule) &&
        !asClaimed.some((g) => g.rule === f.rule)
      )
        this.consequences.push({ rule: f.rule, index, message: f.message, cause });
      else mine.push(f);
    }
    for (const f of mine) {
      let rule: RuleId = f.rule;
      let why = '';
      // A derived rule is blamed only for a key the worker holds nothing of (a lie about a key
      // the worker has seen is the shim's own keying, whatever else happened), and only for a
      // claim that relies on earlier deliveries (a pointer, a continuation, a diff) — or, for
      // FIRST-VERBATIM, a whole re-delivery that a shadow holding an older version would explain.
      if (!SHADOWED.has(f.rule) || known !== undefined || (!relies && f.rule !== 'FIRST-VERBATIM')) {
        out.push(f);
        continue;
      }
      if (relies && this.#staleLast.has(wk)) {
        rule = 'STALE-NO-RECORD';
        why = ' (the last event for this worker and path was a stale serve)';
      } else
        for (const [derived, shadowK] of shadows) {
          if (sameKnowledge(shadowK, known)) continue;
          if (!relies && (shadowK === undefined || holds(shadowK, contentBytes))) continue;
          const again = this.#knowledge(claim, response, content, contentBytes, shadowK).findings;
          if (!again.some((g) => g.rule === f.rule)) {
            rule = derived;
            why =
              derived === 'FORGET-RESETS'
                ? ' (true only if deliveries before forget() still counted)'
                : derived === 'ISOLATION'
                  ? " (true only if another worker's deliveries counted)"
                  : ' (true only if a request the tool failed had counted as delivered)';
            break;
          }
        }
      out.push({ rule, message: `${f.message}${why}` });
    }

    // Lie or not, every model takes in what the worker was really given, so the next claim is
    // judged on what the worker holds; a claim the text does not back gave the worker nothing
    // known, and a diff that does not apply strictly leaves the worker with the text it held.
    this.#takeClaimed(
      worker,
      key,
      wk,
      claim,
      response.text,
      content,
      index,
      back.found ? undefined : BACKING_RULE[claim.kind]!,
      mine,
    );
    if (back.found) {
      this.#truth.apply(worker, key, claim, response.text, content);
      this.#noForget.apply(worker, key, claim, response.text, content);
      this.#withErrors.apply(worker, key, claim, response.text, content);
      this.#global.apply('*', key, claim, response.text, content);
    }
    this.#staleLast.delete(wk);
    if (sameKnowledge(this.#truth.get(worker, key), this.#claimed.get(worker, key))) this.#cause.delete(wk);
    return out;
  }

  /**
   * The as-claimed model takes in each claim as its claim says: an unbacked body as if it were in
   * the text, a diff as giving the content now. An unbacked claim or a diff that fails on its own
   * (DIFF-BASE-HELD, DIFF-COMPLETE) is the cause of what follows, unless an earlier one still is.
   */
  #takeClaimed(
    worker: string,
    key: string,
    wk: string,
    claim: Claim,
    text: string,
    content: string,
    index: number,
    unbacked: RuleId | undefined,
    own: readonly Finding[],
  ): void {
    if (claim.kind === 'diff')
      this.#claimed.set(worker, key, {
        total: this.#memo.utf8(content).length,
        prefix: this.#memo.utf8(content),
        against: content,
      });
    else this.#claimed.apply(worker, key, claim, text, content);
    const failed =
      unbacked ??
      (claim.kind === 'diff'
        ? own.find((f) => f.rule === 'DIFF-BASE-HELD' || f.rule === 'DIFF-COMPLETE')?.rule
        : undefined);
    if (failed !== undefined && !this.#cause.has(wk)) this.#cause.set(wk, { rule: failed, index });
  }

  /** A response that used a lever: a pointer, a partial slice, a diff. */
  #used(c: Claim): void {
    if (c.kind === 'pointer') this.leverUse.pointer.used++;
    else if (c.kind === 'diff') this.leverUse.diff.used++;
    else if (c.kind === 'slice' && c.end < c.total) this.leverUse.cap.used++;
  }

  /** Where a lever could have been used (counted whatever the shim did; declining is legal). */
  #countOpportunities(known: Known | undefined, content: string, contentBytes: Buffer): void {
    if (holds(known, contentBytes)) this.#chance('pointer');
    else if (known !== undefined && known.prefix.length === known.total && known.total > 0 && known.against !== content)
      this.#chance('diff');
    if (contentBytes.length > this.config.cap) this.#chance('cap');
  }

  /** PASSTHROUGH's shadow: the failed request counts as the next slice the shim would have sent. */
  #countErrored(worker: string, key: string, content: string): void {
    const contentBytes = this.#memo.utf8(content);
    const cur = this.#withErrors.get(worker, key);
    const from =
      cur !== undefined &&
      cur.against === content &&
      cur.prefix.length <= contentBytes.length &&
      sameBytes(cur.prefix, contentBytes.subarray(0, cur.prefix.length))
        ? cur.prefix.length
        : 0;
    let end = this.#lv.cap ? Math.min(contentBytes.length, from + this.config.cap) : contentBytes.length;
    while (end > from && !isBoundary(contentBytes, end)) end--;
    this.#withErrors.set(worker, key, {
      total: contentBytes.length,
      prefix: Buffer.from(contentBytes.subarray(0, end)),
      against: content,
    });
  }

  /**
   * Rules that need no knowledge: verbatim is the tool's text, slices are the bytes they say —
   * judged on UTF-8 bytes, what a worker receives. UTF8-WHOLE and CAP-BOUND judge any shim's
   * slices; they count as checks only where the cap lever is in force.
   */
  #exactness(claim: Claim, response: { text: string }, contentBytes: Buffer, backed: boolean): Finding[] {
    const out: Finding[] = [];
    const cap = this.config.cap;
    const capOn = this.#lv.cap;
    if (claim.kind === 'verbatim') {
      this.#check('SLICE-EXACT');
      const shown = this.#memo.utf8(claim.payload ?? response.text);
      const exact = sameBytes(shown, contentBytes);
      if (backed && !exact)
        out.push({
          rule: 'SLICE-EXACT',
          message: `a response passed off as the tool's text (${n(shown.length)} bytes) is not what the tool returned (${n(contentBytes.length)} bytes)`,
        });
      if (capOn) this.#check('CAP-BOUND');
      if (contentBytes.length > cap && exact && capOn)
        out.push({
          rule: 'CAP-BOUND',
          message: `the whole ${n(contentBytes.length)}-byte file was sent under a ${n(cap)}-byte cap`,
        });
      return out;
    }
    if (claim.kind === 'slice') {
      const P = this.#memo.utf8(claim.payload);
      this.#check('SLICE-EXACT');
      if (claim.total !== contentBytes.length)
        out.push({
          rule: 'SLICE-EXACT',
          message: `claimed the file is ${n(claim.total)} bytes; it is ${n(contentBytes.length)}`,
        });
      else if (claim.end > contentBytes.length)
        out.push({
          rule: 'SLICE-EXACT',
          message: `claimed bytes ${n(claim.start)}–${n(claim.end)} of a ${n(contentBytes.length)}-byte file`,
        });
      else if (P.length !== claim.end - claim.start || !sameBytes(P, contentBytes.subarray(claim.start, claim.end)))
        out.push({
          rule: 'SLICE-EXACT',
          message: `said bytes ${n(claim.start)}–${n(claim.end)} but the ${n(P.length)} payload bytes are not those bytes of the file`,
        });
      if (capOn) this.#check('UTF8-WHOLE');
      if (
        claim.end <= contentBytes.length &&
        (!isBoundary(contentBytes, claim.start) || !isBoundary(contentBytes, claim.end))
      )
        out.push({
          rule: 'UTF8-WHOLE',
          message: `the slice ${n(claim.start)}–${n(claim.end)} cuts a multi-byte UTF-8 sequence at byte ${n(isBoundary(contentBytes, claim.start) ? claim.end : claim.start)}`,
        });
      if (capOn) this.#check('CAP-BOUND');
      if (P.length > cap && (capOn || claim.end < claim.total))
        out.push({ rule: 'CAP-BOUND', message: `a slice of ${n(P.length)} bytes under a ${n(cap)}-byte cap` });
      return out;
    }
    if (claim.kind === 'diff') {
      const size = this.#memo.utf8(response.text).length;
      const limit = capOn ? Math.min(cap, contentBytes.length) : contentBytes.length;
      this.#check('CAP-BOUND');
      if (size > limit)
        out.push({
          rule: 'CAP-BOUND',
          message: `a ${n(size)}-byte diff response replaces a re-delivery of at most ${n(limit)} bytes`,
        });
    }
    return out;
  }

  /** Claims checked against a knowledge state K (truth or a shadow): the rules checked, and what they find. */
  #knowledge(
    claim: Claim,
    response: { text: string },
    content: string,
    contentBytes: Buffer,
    known: Known | undefined,
  ): RuleChecks {
    const a: Against = {
      claim,
      response,
      content,
      contentBytes,
      known,
      cap: this.config.cap,
      capOn: this.#lv.cap,
      say: (c) => this.#say(c, response),
      memo: this.#memo,
    };
    const checked: RuleId[] = [];
    const findings: Finding[] = [];
    for (const check of KNOWLEDGE_CHECKS) {
      const r = check(a);
      if (r === undefined) continue;
      checked.push(r.rule);
      if (r.message !== undefined) findings.push({ rule: r.rule, message: r.message });
    }
    return { checked, findings };
  }

  /** K is a prefix of this very content, short of its end: the next slice must advance (PROGRESS). */
  #partlyHeld(known: Known | undefined, content: string, contentBytes: Buffer): known is Known {
    return (
      known !== undefined &&
      known.against === content &&
      known.total === contentBytes.length &&
      known.prefix.length < known.total &&
      sameBytes(known.prefix, contentBytes.subarray(0, known.prefix.length))
    );
  }

  /** PROGRESS (liveness, per spelling) and the efficiency figures of slices and re-sends. */
  #progress(
    o: ReadOutcome,
    claim: Claim,
    content: string,
    contentBytes: Buffer,
    known: Known | undefined,
    wk: string,
  ): Finding[] {
    const out: Finding[] = [];
    const spelling = o.event.path;
    const cap = this.config.cap;
    const span =
      claim.kind === 'slice'
        ? { start: claim.start, end: claim.end, partial: claim.end < claim.total }
        : claim.kind === 'verbatim'
          ? { start: 0, end: contentBytes.length, partial: false }
          : undefined;
    if (span === undefined) {
      this.#spellings.touched(wk, spelling);
      return out;
    }
    const { last, prefix } = this.#spellings.get(wk, content, spelling);
    if (
      this.#lv.cap &&
      this.#partlyHeld(known, content, contentBytes) &&
      last === spelling &&
      prefix > 0 &&
      prefix < contentBytes.length
    ) {
      this.#check('PROGRESS');
      const floor = progressFloor(contentBytes, span.start, cap);
      if (claim.kind === 'verbatim' && contentBytes.length > cap)
        out.push({
          rule: 'PROGRESS',
          message: 'restarted from byte 0 with the whole file while the worker held a prefix',
        });
      else if (span.end <= prefix || span.end < floor)
        out.push({
          rule: 'PROGRESS',
          message: `with bytes 0–${n(prefix)} of ${n(contentBytes.length)} delivered to ${spelling} and the file unchanged, the slice ${n(span.start)}–${n(span.end)} ${span.end <= prefix ? `does not pass byte ${n(prefix)}` : `ends before byte ${n(floor)} (the last line end within the cap, or start + cap − 3 without one)`}`,
        });
    }
    // Efficiency: bytes of unchanged content the worker held from another spelling, sent again.
    if (
      known !== undefined &&
      known.against === content &&
      sameBytes(known.prefix, contentBytes.subarray(0, known.prefix.length))
    ) {
      const again = Math.min(span.end, known.prefix.length) - span.start;
      const others = this.#spellings.deliverers(wk, content, spelling);
      // Only waste a shim could have avoided: a pointer it could give, or a continuation it could send.
      const avoidable = this.#lv.pointer || (this.#lv.cap && known.prefix.length < known.total);
      if (avoidable && again > 0 && others.length > 0)
        this.efficiency.push({
          kind: 'alias-resend',
          index: o.index,
          bytes: again,
          message: `re-sent bytes ${n(span.start)}–${n(span.start + again)} of ${spelling} that the worker holds from a read of its alias ${others[0]}`,
        });
    }
    if (this.#lv.cap && span.partial) {
      const full = fullSliceEnd(contentBytes.length, span.start, cap);
      if (span.end < full)
        this.efficiency.push({
          kind: 'short-slice',
          index: o.index,
          bytes: full - span.end,
          message: `a slice ${n(span.start)}–${n(span.end)} of ${n(contentBytes.length)} ended ${n(full - span.end)} bytes short of a full ${n(cap)}-byte slice`,
        });
    }
    this.#spellings.delivered(wk, content, spelling, span.start, span.end);
    return out;
  }

  /**
   * Surface rules visible in a read: the levers in force, the seal. A2-NO-POINTER is checked where
   * a backed claim meets a file the worker holds in full (a pointer would be true there).
   */
  #surfaceOfRead(claim: Claim, response: { text: string }, framing: string, backedAndHeld: boolean): Finding[] {
    const out: Finding[] = [];
    const lv = this.#lv;
    const m = this.config.mode;
    const declared = m.arm !== undefined ? `arm ${m.arm} has no` : `declared levers [${leverList(lv).join(', ')}], no`;
    if (this.#armSurface) this.#check('ARM-TABLE');
    if (m.arm === 'diff' && backedAndHeld) this.#check('A2-NO-POINTER');
    if (!lv.on && claim.kind !== 'verbatim')
      out.push({
        rule: 'ARM-TABLE',
        message: `${m.arm !== undefined ? 'the off arm' : describeMode(m)} changed a response into ${this.#say(claim, response)}`,
      });
    else if (claim.kind === 'pointer' && m.arm === 'diff')
      out.push({
        rule: 'A2-NO-POINTER',
        message: 'the diff arm answered "unchanged, you hold it" instead of re-delivering',
      });
    else if (claim.kind === 'pointer' && !lv.pointer)
      out.push({ rule: 'ARM-TABLE', message: `${declared} pointer lever, but answered a pointer` });
    else if (claim.kind === 'diff' && !lv.diff)
      out.push({ rule: 'ARM-TABLE', message: `${declared} diff lever, but answered a diff` });
    else if (claim.kind === 'slice' && claim.end < claim.total && !lv.cap)
      out.push({ rule: 'ARM-TABLE', message: `${declared} cap lever, but answered a partial slice` });
    // Host framing around a verbatim payload is the host's, not a notice of the shim.
    if (this.config.capabilities.seal && claim.kind !== 'verbatim') {
      this.#check('NOTICE-SEALED');
      if (!framing.includes(this.config.seal))
        out.push({
          rule: 'NOTICE-SEALED',
          message: `a ${claim.kind} notice without the instance seal ${this.config.seal}`,
        });
    }
    return out;
  }

  /** COUNT-EXACT: counters move exactly by what the batch's claims withheld. */
  #counts(o: ReadOutcome, out: Finding[]): void {
    if (!this.config.capabilities.counters || o.countDelta === undefined) return;
    this.#batch.push(o);
    if (this.#batch.length < o.batchSize) return;
    const batch = this.#batch;
    this.#batch = [];
    let pointered = 0;
    let capped = 0;
    const withheld: number[] = [];
    for (const b of batch) {
      const c = b.claim;
      if (c?.kind === 'pointer') {
        pointered++;
        withheld.push(c.total);
      } else if (c?.kind === 'slice' && c.end < c.total) {
        capped++;
        withheld.push(c.total - c.end);
      }
    }
    const sum = withheld.reduce((a, b) => a + b, 0);
    this.#check('COUNT-EXACT');
    const d = o.countDelta;
    if (d.pointered !== pointered || d.capped !== capped || d.bytesWithheld !== sum)
      out.push({
        rule: 'COUNT-EXACT',
        message: `counters moved by pointered +${d.pointered}, capped +${d.capped}, bytesWithheld +${n(d.bytesWithheld)}; the response${batch.length > 1 ? 's' : ''} make${batch.length > 1 ? '' : 's'} that +${pointered}, +${capped}, +${n(sum)}`,
      });
    if (this.config.capabilities.countCallback) {
      const got = [...o.countCalls].sort((a, b) => a - b);
      const want = [...withheld].sort((a, b) => a - b);
      if (got.length !== want.length || got.some((g, i) => g !== want[i]))
        out.push({
          rule: 'COUNT-EXACT',
          message: `onCount fired with [${got.map(n).join(', ')}]; expected [${want.map(n).join(', ')}]`,
        });
    }
  }

  #batch: ReadOutcome[] = [];

  // ---- stale serves --------------------------------------------------------------------------

  #judgeStale(o: StaleOutcome): Finding[] {
    const { event, response, claim, fileNow } = o;
    const out: Finding[] = [];
    // Only a serve that handed over lines could be mistaken for a delivery (STALE-NO-RECORD).
    if (claim?.kind === 'stale')
      this.#staleLast.add(`${event.worker}\u0000${requestKey(o.identity ?? event.path, undefined)}`);
    this.#check('STALE-SERVE-LABELLED');
    if (!this.#lv.cap) {
      if (!('none' in response))
        out.push({
          rule: 'STALE-SERVE-LABELLED',
          message: `the stale serve answered under ${describeMode(this.config.mode)}, which has no cap lever (it must return nothing)`,
        });
      return out;
    }
    if ('none' in response)
      return [{ rule: 'STALE-SERVE-LABELLED', message: 'the stale serve returned nothing under a capping arm' }];
    if ('error' in response)
      return [
        {
          rule: 'STALE-SERVE-LABELLED',
          message: `the stale serve threw (${response.error}); refusals are results, never throws`,
        },
      ];
    if (claim === undefined) return out;
    const text = response.text;
    const back = backing(claim, text);
    if (!back.found)
      out.push({
        rule: 'STALE-SERVE-LABELLED',
        message: `claim not found in the response: its ${back.what} is not in the text the worker was shown (${n(this.#memo.utf8(text).length)} bytes)`,
      });
    if (this.config.capabilities.seal) {
      this.#check('NOTICE-SEALED');
      if (!back.framing.includes(this.config.seal))
        out.push({
          rule: 'NOTICE-SEALED',
          message: `a stale-serve notice without the instance seal ${this.config.seal}`,
        });
    }
    const { startLine, endLine } = event;
    const badRange = startLine < 0 || endLine < startLine;
    const lines = fileNow === undefined ? [] : splitLines(fileNow.content);
    if (claim.kind === 'refusal') {
      this.#check('REFUSAL-TRUE');
      if (claim.reason === 'stale-absent' || claim.reason === 'absent' || claim.reason === 'unreadable') {
        if (fileNow !== undefined)
          out.push({
            rule: 'REFUSAL-TRUE',
            message: `the stale serve said the file is gone, but it has ${n(lines.length)} lines now`,
          });
      } else if (claim.reason === 'stale-past-eof') {
        if (fileNow === undefined || startLine < lines.length || badRange)
          out.push({
            rule: 'STALE-SERVE-LABELLED',
            message: `said lines ${startLine}–${endLine} start past the end, but the file ${fileNow === undefined ? 'is gone' : `has ${n(lines.length)} lines`}`,
          });
      } else if (claim.reason === 'stale-bad-range' && !badRange)
        out.push({ rule: 'STALE-SERVE-LABELLED', message: `refused lines ${startLine}–${endLine} as a bad range` });
      return out;
    }
    if (claim.kind !== 'stale')
      return [
        ...out,
        { rule: 'STALE-SERVE-LABELLED', message: `a stale serve answered ${this.#say(claim, response)}` },
      ];
    if (fileNow === undefined)
      return [...out, { rule: 'STALE-SERVE-LABELLED', message: 'served lines of a file that does not exist' }];
    const last = Math.min(endLine, lines.length - 1);
    const want = this.#memo.utf8(lines.slice(startLine, last + 1).join(''));
    const got = this.#memo.utf8(claim.payload);
    const problems: string[] = [];
    if (badRange || startLine >= lines.length)
      problems.push(`served lines ${startLine}–${endLine} that it should have refused`);
    if (claim.startLine !== startLine || claim.endLine !== last)
      problems.push(
        `labelled lines ${claim.startLine}–${claim.endLine}, asked ${startLine}–${endLine} of ${lines.length} (0-based, inclusive, clamped: ${startLine}–${last})`,
      );
    if (claim.lines !== lines.length) problems.push(`said the file has ${claim.lines} lines; it has ${lines.length}`);
    const fits =
      got.length <= this.config.cap &&
      got.length <= want.length &&
      sameBytes(got, want.subarray(0, got.length)) &&
      isBoundary(want, got.length);
    if (!fits)
      problems.push(
        `the ${n(got.length)} served bytes are not 0-based lines ${startLine}–${last} of the file now (cut at the cap on a character boundary)`,
      );
    else if (got.length < Math.min(want.length, this.config.cap - 3))
      problems.push(`served ${n(got.length)} of ${n(want.length)} bytes, cut short of the cap`);
    else if (claim.truncated !== got.length < want.length)
      problems.push(
        claim.truncated ? 'said it was cut at the cap, but it was not' : 'was cut at the cap without saying so',
      );
    for (const p of problems) out.push({ rule: 'STALE-SERVE-LABELLED', message: p });
    return out;
  }

  /** How a response reads in a story. */
  #say(claim: Claim, response: { text?: string } | object): string {
    return sayClaim(claim, 'text' in response && typeof response.text === 'string' ? response.text : '');
  }
}

export function sayClaim(claim: Claim, text: string): string {
  switch (claim.kind) {
    case 'verbatim':
      return claim.payload === undefined
        ? `the tool's text verbatim (${n(utf8(text).length)} bytes)`
        : `the tool's text (${n(utf8(claim.payload).length)} bytes) inside host framing`;
    case 'slice':
      return `bytes ${n(claim.start)}–${n(claim.end)} of ${n(claim.total)}${claim.done ? ' ("you now hold all of it")' : ' (partial)'}`;
    case 'pointer':
      return `"unchanged, you hold all ${n(claim.total)} bytes"`;
    case 'diff':
      return `a diff (${n(utf8(text).length)} bytes) giving ${n(claim.total)} bytes`;
    case 'stale':
      return `stale lines ${claim.startLine}–${claim.endLine} of ${claim.lines}${claim.truncated ? ' (cut at the cap)' : ''}`;
    case 'refusal':
      return `a refusal (${claim.reason})`;
    case 'delta':
      return `a change notice (${n(utf8(text).length)} bytes) ${'after' in claim.replaces ? `inserting after row ${n(claim.replaces.after.value)}` : `replacing rows ${n(claim.replaces.first.value)}–${n(claim.replaces.last.value)}`}`;
    case 'withheld':
      return `"withheld by the shim's policy ${claim.policy}"`;
  }
}
