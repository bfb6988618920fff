/**
 * The corpus phase of a run: after the surface probes and saved traces, before the
 * random phase, every case whose needs the adapter meets is played as a fresh history (or several
 * sessions), judged by the same oracle, then the notices it drew from the shim are mimicked.
 * Deterministic: the cases and their order are fixed, and the mimicry depends only on what the
 * shim answered. A failure's story starts with the lie class in words.
 */
import type { HostToolBound } from '../../src/core/host-tool.ts';
import type { Mode } from '../../src/core/levers.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent, TraceHeader } from '../../src/core/trace.ts';
import type { Capabilities, DrivenAdapter } from '../../src/core/contract.ts';
import { AdapterError } from '../../src/core/errors.ts';
import { judgeHistory, type HistoryConfig, type HistoryVerdict } from '../history.ts';
import { sayClaim } from '../oracle/judge.ts';
import { recorded } from '../recorded.ts';
import type { Advisory, CaseOutcome, Counterexample } from '../result.ts';
import { consequencesOf, tellStory } from '../story.ts';
import { CASES } from './cases.ts';
import { CROSSED_CASES, CROSSED_GROUPS, crossedLead, type CrossedGroup } from '../crossed/cases.ts';
import { coverSample, type CrossedPlay } from '../crossed/cover.ts';
import { corpusNote, lieClassLine, type LieClassId } from './classes.ts';
import { NoticeBook, ambiguity, planMimicry, type MimicCase } from './mimicry.ts';
import type { CaseContext, CorpusCase } from './types.ts';
import { defined } from '../../src/core/defined.ts';
import { inOrder } from '../engine/pool.ts';

/** Where a run's checks came from. */
export { PHASES, type Advisory, type CaseOutcome, type Phase } from '../result.ts';

/** Why a case was not played when the run's time bound stopped it first. */
export const NOT_REACHED = "not reached: the run's time bound stopped it first";

/** What the corpus phase hands the run (run.ts's tally implements it). */
export interface CorpusSink {
  /** A judged corpus history (checks, claims, lever use, efficiency). */
  history(v: HistoryVerdict, events: readonly TraceEvent[]): void;
  /** A rule broken, with its counterexample (the run keeps the first per rule). */
  fail(rule: RuleId, message: string, cx: Counterexample): void;
  /** The corpus case that broke a rule (for the mutants report). */
  broke(rule: RuleId, caseId: string): void;
  /** A case of a lie class broke a rule, told by `story` (every mechanism of a failure, run.ts). */
  mechanism?(rule: RuleId, lieClass: LieClassId, caseId: string, message: string, story: () => readonly string[]): void;
}

export interface CorpusEnv {
  readonly adapter: DrivenAdapter;
  readonly mode: Mode;
  readonly seal: string;
  readonly tool?: HostToolBound;
  /** The one cap of the run (--cap, capabilities.cap); otherwise each case runs at its own. */
  readonly fixedCap?: number;
  readonly transport: 'in-process' | 'process';
  /** The subject's disk can hold symlinks and hardlinks (in-process always; a process handle that mirrors them). */
  readonly links?: boolean;
  /** Spec 2.1: the subject's disk can hold bytes that are not UTF-8 (in-process always; a handle that mirrors them). */
  readonly bytes?: boolean;
  readonly targets: ReadonlySet<RuleId>;
  readonly seed: number;
  readonly header: (cap: number, note: string) => TraceHeader;
  /** A rejection without the tool's error ends the run as an adapter error (mutants). */
  readonly crashIsError?: boolean;
  readonly progress?: (line: string) => void;
  /** How long one adapter call may take to settle (the run's --timeout). */
  readonly opTimeoutMs?: number;
  /** How the run judges a history (its engine: slots, progress); judgeHistory itself by default. */
  readonly judgeWith?: (label: string, config: HistoryConfig, events: readonly TraceEvent[]) => Promise<HistoryVerdict>;
  /** The run's time bound: once it says stop, no further case is played (each is told not reached). */
  readonly stopWhen?: () => boolean;
  /** The crossed cases played: all (default) or the covering sample (properties/crossed/cover.ts). */
  readonly crossed?: CrossedPlay;
  /**
   * Cases judged at once (the run's slots, --jobs; 1 by default). Their verdicts are taken in case
   * order whatever finishes first, so the report is the one-at-a-time run's.
   */
  readonly ahead?: number;
}

export interface CorpusReport {
  readonly cases: readonly CaseOutcome[];
  readonly advisories: readonly Advisory[];
}

