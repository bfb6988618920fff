/**
 * Offline audit of a trace recorded in production: the same oracle as `run`, fed with the
 * responses the shim really gave. The inner tool's truth comes from replaying the trace's write
 * and delete events in a World; the adapter's decoder reads the recorded responses. Every lie is
 * reported with its line in the trace file; after each one the oracle goes on with what the worker
 * really holds.
 */
import { claimProblem, type Claim } from '../src/core/claims.ts';
import { resolvePath } from '../src/core/paths.ts';
import type { RuleId } from '../src/core/rules.ts';
import { leverList } from '../src/core/levers.ts';
import {
  headerMode,
  writtenContent,
  type ReadEvent,
  type RecordedResponse,
  type StaleEvent,
  type Trace,
  type TraceEvent,
} from '../src/core/trace.ts';
import type { BytesShimAdapter, ShimAdapter } from '../src/core/contract.ts';
import {
  groupEnd,
  readNaming,
  reattachedIn,
  type Outcome,
  type ReadOutcome,
  type StaleOutcome,
} from '../src/harness/session.ts';
import { World, pagedTruth, type ToolResult } from '../src/harness/world.ts';
import { defined } from '../src/core/defined.ts';
import { Oracle, type Violation } from './oracle/judge.ts';
import { callWords, tellStory } from './story.ts';
import { replayHost } from './replay-host.ts';
import type { RawDecoder } from '../src/harness/raw-decoder.ts';

export interface Lie {
  /** 1-based line of the response's event in the trace file. */
  readonly line: number;
  readonly rule: RuleId;
  readonly message: string;
  /** The events on that path up to the lie, numbered by trace line. */
  readonly story: readonly string[];
}

export interface AuditResult {
  readonly lies: readonly Lie[];
  readonly events: number;
  /** Recorded responses judged (reads and stale serves). */
  readonly responses: number;
  readonly checks: ReadonlyMap<RuleId, number>;
  /** Said about how the trace was judged (spec 2.2: a header without a tool, judged behind the decoder's declared bound). */
  readonly notes?: readonly string[];
}

/** No rule was checked (no recorded response): the audit proves nothing and must not pass. */
export function nothingJudged(r: AuditResult): boolean {
  let checks = 0;
  for (const n of r.checks.values()) checks += n;
  return r.responses === 0 || checks === 0;
}

/** The trace cannot be audited (exit 2): names the line. */
export class AuditInputError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'AuditInputError';
  }
}

/** Line numbers of a trace's events, counted as parseTrace counts them (blank lines skipped). */
export function eventLines(text: string): number[] {
  const out: number[] = [];
  let header = false;
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    if (header) out.push(i + 1);
    header = true;
  });
  return out;
}

/** Keep a story readable on a long production trace: the last events before the lie. */
const STORY_EVENTS = 40;

