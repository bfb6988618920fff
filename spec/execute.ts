/**
 * Runs checked SPEC.md examples through the kit's Session (histories) and the adapter's surface
 * (arm probes, persona, wrapping, cap domain): arm examples against the given adapter (the
 * reference), `levers=` examples against the design shim in spec/designs that declares those
 * levers. One line of reason per failure.
 */
import { leverList, type LeverName as ShimLever } from '../src/core/levers.ts';
import type { AdapterContext, Counters, ShimAdapter, WorkerShim } from '../src/core/contract.ts';
import type { Claim } from '../src/core/claims.ts';
import type { RuleId } from '../src/core/rules.ts';
import { AdapterError, Session, type Outcome, type ReadOutcome, type StaleOutcome } from '../src/harness/session.ts';
import { judgeHypothetical } from './hypothetical.ts';
import { ToolError, World } from '../src/harness/world.ts';
import { backing } from '../properties/oracle/backing.ts';
import { wire } from '../properties/oracle/bytes.ts';
import { designFor } from './designs/index.ts';
import {
  LEVER_NAMES,
  exampleMode,
  type ClaimStep,
  type EventStep,
  type Example,
  type ResponseExpectation,
  type Step,
  type Thrown,
} from './model.ts';
import { exampleTrace } from './parse.ts';
import { applyHunks, parseHunks } from '../src/core/patch.ts';
import { hunksDiffer } from './patch.ts';
import type { CheckedExample } from './validate.ts';
import { defined } from '../src/core/defined.ts';

export interface ExampleResult {
  readonly id: string;
  readonly rule: RuleId;
  /** The adapter the example ran against (the reference, or a design shim for a `levers=` example). */
  readonly shim: string;
  readonly status: 'pass' | 'fail';
  /** One line: the SPEC.md line of the failing statement and what went wrong. */
  readonly reason?: string;
}

/** Wraps an adapter to keep each worker's shim and its onCount calls (COUNT-EXACT probes). */
function recording(adapter: ShimAdapter): {
  adapter: ShimAdapter;
  shims: Map<string, WorkerShim>;
  calls: Map<string, number[]>;
} {
  const shims = new Map<string, WorkerShim>();
  const calls = new Map<string, number[]>();
  const wrapped: ShimAdapter = {
    name: adapter.name,
    capabilities: adapter.capabilities,
    decode: (text, info) => adapter.decode(text, info),
    async create(ctx) {
      const list: number[] = [];
      calls.set(ctx.workerId, list);
      const shim = await adapter.create({
        ...ctx,
        onCount: (w: number) => {
          list.push(w);
          ctx.onCount(w);
        },
      });
      shims.set(ctx.workerId, shim);
      return shim;
    },
  };
  return { adapter: wrapped, shims, calls };
}

const short = (s: string, n = 60): string => JSON.stringify(s.length > n ? `${s.slice(0, n)}…` : s);

export function describeClaim(c: Claim): string {
  switch (c.kind) {
    case 'verbatim':
      return 'verbatim';
    case 'slice':
      return `slice ${c.start}-${c.end}/${c.total} ${c.done ? 'done' : 'partial'}`;
    case 'pointer':
      return `pointer ${c.total}`;
    case 'diff':
      return `diff ${c.total}`;
    case 'delta':
      return 'after' in c.replaces
        ? `delta after row ${c.replaces.after.value}`
        : `delta rows ${c.replaces.first.value}-${c.replaces.last.value}`;
    case 'stale':
      return `stale ${c.startLine}-${c.endLine} of ${c.lines}${c.truncated ? ' cut' : ''}`;
    case 'refusal':
      return `refusal ${c.reason}`;
    case 'withheld':
      return `withheld ${c.policy}`;
  }
}

function describeExpect(x: ResponseExpectation): string {
  switch (x.kind) {
    case 'slice':
      return `slice ${x.start}-${x.end}/${x.total} ${x.done ? 'done' : 'partial'}`;
    case 'pointer':
      return `pointer ${x.total}`;
    case 'diff':
      return `diff ${x.total}`;
    case 'stale':
      return `stale ${x.startLine}-${x.endLine} of ${x.lines}${x.truncated ? ' cut' : ''}`;
    case 'refusal':
      return `refusal ${x.reason}`;
    case 'error':
      return x.code === undefined ? 'an error' : `error ${x.code}`;
    case 'none':
      return 'none (no stale serve)';
    case 'verbatim':
      return x.framed
        ? "verbatim framed (the tool's text inside host framing)"
        : "verbatim (the tool's text, untouched)";
  }
}