/** Why a case is not played for this adapter, transport and run, or undefined. */
export function whyNotPlayed(
  c: Pick<CorpusCase, 'needs' | 'rules'>,
  caps: Capabilities,
  env: Pick<CorpusEnv, 'mode' | 'transport' | 'targets' | 'links' | 'bytes'>,
): string | undefined {
  const n = c.needs;
  const lv = env.mode.levers;
  for (const l of n.levers ?? []) if (!lv[l]) return `needs the ${l} lever`;
  if (n.anyOf !== undefined && !n.anyOf.some((l) => lv[l])) return `needs one of the levers ${n.anyOf.join(', ')}`;
  if (n.windows && !caps.windows) return 'needs windowed reads (capabilities.windows)';
  if (n.staleServe && !caps.staleServe) return 'needs a stale serve (capabilities.staleServe)';
  if (n.forget && caps.hostNeverCompacts) return 'needs compaction: the adapter declares its host never compacts';
  if (n.toolFailures && env.transport !== 'in-process')
    return 'needs a read tool the kit can make fail (in-process adapters only)';
  if (n.races && env.transport !== 'in-process' && caps.raceBarrier !== true)
    return 'needs the race barrier (capabilities.raceBarrier) to rewrite a file right after the read';
  if (n.tool && caps.tool === undefined) return 'needs a declared host tool bound (capabilities.tool)';
  if (n.refuse !== undefined && !(caps.tool?.refuse?.[n.refuse] ?? false))
    return `needs a host tool that refuses (capabilities.tool.refuse.${n.refuse})`;
  if (n.toolFails === 'pastEnd' && caps.tool?.pastEnd !== 'error')
    return 'needs a host tool that fails past the end (capabilities.tool.pastEnd: error)';
  if (n.toolFails === 'notice' && caps.tool?.notice === undefined)
    return 'needs a host tool that gives a notice for a long first line (capabilities.tool.notice)';
  if (n.reinject && caps.reinject === undefined)
    return 'needs a host that re-attaches files after compaction (capabilities.reinject)';
  if (n.sessions !== undefined && caps.sessions?.[n.sessions] !== true)
    return `needs a host that ${SESSION_NEEDS[n.sessions]} (capabilities.sessions.${n.sessions})`;
  if (n.links && !(env.transport === 'in-process' || env.links === true))
    return 'needs a disk that holds symlinks and hardlinks (in-process, or --process)';
  if (n.caseInsensitive && caps.caseInsensitive !== true)
    return 'needs a host that folds case (capabilities.caseInsensitive)';
  if (n.batch && caps.batch !== true)
    return 'needs a host batch read tool: several paths in one call (capabilities.batch)';
  if (n.binary !== undefined) {
    const b = caps.tool?.binary;
    if (n.binary === 'readable' ? b !== 'base64' && b !== 'bytes' : b !== 'refuse')
      return n.binary === 'readable'
        ? 'needs a host tool that returns binary files (capabilities.tool.binary: base64 or bytes)'
        : 'needs a host tool declared to refuse binary files (capabilities.tool.binary: refuse)';
    if (!(env.transport === 'in-process' || env.bytes === true))
      return 'needs a disk that holds bytes that are not UTF-8 (in-process, --process or --mcp)';
  }
  if (!c.rules.some((r) => env.targets.has(r))) return `--only leaves none of its rules (${c.rules.join(', ')})`;
  return undefined;
}

/** What each declared session behaviour is, in a not-played reason (spec/SPEC.md "Forks and resumed sessions"). */
const SESSION_NEEDS = {
  fork: "forks subagents holding their parent's deliveries",
  sharedSession: "starts subagents under their parent's session id",
  resume: 'resumes sessions in a new shim instance',
} as const;

interface Judged {
  readonly p: Played;
  readonly v: HistoryVerdict;
}

/** A unit's play: per case, its own histories, why not, or its part of its condition's shared history. */
interface GroupPlay {
  readonly each: readonly (readonly Judged[] | { why: string } | { part: number })[];
  readonly shared?: Judged & { readonly starts: readonly number[] };
}

/** The corpus in units: a case alone, or a shared condition's cells together (contiguous in the table). */
function unitsOf(all: readonly CorpusCase[]): { cases: CorpusCase[]; group?: CrossedGroup }[] {
  const units: { cases: CorpusCase[]; group?: CrossedGroup }[] = [];
  for (const c of all) {
    const g = CROSSED_GROUPS.find((x) => x.members.includes(c.id));
    const last = units[units.length - 1];
    if (g !== undefined && last?.group === g) last.cases.push(c);
    else units.push(g === undefined ? { cases: [c] } : { cases: [c], group: g });
  }
  return units;
}