export async function auditTrace(
  trace: Trace,
  lines: readonly number[],
  adapter: ShimAdapter | BytesShimAdapter,
  fromRaw?: RawDecoder,
): Promise<AuditResult> {
  const { cap, seal } = trace.header;
  const mode = headerMode(trace.header);
  const events = trace.events;
  // Spec 2.2: a header without a tool is judged behind the bound the decoder's adapter declares.
  const host = replayHost('the trace', trace.header, adapter.capabilities.tool);
  if (!host.ok) throw new AuditInputError(1, host.problem);
  const world = new World(host.tool, defined({ caseInsensitive: trace.header.caseInsensitive }));
  const oracle = new Oracle({ mode, cap, seal, capabilities: adapter.capabilities, ...defined({ tool: host.tool }) });
  const outcomes: Outcome[] = [];
  const violations: Violation[] = [];
  const lineOf = (i: number): number => lines[i] ?? i + 2;

  const decode = (text: string, op: 'read' | 'stale', path: string, i: number, truth?: ToolResult): Claim => {
    let claim: unknown;
    // The size of the request's content, as the run's decoders are told it (src/harness/session.ts).
    const contentBytes = truth === undefined ? undefined : truth.ok ? Buffer.byteLength(truth.text, 'utf8') : 0;
    try {
      claim = adapter.decode(text, {
        seal,
        cap,
        arm: mode.arm,
        levers: leverList(mode.levers),
        op,
        path,
        ...defined({ contentBytes }),
      });
    } catch (e) {
      throw new AuditInputError(
        lineOf(i),
        `the ${adapter.name} decoder cannot read this recorded response: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    const p = claimProblem(claim);
    if (p) throw new AuditInputError(lineOf(i), `the ${adapter.name} decoder returned a malformed claim: ${p}`);
    return claim as Claim;
  };
  const recorded = (e: ReadEvent | StaleEvent, i: number): RecordedResponse => {
    if (e.response === undefined)
      throw new AuditInputError(
        lineOf(i),
        `${e.type} event without a recorded "response": audit judges what the shim answered, so every read and stale serve needs its response ({"text"}, {"error"} or {"none": true})`,
      );
    return e.response;
  };

  /** A read's response as judged: from its raw tool result when the audit decodes raw bytes, else its text. */
  const judged = (
    response: RecordedResponse,
    r: ReadEvent,
    truth: ToolResult,
    i: number,
  ): { response: RecordedResponse; claim?: Claim } => {
    if (!('text' in response)) return { response };
    // Spec 2.1: bytes the shim answered are the tool's output untouched (src/core/trace.ts RecordedResponse).
    if (response.binary === true) return { response, claim: { kind: 'verbatim' } };
    if (fromRaw === undefined || response.raw === undefined)
      return { response, claim: decode(response.text, 'read', r.path, i, truth) };
    const d = fromRaw(response.raw, r, truth);
    if (typeof d === 'string')
      throw new AuditInputError(lineOf(i), `the ${adapter.name} profile cannot read this raw tool result: ${d}`);
    const p = claimProblem(d.claim);
    if (p) throw new AuditInputError(lineOf(i), `the ${adapter.name} profile returned a malformed claim: ${p}`);
    return { response: { text: d.text, raw: response.raw }, claim: d.claim };
  };

  let i = 0;
  while (i < events.length) {
    const e = events[i]!;
    const batch: Outcome[] = [];
    if (e.type === 'read') {
      // A concurrent batch or a batch read call sees the files as they were before any of its races (as src/harness/session.ts).
      const last = groupEnd(events, i);
      const reads = events.slice(i, last + 1) as ReadEvent[];
      const prepared = reads.map((r, k) => {
        const real = world.toolResult({ ...(r.args ?? {}), path: r.path });
        const told: ToolResult =
          r.fail !== undefined
            ? { ok: false, code: r.fail, message: `${r.fail}: the read tool failed for '${r.path}'` }
            : real;
        const first = judged(recorded(r, i + k), r, told, i + k);
        // Spec 2.2 "A host's page": the page a response shows is the tool's text (as src/harness/session.ts).
        const shown = 'text' in first.response && first.response.binary !== true ? first.response.text : undefined;
        const truth = pagedTruth(told, shown, host.tool);
        const { response, claim } = truth === told ? first : judged(recorded(r, i + k), r, truth, i + k);
        const o: ReadOutcome = {
          kind: 'read',
          index: i + k,
          event: r,
          ...defined({ identity: world.identity(r.path) }),
          ...readNaming(world, r.path),
          truth,
          response,
          ...(claim ? { claim } : {}),
          ...(r.fail !== undefined && real.ok ? { failedOver: real.text } : {}),
          countCalls: [],
          batchSize: reads.length,
        };
        return o;
      });
      for (const r of reads) if (r.race) world.write(r.path, r.race.content, r.race.mtimeMs);
      batch.push(...prepared);
    } else if (e.type === 'stale') {
      const response = recorded(e, i);
      const claim = 'text' in response ? decode(response.text, 'stale', e.path, i) : undefined;
      const o: StaleOutcome = {
        kind: 'stale',
        index: i,
        event: e,
        fileNow: world.file(e.path),
        ...defined({ identity: world.identity(e.path) }),
        response,
        ...(claim ? { claim } : {}),
      };
      batch.push(o);
    } else {
      if (e.type === 'write') world.write(e.path, writtenContent(e), e.mtimeMs);
      if (e.type === 'delete') world.delete(e.path);
      if (e.type === 'symlink') world.symlink(e.path, e.target, e.mtimeMs);
      if (e.type === 'hardlink') world.hardlink(e.path, e.existing);
      const identity = e.type === 'forget' && e.path !== undefined ? world.identity(e.path) : undefined;
      const name = e.type === 'forget' && e.path !== undefined ? world.nameOf(e.path) : undefined;
      // A recorded compaction says what the host re-attached (spec/SPEC.md "Re-injection after compaction").
      const reattached =
        e.type === 'forget' && e.path === undefined && e.reattached !== undefined
          ? { reattached: reattachedIn(world, e.reattached) }
          : {};
      batch.push({ kind: 'other', index: i, event: e, ...defined({ identity, name }), ...reattached });
    }
    for (const o of batch) {
      outcomes.push(o);
      violations.push(...oracle.judge(o));
    }
    i += batch.length;
  }

  const seen = new Set<string>();
  const lies: Lie[] = [];
  for (const v of violations) {
    const id = `${v.index}\u0000${v.rule}`;
    if (seen.has(id)) continue;
    seen.add(id);
    lies.push({ line: lineOf(v.index), rule: v.rule, message: v.message, story: storyOf(events, outcomes, v, lineOf) });
  }
  return {
    lies,
    events: events.length,
    responses: outcomes.filter((o) => o.kind !== 'other').length,
    checks: oracle.checks,
    ...(host.note !== undefined ? { notes: [host.note] } : {}),
  };
}

/** The events of the lie's path (writes, deletes, every worker's reads, its worker's forgets) up to the lie. */
function storyOf(
  events: readonly TraceEvent[],
  outcomes: readonly Outcome[],
  v: Violation,
  lineOf: (i: number) => number,
): string[] {
  const at = events[v.index] as ReadEvent | StaleEvent;
  const path = resolvePath(at.path);
  const picked: number[] = [];
  for (let i = 0; i <= v.index; i++) {
    const e = events[i]!;
    const onPath =
      e.type === 'worker'
        ? false
        : e.type === 'fork' || e.type === 'resume'
          ? e.worker === at.worker
          : e.type === 'forget'
            ? e.worker === at.worker && (e.path === undefined || resolvePath(e.path) === path)
            : resolvePath(e.path) === path;
    if (onPath) picked.push(i);
  }
  const shown = picked.slice(-STORY_EVENTS);
  const byIndex = new Map(outcomes.map((o) => [o.index, o]));
  const sub = shown.map((i) => events[i]!);
  const subOutcomes = shown.flatMap((i, k) => {
    const o = byIndex.get(i);
    return o === undefined ? [] : [{ ...o, index: k }];
  });
  const told = tellStory(sub, subOutcomes, [{ ...v, index: shown.length - 1 }]);
  const out = told.map((l) => {
    const m = /^(\d+)\. /.exec(l);
    if (!m) return l;
    const k = Number(m[1]) - 1;
    const i = shown[k]!;
    const e = events[i]!;
    // A part of a batch read call names the whole call, its other files' parts included (shown or not).
    const body =
      e.type === 'read' && e.call !== undefined
        ? l.slice(m[0].length).replace(callWords(sub, k), callWords(events, i))
        : l.slice(m[0].length);
    return `line ${lineOf(i)}: ${body}`;
  });
  if (picked.length > shown.length) out.unshift(`… ${picked.length - shown.length} earlier events on ${path}`);
  return out;
}