/** Compares one recorded response with its expectation; a reason when they disagree. */
function compareResponse(
  o: ReadOutcome | StaleOutcome,
  x: ResponseExpectation,
  ex: Example,
  adapter: ShimAdapter,
  base: string | undefined,
): string | undefined {
  const r = o.response;
  const want = describeExpect(x);
  if ('error' in r) {
    if (x.kind !== 'error') return `expected ${want}, got error ${short(r.error)}`;
    if (x.code !== undefined && !r.error.includes(x.code))
      return `expected an error naming ${x.code}, got ${short(r.error)}`;
    return undefined;
  }
  if ('none' in r) return x.kind === 'none' ? undefined : `expected ${want}, got no response (null)`;
  if (x.kind === 'error' || x.kind === 'none') return `expected ${want}, got a response ${short(r.text)}`;
  const claim = o.claim!;
  const text = r.text;
  // Every claim is judged on what the worker receives: its body must lie in the response text
  // (at `at`, else a suffix, else a prefix), compared as UTF-8 bytes (spec/SPEC.md "The claim model").
  const back = backing(claim, text);
  if (!back.found) return `claim not found in the response: its ${back.what} is not in the text the worker was shown`;
  if (claim.kind === 'verbatim') {
    if (o.kind === 'stale') return `expected ${want}, got a stale response decoded as verbatim`;
    const shown = claim.payload ?? text;
    if (!o.truth.ok || wire(o.truth.text) !== wire(shown))
      return `claims to be the tool's text but is not: ${short(shown)}`;
  } else if (adapter.capabilities.seal && !back.framing.includes(ex.seal)) {
    return `a ${claim.kind} response does not carry the seal ${JSON.stringify(ex.seal)} outside the body its claim names (NOTICE-SEALED)`;
  }
  const got = describeClaim(claim);
  if (claim.kind !== x.kind) return `expected ${want}, got ${got}`;
  switch (x.kind) {
    case 'verbatim': {
      // The text was compared with the tool's above; here only whether it came inside host framing.
      const framed = claim.kind === 'verbatim' && claim.payload !== undefined && claim.payload !== text;
      if (framed === x.framed) return undefined;
      return framed
        ? `expected ${want}, got the tool's text inside host framing`
        : `expected ${want}, got the tool's text as the whole response`;
    }
    case 'pointer':
    case 'refusal':
      return got === want ? undefined : `expected ${want}, got ${got}`;
    case 'slice': {
      if (claim.kind !== 'slice') return undefined;
      if (got !== want) return `expected ${want}, got ${got}`;
      return wire(claim.payload) === wire(x.payload)
        ? undefined
        : `${got}: payload ${short(claim.payload)}, expected ${short(x.payload)}`;
    }
    case 'stale': {
      if (claim.kind !== 'stale') return undefined;
      if (got !== want) return `expected ${want}, got ${got}`;
      return wire(claim.payload) === wire(x.payload)
        ? undefined
        : `${got}: payload ${short(claim.payload)}, expected ${short(x.payload)}`;
    }
    case 'diff': {
      if (claim.kind !== 'diff') return undefined;
      if (got !== want) return `expected ${want}, got ${got}`;
      if ((claim.lines === 'split') !== (x.lines === 'split'))
        return `expected a diff ${x.lines === 'split' ? 'with lines: split' : 'over lines with endings'}, got one ${claim.lines === 'split' ? 'with lines: split' : 'over lines with endings'}`;
      const size = Buffer.byteLength(text, 'utf8');
      if (x.within !== undefined && size > x.within)
        return `the diff response is ${size} bytes, more than the ${x.within} it may take (CAP-BOUND)`;
      const dialect = claim.lines === 'split' ? 'split' : 'endings';
      const hunks = parseHunks(claim.patch, dialect !== 'split', dialect);
      if (!hunks.ok) return `the diff is not a unified diff: ${hunks.reason}`;
      if (x.hunks) {
        const d = hunksDiffer(hunks.value, x.hunks);
        if (d !== undefined) return `the diff differs from the expected patch: ${d}`;
      }
      if (base !== undefined && o.kind === 'read' && o.truth.ok) {
        const applied = applyHunks(base, hunks.value, dialect);
        if (!applied.ok) return `the diff does not apply strictly to the version the worker holds: ${applied.reason}`;
        if (applied.value !== o.truth.text)
          return 'the diff applied to the version the worker holds does not give the current content';
      }
      return undefined;
    }
  }
}

function errorOf(e: unknown): { name: string; message: string } {
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: typeof e, message: String(e) };
}