interface Played {
  readonly id: string;
  readonly lieClass: LieClassId;
  readonly cap: number;
  readonly events: readonly TraceEvent[];
  readonly lead: readonly string[];
}

export async function playCorpus(env: CorpusEnv, sink: CorpusSink): Promise<CorpusReport> {
  const caps = env.adapter.capabilities;
  const book = new NoticeBook();
  const outcomes: CaseOutcome[] = [];
  const advisories: Advisory[] = [];
  const config = (cap: number) => ({
    mode: env.mode,
    cap,
    seal: env.seal,
    ...(env.tool ? { tool: env.tool } : {}),
    ...defined({ opTimeoutMs: env.opTimeoutMs }),
  });

  const judge = async (p: Played): Promise<HistoryVerdict> => {
    const v = await (env.judgeWith
      ? env.judgeWith(`corpus case ${p.id}`, config(p.cap), p.events)
      : judgeHistory(env.adapter, config(p.cap), p.events));
    const crashed = env.crashIsError ? v.outcomes.find((x) => x.kind === 'read' && x.crash !== undefined) : undefined;
    if (crashed?.kind === 'read')
      throw new AdapterError(
        `adapter ${env.adapter.name}: the shim crashed on event ${crashed.index + 1} of corpus case ${p.id} (${crashed.crash}): a crash is not an answer`,
      );
    return v;
  };

  /** Judges one history into the run: its checks, the first failure per rule it breaks. */
  const tally = (p: Played, v: HistoryVerdict): RuleId[] => {
    sink.history(v, p.events);
    return tallyFails(p, v);
  };
  /** A history's lies into the run (its checks counted elsewhere). */
  const tallyFails = (p: Played, v: HistoryVerdict): RuleId[] => {
    const failed: RuleId[] = [];
    for (const x of v.violations) {
      if (!env.targets.has(x.rule) || failed.includes(x.rule)) continue;
      failed.push(x.rule);
      sink.broke(x.rule, p.id);
      const cx = counterexample(p, v, x.rule, env);
      sink.fail(x.rule, x.message, cx);
      sink.mechanism?.(x.rule, p.lieClass, p.id, x.message, () => cx.story);
    }
    return failed;
  };

  const all = [...CASES, ...CROSSED_CASES];
  const ctxOf = (c: CorpusCase): CaseContext => ({
    cap: env.fixedCap ?? c.cap,
    mode: env.mode,
    seal: env.seal,
    ...(env.tool ? { tool: env.tool } : {}),
    ...(caps.reinject ? { reinject: caps.reinject } : {}),
    seed: env.seed,
  });
  const whyNot = (c: CorpusCase): string | undefined => whyNotPlayed(c, caps, env) ?? c.unplayable?.(ctxOf(c));
  const sample =
    env.crossed === 'cover'
      ? coverSample((id) => whyNot(CROSSED_CASES.find((c) => c.id === id)!) === undefined)
      : undefined;
  env.progress?.(`corpus: ${all.length} directed cases`);
  /** A case's plan: why it is not played, or its events. */
  const planOf = (c: CorpusCase): { why: string } | { events: readonly TraceEvent[]; cap: number } => {
    const ctx = ctxOf(c);
    const outOfSample =
      sample !== undefined && CROSSED_CASES.includes(c) && !sample.has(c.id)
        ? 'outside the covering sample of the crossed cases (properties/crossed/cover.ts)'
        : undefined;
    const why = whyNot(c) ?? outOfSample;
    if (why !== undefined) return { why };
    const events = c.events(ctx);
    if (caps.forgetWhole === true && events.some((e) => e.type === 'forget' && e.path !== undefined))
      return { why: 'forgets one path: the host compacts whole workers only (capabilities.forgetWhole)' };
    return { events, cap: ctx.cap };
  };
  /** The case's histories (one per session), judged; or why it is not played (the time bound among the reasons). */
  const playOne = async (c: CorpusCase): Promise<Judged[] | { why: string }> => {
    if (env.stopWhen?.() === true) return { why: NOT_REACHED };
    const plan = planOf(c);
    if ('why' in plan) return plan;
    return playPlanned(c, plan);
  };
  const playPlanned = async (
    c: CorpusCase,
    plan: { events: readonly TraceEvent[]; cap: number },
  ): Promise<Judged[]> => {
    const sessions = c.sessions ?? 1;
    const judged: Judged[] = [];
    for (let s = 1; s <= sessions; s++) {
      const crossed = crossedLead(c.id);
      const lead = [
        ...(crossed !== undefined ? [crossed] : []),
        ...(s > 1
          ? [
              `(session ${s} of ${sessions}: the same history again, with a fresh shim${env.transport === 'process' ? ' and process' : ''})`,
            ]
          : []),
      ];
      const p: Played = { id: c.id, lieClass: c.lieClass, cap: plan.cap, events: plan.events, lead };
      judged.push({ p, v: await judge(p) });
    }
    return judged;
  };
  /**
   * A shared condition's cells (properties/crossed/cases.ts CROSSED_GROUPS): one history for those
   * playable, each judged by its part of it (a lie before the first edit is every cell's).
   */
  const playGroup = async (g: CrossedGroup, members: readonly CorpusCase[]): Promise<GroupPlay> => {
    if (env.stopWhen?.() === true) return { each: members.map(() => ({ why: NOT_REACHED })) };
    const plans = members.map(planOf);
    const playable = members.filter((_, i) => !('why' in plans[i]!));
    if (playable.length < 2) {
      const each: GroupPlay['each'][number][] = [];
      for (let i = 0; i < members.length; i++) {
        const plan = plans[i]!;
        each.push('why' in plan ? plan : await playPlanned(members[i]!, plan));
      }
      return { each };
    }
    const cap = (plans.find((x) => !('why' in x)) as { cap: number }).cap;
    const built = g.events(
      ctxOf(playable[0]!),
      playable.map((c) => c.id),
    );
    const p: Played = { id: g.id, lieClass: g.lieClass, cap, events: built.events, lead: [g.lead] };
    let part = 0;
    const each = plans.map((x) => ('why' in x ? x : { part: part++ }));
    return { each, shared: { p, v: await judge(p), starts: built.starts } };
  };
  /** A cell's part of a shared history: its lies (and those before the first edit), told with the cell's lead. */
  const tallyPart = (c: CorpusCase, shared: NonNullable<GroupPlay['shared']>, part: number): RuleId[] => {
    const partOf = (index: number): number => shared.starts.findLastIndex((x) => x <= index);
    const mine = (index: number): boolean => {
      const k = partOf(index);
      return k < 0 || k === part;
    };
    const v = {
      ...shared.v,
      violations: shared.v.violations.filter((x) => mine(x.index)),
      consequences: shared.v.consequences.filter((x) => mine(x.cause.index)),
    };
    const lead = [
      ...(crossedLead(c.id) !== undefined ? [crossedLead(c.id)!] : []),
      `(played in one history with the condition's other cells, each edit on a file of its own: ${shared.p.id})`,
    ];
    return tallyFails({ id: c.id, lieClass: c.lieClass, cap: shared.p.cap, events: shared.p.events, lead }, v);
  };
  /** What a unit's play adds to the run, in the corpus's order (the notices learned, the first failure per rule). */
  const record = (
    c: Pick<CorpusCase, 'id' | 'lieClass'>,
    r: readonly Judged[] | { why: string },
    playedIn?: string,
  ): void => {
    if ('why' in r) {
      outcomes.push({ id: c.id, lieClass: c.lieClass, played: false, reason: r.why, failed: [] });
      return;
    }
    const failed = new Set<RuleId>();
    for (const { p, v } of r) {
      book.learn(v.outcomes, c.id);
      for (const x of tally(p, v)) failed.add(x);
    }
    outcomes.push({
      id: c.id,
      lieClass: c.lieClass,
      played: true,
      cap: r[0]!.p.cap,
      failed: [...failed],
      ...defined({ playedIn }),
    });
  };
  const units = unitsOf(all);
  // Units judged at once up to the slots; tallied in case order.
  await inOrder(
    units.length,
    env.ahead ?? 1,
    async (i): Promise<GroupPlay> => {
      const u = units[i]!;
      return u.group === undefined ? { each: [await playOne(u.cases[0]!)] } : playGroup(u.group, u.cases);
    },
    (i, g) => {
      const u = units[i]!;
      // The shared history's checks count once; each cell's lies are told from its part.
      if (g.shared !== undefined) {
        sink.history(g.shared.v, g.shared.p.events);
        book.learn(g.shared.v.outcomes, g.shared.p.id);
      }
      u.cases.forEach((c, k) => {
        const x = g.each[k]!;
        if (!('part' in x)) return record(c, x);
        const failed = tallyPart(c, g.shared!, x.part);
        outcomes.push({
          id: c.id,
          lieClass: c.lieClass,
          played: true,
          cap: g.shared!.p.cap,
          failed,
          playedIn: g.shared!.p.id,
        });
      });
    },
  );

  // Notice mimicry, from what the shim said above.
  const mimics = planMimicry(book.list(), {
    seal: env.seal,
    sealed: caps.seal,
    capLever: env.mode.levers.cap,
    ...(env.tool ? { tool: env.tool } : {}),
    ...defined({ fixedCap: env.fixedCap }),
  });
  for (const m of mimics) {
    if (env.stopWhen?.() === true) {
      outcomes.push({ id: m.id, lieClass: 'notice-imitation', played: false, reason: NOT_REACHED, failed: [] });
      continue;
    }
    if (!m.rules.some((r) => env.targets.has(r)) || (!caps.seal && !env.targets.has('NOTICE-SEALED'))) {
      outcomes.push({
        id: m.id,
        lieClass: 'notice-imitation',
        played: false,
        reason: `--only leaves none of its rules (${m.rules.join(', ')})`,
        failed: [],
      });
      continue;
    }
    if (m.notReproducible !== undefined) {
      outcomes.push({ id: m.id, lieClass: 'notice-imitation', played: false, reason: m.notReproducible, failed: [] });
      if (!caps.seal)
        advisories.push({
          rule: 'NOTICE-SEALED',
          case: m.id,
          notice: m.notice.kind,
          message: `${m.notice.kind}: ${m.notReproducible}`,
          story: [],
        });
      continue;
    }
    const lead = [
      `the file holds the shim's own ${m.notice.kind} notice (learned from corpus case ${m.notice.from})${caps.seal ? ', under a foreign seal' : ''}`,
    ];
    const p: Played = { id: m.id, lieClass: 'notice-imitation', cap: m.cap, events: m.events, lead };
    const v = await judge(p);
    if (caps.seal) {
      outcomes.push({ id: m.id, lieClass: 'notice-imitation', played: true, cap: m.cap, failed: tally(p, v) });
      continue;
    }
    // Unsealed: what a worker sees cannot tell the file from the notice; an advisory, never a verdict.
    outcomes.push({ id: m.id, lieClass: 'notice-imitation', played: true, cap: m.cap, failed: [] });
    advisories.push({
      rule: 'NOTICE-SEALED',
      case: m.id,
      notice: m.notice.kind,
      message: advisoryMessage(m, v),
      story: [...lead, ...tellStory(m.events, v.outcomes, [])],
    });
  }
  return { cases: outcomes, advisories };
}

function advisoryMessage(m: MimicCase, v: HistoryVerdict): string {
  const o = v.outcomes.find((x) => x.kind === 'read');
  const said =
    o?.kind === 'read' && o.claim !== undefined && 'text' in o.response
      ? `; the shim answered ${sayClaim(o.claim, o.response.text)}`
      : '';
  const fooled =
    o?.kind === 'read' && o.claim !== undefined && o.claim.kind !== 'verbatim'
      ? ', so its own decoder took the file for its notice'
      : '';
  return `${ambiguity(m.notice.kind)}${said}${fooled}`;
}

/** The story of one rule's first violation in a corpus history: the lie class, then the events up to that violation (a case is short already; it is not shrunk). */
function counterexample(p: Played, v: HistoryVerdict, rule: RuleId, env: CorpusEnv): Counterexample {
  const first = Math.min(...v.violations.filter((x) => x.rule === rule).map((x) => x.index));
  // Told up to the violation, or to the last finding that follows from it (Consequences).
  const last = Math.max(
    first,
    ...v.consequences.filter((c) => c.cause.rule === rule && c.cause.index === first).map((c) => c.index),
  );
  const shown = p.events.slice(0, last + 1);
  const told = v.consequences.filter((c) => c.index <= last);
  const story = [
    lieClassLine(p.lieClass, p.id),
    ...p.lead,
    ...tellStory(
      shown,
      v.outcomes.filter((o) => o.index <= last),
      v.violations.filter((x) => x.index <= last),
      told,
    ),
  ];
  return {
    story,
    trace: { header: env.header(p.cap, corpusNote(p.lieClass, p.id)), events: recorded(shown, v) },
    seed: env.seed,
    cap: p.cap,
    ...defined({ arm: env.mode.arm }),
    source: `corpus ${p.id}`,
    ...consequencesOf({ consequences: told }, rule),
    frames: v.frames.filter((f) => f.index <= last),
  };
}