function checkThrown(x: Thrown, e: unknown, what: string): string | undefined {
  const { name, message } = errorOf(e);
  if (name !== x.errorName) return `${what} threw ${name} (${short(message)}), expected a ${x.errorName}`;
  const missing = x.mentions.filter((m) => !message.includes(m));
  return missing.length === 0
    ? undefined
    : `${what} threw a ${x.errorName} that does not mention ${missing.map((m) => JSON.stringify(m)).join(', ')}: ${short(message, 120)}`;
}

/** The numbers of a text written as numbers (grouping commas allowed), seal removed. */
function numbersIn(text: string, seal: string): number[] {
  return [...text.replaceAll(seal, ' ').matchAll(/\d{1,3}(?:,\d{3})+(?!\d)|\d+/g)].map((m) =>
    Number(m[0].replaceAll(',', '')),
  );
}

const DIFF_WORDING = /\bdiffs?\b/i;

async function runSurfaceStep(
  step: Exclude<Step, EventStep | ClaimStep>,
  ex: Example,
  adapter: ShimAdapter,
  rec: ReturnType<typeof recording>,
): Promise<string | undefined> {
  const surface = adapter.surface;
  switch (step.kind) {
    case 'counters': {
      const shim = rec.shims.get(step.worker);
      if (shim === undefined) return `worker ${step.worker} was never created`;
      if (typeof shim.counters !== 'function') return `adapter ${adapter.name} offers no counters() (COUNT-EXACT)`;
      const c: Counters = shim.counters();
      const got = `pointered=${c.pointered} capped=${c.capped} withheld=${c.bytesWithheld}`;
      const want = `pointered=${step.pointered} capped=${step.capped} withheld=${step.withheld}`;
      if (got !== want) return `counters of ${step.worker}: ${got}, expected ${want}`;
      if (step.callbacks !== undefined) {
        if (!adapter.capabilities.countCallback) return `adapter ${adapter.name} declares no count callback`;
        const calls = rec.calls.get(step.worker) ?? [];
        if (calls.join(',') !== step.callbacks.join(','))
          return `onCount calls of ${step.worker}: ${calls.join(',') || 'none'}, expected ${step.callbacks.join(',') || 'none'}`;
      }
      return undefined;
    }
    case 'resolve': {
      if (typeof surface?.resolveArm !== 'function') return `adapter ${adapter.name} exposes no surface.resolveArm`;
      let levers;
      try {
        levers = await surface.resolveArm(step.flag);
      } catch (e) {
        return step.expect.kind === 'throws'
          ? checkThrown(step.expect, e, `resolveArm(${step.flagText})`)
          : `resolveArm(${step.flagText}) threw ${short(errorOf(e).message)}`;
      }
      if (step.expect.kind === 'throws')
        return `resolveArm(${step.flagText}) returned levers instead of throwing a ${step.expect.errorName}`;
      const on = step.expect.on;
      const wrong = LEVER_NAMES.filter((l) => levers[l] !== on.includes(l));
      return wrong.length === 0
        ? undefined
        : `resolveArm(${step.flagText}) sets ${wrong.map((l) => `${l}=${String(levers[l])}`).join(' ')}, expected levers ${on.join(' ') || 'none'}`;
    }
    case 'persona': {
      if (typeof surface?.persona !== 'function') return `adapter ${adapter.name} exposes no surface.persona`;
      let p: string | null;
      try {
        p = await surface.persona(step.arm, step.cap, ex.seal);
      } catch (e) {
        return `persona(${step.arm}, ${step.cap}) threw ${short(errorOf(e).message)}`;
      }
      const what = `persona(${step.arm}, ${step.cap})`;
      if (step.expect.kind === 'none')
        return p === null || p === '' ? undefined : `${what} is ${short(p)}, expected none`;
      if (typeof p !== 'string' || p === '') return `${what} is empty, expected a persona line`;
      for (const c of step.expect.clauses) {
        if (c.kind === 'cap-number' && numbersIn(p, ex.seal).includes(step.cap) !== c.present)
          return `${what} ${c.present ? 'does not state' : 'states'} the cap ${step.cap}: ${short(p, 120)}`;
        if (c.kind === 'diff-wording' && DIFF_WORDING.test(p) !== c.present)
          return `${what} ${c.present ? 'has no' : 'has'} diff wording: ${short(p, 120)}`;
        if (c.kind === 'sealed' && !p.includes(ex.seal))
          return `${what} does not carry the seal ${JSON.stringify(ex.seal)}`;
        if (c.kind === 'mentions' && !p.includes(c.text)) return `${what} does not mention ${JSON.stringify(c.text)}`;
      }
      return undefined;
    }
    case 'wrap': {
      if (typeof surface?.wrapTool !== 'function') return `adapter ${adapter.name} exposes no surface.wrapTool`;
      const execute = (args: unknown): unknown => `tool text for ${JSON.stringify(args)}`;
      const tool = { execute };
      const w = surface.wrapTool(step.arm, tool) as { execute?: unknown } | undefined; // identity: never awaited
      const same = w === tool && w.execute === execute;
      if (step.expect === 'same')
        return same ? undefined : `wrapTool(${step.arm}) did not return the very same tool with the same execute`;
      return same ? `wrapTool(${step.arm}) returned the tool untouched, expected it wrapped` : undefined;
    }
    case 'create': {
      const world = new World(ex.tool);
      const ctx: AdapterContext = {
        workerId: 'cap-probe',
        arm: ex.arm,
        levers: leverList(exampleMode(ex).levers),
        ...defined({ tool: ex.tool }),
        cap: step.cap as number,
        seal: ex.seal,
        fs: world.fs,
        onCount: () => undefined,
        read: async (args) => {
          const r = world.toolResult(args);
          if (!r.ok) throw new ToolError(r.code, r.message);
          return r.text;
        },
      };
      try {
        await adapter.create(ctx);
      } catch (e) {
        return step.expect.kind === 'throws'
          ? checkThrown(step.expect, e, `create(cap=${step.capText})`)
          : `create(cap=${step.capText}) threw ${short(errorOf(e).message)}`;
      }
      return step.expect.kind === 'throws'
        ? `create(cap=${step.capText}) accepted the cap, expected a ${step.expect.errorName}`
        : undefined;
    }
  }
}

/** Where `levers=` examples run: the design shim that declares exactly those levers. */
export type Designs = (levers: readonly ShimLever[]) => ShimAdapter | undefined;

/** The adapter an example runs against: `adapter` for an arm example, the design for a `levers=` one. */
export function shimOf(ex: Example, adapter: ShimAdapter, designs: Designs = designFor): ShimAdapter {
  if (ex.levers === undefined) return adapter;
  const d = designs(ex.levers);
  if (d === undefined) throw new Error(`no design shim declares levers [${ex.levers.join(', ')}]`); // parse.ts refuses such an example
  return d;
}

/** Runs one checked example against `adapter` (arm examples) or its design shim (`levers=` examples). */
export async function runExample(
  checked: CheckedExample,
  defaultAdapter: ShimAdapter,
  designs: Designs = designFor,
): Promise<ExampleResult> {
  const ex = checked.example;
  const adapter = shimOf(ex, defaultAdapter, designs);
  const fail = (line: number, why: string): ExampleResult => ({
    id: ex.id,
    rule: ex.rule,
    shim: adapter.name,
    status: 'fail',
    reason: `SPEC.md line ${line}: ${why}`,
  });
  const rec = recording(adapter);
  const session = new Session(rec.adapter, {
    mode: exampleMode(ex),
    cap: ex.cap,
    seal: ex.seal,
    ...defined({ tool: ex.tool }),
  });
  const events = exampleTrace(ex).events;
  const outcomes: Outcome[] = [];
  let next = 0;
  for (const step of ex.steps) {
    try {
      if (step.kind === 'claim') {
        const why = judgeHypothetical(step, outcomes, ex, adapter.capabilities);
        if (why !== undefined) return fail(step.line, why);
      } else if (step.kind === 'event') {
        const outs = await session.step(events, next);
        outcomes.push(...outs);
        next += outs.length;
        const o = outs[0];
        if (step.expect !== undefined && (o?.kind === 'read' || o?.kind === 'stale')) {
          const why = compareResponse(o, step.expect, ex, adapter, checked.diffBases.get(step));
          if (why !== undefined) return fail(step.line, why);
        }
      } else {
        const why = await runSurfaceStep(step, ex, adapter, rec);
        if (why !== undefined) return fail(step.line, why);
      }
    } catch (e) {
      const { message } = errorOf(e);
      return fail(step.line, e instanceof AdapterError ? `adapter error: ${message}` : `threw: ${message}`);
    }
  }
  return { id: ex.id, rule: ex.rule, shim: adapter.name, status: 'pass' };
}

/** Runs every example in order (each with fresh shims), never stopping at a failure. */
export async function runExamples(
  checked: readonly CheckedExample[],
  adapter: ShimAdapter,
  designs: Designs = designFor,
): Promise<ExampleResult[]> {
  const out: ExampleResult[] = [];
  for (const c of checked) out.push(await runExample(c, adapter, designs));
  return out;
}
