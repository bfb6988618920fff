/**
 * Checks SPEC.md's hand-written expectations against the contract itself — the kit's World
 * (ground truth, bounded by an example's host tool) and the knowledge model of spec/SPEC.md "The
 * claim model", with PROGRESS per spelling — with no shim involved. An expectation that contradicts
 * the contract is a malformed example (exit 2), so a slip of the pen can never make a lie the
 * spec's expected answer.
 */
import { ARM_FLAGS, ARM_NAMES, ARM_TABLE } from '../src/core/arms.ts';
import { keyPath, requestKey } from '../src/core/paths.ts';
import { splitLines } from '../src/harness/lines.ts';
import { World, type ToolResult } from '../src/harness/world.ts';
import { writtenContent, type ReadEvent, type StaleEvent } from '../src/core/trace.ts';
import { applyHunks } from '../src/core/patch.ts';
import { designFor } from './designs/index.ts';
import { Deliveries, hostView, requestArgs, type Req } from '../properties/oracle/deliveries.ts';
import { OracleMemo } from '../properties/oracle/knowledge.ts';
import { requestText, rowsShown } from '../src/harness/host-tool.ts';
import { DEFAULT_POINTER_PATTERN } from '../src/core/pointer-words.ts';
import {
  LEVER_NAMES,
  POLICY_HOW_TO,
  SpecError,
  exampleMode,
  type ClaimStep,
  type EventStep,
  type Example,
  type ParsedSpec,
  type ResponseExpectation,
} from './model.ts';

/** An example whose expectations agree with the contract, plus what the executor needs. */
export interface CheckedExample {
  readonly example: Example;
  /** For each diff step: the text the worker holds in full just before it (the diff's base). */
  readonly diffBases: ReadonlyMap<EventStep, string>;
}

interface Knowledge {
  /** Last claimed total. */
  total: number;
  /** The byte prefix the worker holds. */
  held: Buffer;
  /** The content this knowledge was last updated against ("unchanged", for PROGRESS). */
  against: string;
}

/** Per worker and request key: the spelling read last, and the prefix each spelling's own slices delivered (PROGRESS). */
interface Spellings {
  against: string;
  last: string;
  readonly prefix: Map<string, number>;
}

/** PROGRESS's floor for a slice from `start`: the rest if it fits, else the last line end within the cap, else start + cap − 3. */
function progressFloor(buf: Buffer, start: number, cap: number): number {
  if (start + cap >= buf.length) return buf.length;
  const nl = buf.lastIndexOf(0x0a, start + cap - 1);
  return nl >= start ? nl + 1 : start + cap - 3;
}

const isCont = (b: number | undefined): boolean => b !== undefined && (b & 0xc0) === 0x80;

/** Largest code-point boundary <= i. */
function boundary(buf: Buffer, i: number): number {
  let j = Math.min(i, buf.length);
  while (j > 0 && j < buf.length && isCont(buf[j])) j--;
  return j;
}

const LEGAL_FLAGS: readonly unknown[] = [false, undefined, 'cap', 'diff', true];

export function checkSpec(spec: ParsedSpec): CheckedExample[] {
  return spec.examples.map((ex) => checkExample(ex, spec.file));
}

/** What a worker holds, as deliveries (SPEC.md "Knowledge"), over the example's World and host tool. */
function deliveriesFor(ex: Example): Deliveries {
  return new Deliveries(
    new OracleMemo(),
    hostView(
      (c, o, l) => requestText(c, o, l, ex.tool),
      (c, o, l) => rowsShown(c, o, l, ex.tool),
    ),
  );
}

/** The K slot of one read: what its deliveries back, and how the expected response changes it. */
interface Slot {
  readonly k: Knowledge | undefined;
  set(k: Knowledge): void;
}

function slotOf(d: Deliveries, r: Req): Slot {
  const k = d.backing(r);
  return {
    k: k === undefined ? undefined : { total: k.total, held: k.prefix, against: k.against },
    set: (n) => d.set(r, { total: n.total, prefix: n.held, against: n.against }),
  };
}

/** The last read, for a claim statement after it: its request, truth, and K before its response. */
interface LastRead {
  readonly e: ReadEvent;
  readonly truth: ToolResult;
  readonly before: Knowledge | undefined;
}

export function checkExample(ex: Example, file: string): CheckedExample {
  const world = new World(ex.tool);
  const know = deliveriesFor(ex);
  let last: LastRead | undefined;
  const spellings = new Map<string, Spellings>();
  const counts = new Map<string, { pointered: number; capped: number; withheld: number; calls: number[] }>();
  const diffBases = new Map<EventStep, string>();
  const countOf = (w: string) =>
    counts.get(w) ?? counts.set(w, { pointered: 0, capped: 0, withheld: 0, calls: [] }).get(w)!;

  for (const step of ex.steps) {
    const bad = (detail: string): never => {
      throw new SpecError(file, step.line, ex.id, `expectation contradicts the contract: ${detail}`);
    };
    switch (step.kind) {
      case 'event': {
        const e = step.event;
        if (e.type === 'write') world.write(e.path, writtenContent(e), e.mtimeMs);
        else if (e.type === 'delete') world.delete(e.path);
        else if (e.type === 'symlink') world.symlink(e.path, e.target, e.mtimeMs);
        else if (e.type === 'hardlink') world.hardlink(e.path, e.existing);
        else if (e.type === 'fork' && e.fresh !== true) {
          // A fork holds what its parent holds now (SPEC.md "Forks and resumed sessions"); a resume changes nothing.
          know.fork(e.parent, e.worker);
          const from = `${e.parent}\u0001`;
          for (const [k, v] of [...spellings])
            if (k.startsWith(from)) spellings.set(`${e.worker}\u0001${k.slice(from.length)}`, v);
        } else if (e.type === 'forget') {
          // Spec 2.2: what was delivered under that name is forgotten (PROGRESS's spellings: that file).
          know.forget(e.worker, e.path === undefined ? undefined : world.nameOf(e.path));
          const prefix = `${e.worker}\u0001`;
          const file = e.path === undefined ? undefined : (world.realpath(e.path) ?? world.nameOf(e.path));
          for (const k of [...spellings.keys()])
            if (k.startsWith(prefix) && (file === undefined || keyPath(k.slice(prefix.length)) === file))
              spellings.delete(k);
        } else if (e.type === 'read') {
          const args = { ...(e.args ?? {}), path: e.path };
          const truth: ToolResult =
            e.fail !== undefined ? { ok: false, code: e.fail, message: e.fail } : world.toolResult(args);
          const r = reqOf(world, e, truth, step.line);
          if (e.race) world.write(e.path, e.race.content, e.race.mtimeMs);
          const key = `${e.worker}\u0001${requestKey(r.identity, args)}`;
          const slot = slotOf(know, r);
          last = { e, truth, before: slot.k };
          checkRead(step.expect!, truth, slot, ex, bad, (base) => diffBases.set(step, base), countOf(e.worker));
          checkProgress(e, step.expect!, truth, slot.k, spellings, key, ex, bad);
        } else if (e.type === 'stale') checkStale(e, step.expect!, world, ex, bad);
        break;
      }
      case 'claim':
        checkClaim(step, last, ex, bad);
        break;
      case 'counters': {
        const c = countOf(step.worker);
        if (c.pointered !== step.pointered || c.capped !== step.capped || c.withheld !== step.withheld)
          bad(`the responses expected so far count pointered=${c.pointered} capped=${c.capped} withheld=${c.withheld}`);
        if (step.callbacks && step.callbacks.join(',') !== c.calls.join(','))
          bad(`the responses expected so far give callbacks=${c.calls.join(',') || 'none'}`);
        break;
      }
      case 'resolve': {
        const legal = LEGAL_FLAGS.findIndex((f) => Object.is(f, step.flag));
        if (legal === -1) {
          if (step.expect.kind !== 'throws') bad(`${step.flagText} is not a legal spelling: it must throw a TypeError`);
        } else {
          const arm = ARM_NAMES.find((a) => Object.is(ARM_FLAGS[a], step.flag)) ?? 'off';
          if (step.expect.kind !== 'levers') return bad(`${step.flagText} is legal (arm ${arm})`);
          const want = LEVER_NAMES.filter((l) => ARM_TABLE[arm][l]);
          if ([...step.expect.on].sort().join(' ') !== [...want].sort().join(' '))
            bad(`arm ${arm} has levers ${want.join(' ') || 'none'}`);
        }
        break;
      }
      case 'persona': {
        const row = ARM_TABLE[step.arm];
        if (!row.on) {
          if (step.expect.kind !== 'none') bad('the off arm has no persona');
          break;
        }
        if (step.expect.kind === 'none') return bad(`arm ${step.arm} has a persona`);
        const cl = step.expect.clauses;
        const capC = cl.find((c) => c.kind === 'cap-number');
        const diffC = cl.find((c) => c.kind === 'diff-wording');
        if (capC?.kind !== 'cap-number' || capC.present !== row.cap)
          bad(
            `arm ${step.arm} ${row.cap ? 'states' : 'never states'} the cap: write ${row.cap ? 'cap-number' : 'no-cap-number'}`,
          );
        if (diffC?.kind !== 'diff-wording' || diffC.present !== row.diff)
          bad(
            `arm ${step.arm} ${row.diff ? 'has' : 'has no'} diff wording: write ${row.diff ? 'diff-wording' : 'no-diff-wording'}`,
          );
        if (!cl.some((c) => c.kind === 'sealed')) bad('a persona carries the seal: write sealed');
        break;
      }
      case 'wrap':
        if ((step.arm === 'off') !== (step.expect === 'same'))
          bad(`arm ${step.arm} ${step.arm === 'off' ? 'returns the same tool' : 'wraps the tool'}`);
        break;
      case 'create': {
        const legal = typeof step.cap === 'number' && Number.isSafeInteger(step.cap) && step.cap >= 4;
        if (legal !== (step.expect.kind === 'ok'))
          bad(`cap ${step.capText} is ${legal ? 'legal' : 'outside the integers >= 4'}`);
        break;
      }
    }
  }
  return { example: ex, diffBases };
}

/** A read as the knowledge model takes it (its name, identity and version now). */
function reqOf(world: World, e: ReadEvent, truth: ToolResult, seq: number): Req {
  const name = world.nameOf(e.path);
  return {
    worker: e.worker,
    name,
    ...requestArgs(e.args),
    identity: world.realpath(e.path) ?? name,
    version: world.versionOf(e.path),
    content: truth.ok ? truth.text : '',
    seq,
  };
}

function checkRead(
  x: ResponseExpectation,
  truth: ToolResult,
  slot: Slot,
  ex: Example,
  bad: (d: string) => never,
  setBase: (b: string) => void,
  count: { pointered: number; capped: number; withheld: number; calls: number[] },
): void {
  const levers = exampleMode(ex).levers;
  const lacks = (lever: string): string =>
    ex.arm !== undefined
      ? `arm ${ex.arm} has no ${lever} lever`
      : `levers [${(ex.levers ?? []).join(', ')}] have no ${lever} lever`;
  if (x.kind === 'error' || x.kind === 'refusal') {
    if (truth.ok) bad(`the tool succeeds here (${Buffer.byteLength(truth.text)} bytes)`);
    if (x.kind === 'error' && x.code !== undefined && x.code !== truth.code)
      bad(`the tool fails with ${truth.code}, not ${x.code}`);
    return;
  }
  if (!truth.ok) return bad(`the tool fails here with ${truth.code}: expect error ${truth.code}`);
  const buf = Buffer.from(truth.text, 'utf8');
  const k = slot.k;
  const holds = k !== undefined && k.total === buf.length && k.held.equals(buf);
  const content = truth.text;
  switch (x.kind) {
    case 'verbatim':
      if (levers.cap && buf.length > ex.cap) bad(`${buf.length} bytes do not fit under cap ${ex.cap}`);
      slot.set({ total: buf.length, held: buf, against: content });
      return;
    case 'slice': {
      if (k === undefined && (!levers.cap || buf.length <= ex.cap))
        bad(
          `a first read of ${buf.length} bytes${levers.cap ? ` under cap ${ex.cap}` : ''} is the tool's text untouched: expect verbatim (FIRST-VERBATIM)`,
        );
      const pay = Buffer.from(x.payload, 'utf8');
      if (x.total !== buf.length) bad(`the content is ${buf.length} bytes, not ${x.total}`);
      if (x.end > x.total || x.start > x.end) bad(`${x.start}-${x.end} is not a range of ${x.total} bytes`);
      if (!pay.equals(buf.subarray(x.start, x.end))) bad(`the payload is not bytes ${x.start}-${x.end} of the content`);
      if (isCont(buf[x.start]) || isCont(buf[x.end])) bad('the range splits a UTF-8 sequence');
      if (x.done !== (x.end === x.total))
        bad(`a slice ending at ${x.end} of ${x.total} is ${x.end === x.total ? 'done' : 'partial'}`);
      if (levers.cap && x.end - x.start > ex.cap) bad(`${x.end - x.start} bytes exceed cap ${ex.cap}`);
      if (!levers.cap && (x.start !== 0 || !x.done)) bad(`${lacks('cap')}: a slice is the whole content`);
      let held: Buffer = pay;
      if (x.start > 0) {
        if (k === undefined || k.held.length < x.start || !k.held.subarray(0, x.start).equals(buf.subarray(0, x.start)))
          bad(
            `the worker does not hold bytes 0-${x.start} of this content, so a slice cannot continue from ${x.start}`,
          );
        held = Buffer.concat([k.held.subarray(0, x.start), pay]);
      }
      // Bytes of unchanged content sent again do not shorten what the worker holds ("How the kit keeps K honest").
      if (
        k !== undefined &&
        k.against === content &&
        !x.done &&
        k.held.length > x.end &&
        k.held.subarray(x.start, x.end).equals(pay)
      )
        held = k.held;
      slot.set({ total: x.total, held, against: content });
      if (!x.done) {
        count.capped++;
        count.withheld += x.total - x.end;
        count.calls.push(x.total - x.end);
      }
      return;
    }
    case 'pointer':
      if (!levers.pointer) bad(lacks('pointer'));
      if (x.total !== buf.length) bad(`the content is ${buf.length} bytes, not ${x.total}`);
      if (!holds) bad('the worker does not hold this content in full: a pointer would be a lie');
      count.pointered++;
      count.withheld += x.total;
      count.calls.push(x.total);
      return;
    case 'diff': {
      if (!levers.diff) bad(lacks('diff'));
      if (x.total !== buf.length) bad(`the content is ${buf.length} bytes, not ${x.total}`);
      if (k === undefined || k.held.length !== k.total)
        return bad('the worker holds no complete version to diff against');
      const bound = levers.cap ? Math.min(ex.cap, buf.length) : buf.length;
      if (x.within === undefined || x.within > bound)
        bad(`write "within ${bound}" (a diff is never larger than the re-delivery it replaces)`);
      const base = k.held.toString('utf8');
      if (x.hunks) {
        const applied = applyHunks(base, x.hunks, x.lines === 'split' ? 'split' : 'endings');
        if (!applied.ok) bad(`the expected patch does not apply to the held version: ${applied.reason}`);
        else if (applied.value !== truth.text)
          bad('the expected patch applied to the held version does not give the current content');
      }
      setBase(base);
      slot.set({ total: buf.length, held: buf, against: content });
      return;
    }
    default:
      bad(`a read cannot answer ${x.kind}`);
  }
}

/**
 * PROGRESS: while the content is unchanged, a slice (or whole answer) to the spelling read last,
 * whose own slices delivered a prefix 0 < p < T, ends past p and at or after the floor.
 */
function checkProgress(
  e: ReadEvent,
  x: ResponseExpectation,
  truth: ToolResult,
  k: Knowledge | undefined,
  spellings: Map<string, Spellings>,
  key: string,
  ex: Example,
  bad: (d: string) => never,
): void {
  if (!truth.ok) return touched(spellings, key, e.path);
  const span =
    x.kind === 'slice'
      ? { start: x.start, end: x.end }
      : x.kind === 'verbatim'
        ? { start: 0, end: Buffer.byteLength(truth.text, 'utf8') }
        : undefined;
  if (span === undefined) return touched(spellings, key, e.path);
  const buf = Buffer.from(truth.text, 'utf8');
  const s = spellings.get(key);
  const same = s !== undefined && s.against === truth.text;
  const prefix = same ? (s.prefix.get(e.path) ?? 0) : 0;
  // K (before this response) holds a prefix of this very content, short of its end.
  const partly =
    k !== undefined &&
    k.against === truth.text &&
    k.total === buf.length &&
    k.held.length < buf.length &&
    k.held.equals(buf.subarray(0, k.held.length));
  if (exampleMode(ex).levers.cap && partly && same && s.last === e.path && prefix > 0 && prefix < buf.length) {
    const floor = progressFloor(buf, span.start, ex.cap);
    if (span.end <= prefix)
      bad(
        `PROGRESS: bytes 0-${prefix} of this unchanged content were delivered to ${e.path}; a slice must end past ${prefix}`,
      );
    if (span.end < floor)
      bad(
        `PROGRESS: a slice from ${span.start} must end at or after ${floor} (the rest if it fits, else the last line end within the cap, else start + cap - 3)`,
      );
  }
  const next = same ? s : { against: truth.text, last: e.path, prefix: new Map<string, number>() };
  next.last = e.path;
  const p = next.prefix.get(e.path) ?? 0;
  if (span.start <= p && span.end > p) next.prefix.set(e.path, span.end);
  spellings.set(key, next);
}

/** A read of `spelling` that delivered nothing (a pointer, a diff, an error) is still the one read last. */
function touched(spellings: Map<string, Spellings>, key: string, spelling: string): void {
  const s = spellings.get(key);
  if (s !== undefined) s.last = spelling;
}

function checkStale(e: StaleEvent, x: ResponseExpectation, world: World, ex: Example, bad: (d: string) => never): void {
  const design = ex.levers === undefined ? undefined : designFor(ex.levers);
  if (design !== undefined && !design.capabilities.staleServe) {
    if (x.kind !== 'none') bad(`the design shim ${design.name} has no stale serve: expect none`);
    return;
  }
  if (!exampleMode(ex).levers.cap) {
    if (x.kind !== 'none')
      bad(`the stale serve is off under ${ex.arm !== undefined ? `arm ${ex.arm}` : 'levers without cap'}: expect none`);
    return;
  }
  const want = (reason: string): void => {
    if (x.kind !== 'refusal' || x.reason !== reason) bad(`this stale serve is refusal ${reason}`);
  };
  if (e.startLine > e.endLine) return want('stale-bad-range');
  const f = world.file(e.path);
  if (f === undefined) return want('stale-absent');
  const lines = splitLines(f.content);
  if (e.startLine >= lines.length) return want('stale-past-eof');
  if (x.kind !== 'stale') return bad(`lines ${e.startLine}-${e.endLine} of ${lines.length} are served`);
  const last = Math.min(e.endLine, lines.length - 1);
  if (x.startLine !== e.startLine || x.endLine !== last || x.lines !== lines.length)
    bad(`the serve is lines ${e.startLine}-${last} of ${lines.length}`);
  const full = Buffer.from(lines.slice(e.startLine, last + 1).join(''), 'utf8');
  const cut = full.length > ex.cap ? boundary(full, ex.cap) : full.length;
  if (x.truncated !== cut < full.length)
    bad(`the range is ${full.length} bytes: ${cut < full.length ? 'cut' : 'not cut'} at cap ${ex.cap}`);
  if (!Buffer.from(x.payload, 'utf8').equals(full.subarray(0, cut)))
    bad(`the payload is not the ${cut} bytes of lines ${e.startLine}-${last}`);
}

/** Rows of a text with their endings (SPEC.md "Change notices"). */
const rowsOf = (text: string): string[] => text.split(/(?<=\n)/).filter((r) => r !== '');

/** Spec 2.2: a claim statement's verdict by the contract (SPEC.md "Knowledge", "Change notices", "Withheld …"). */
function checkClaim(step: ClaimStep, last: LastRead | undefined, ex: Example, bad: (d: string) => never): void {
  if (last === undefined) return bad('a claim statement needs a read before it');
  const { truth, before, e } = last;
  const h = step.claim;
  let lie: string | undefined;
  if (!truth.ok) lie = `the tool fails here (${truth.code})`;
  else {
    const buf = Buffer.from(truth.text, 'utf8');
    const complete = before !== undefined && before.held.length === before.total;
    if (h.kind === 'pointer') {
      if (h.total !== buf.length) lie = `the content is ${buf.length} bytes, not ${h.total}`;
      else if (!complete || !before.held.equals(buf)) lie = 'the worker does not hold this content in full';
    } else if (h.kind === 'delta') {
      if (!complete) lie = 'the worker holds no complete version for the delta to apply to';
      else {
        const rows = rowsOf(before.held.toString('utf8'));
        const [from, to] = 'after' in h ? [h.after, h.after] : [h.first - 1, h.last];
        const out = rows.slice(0, from).join('') + h.body + rows.slice(to).join('');
        if (to > rows.length) lie = `the held version has ${rows.length} rows`;
        else if (out !== truth.text) lie = 'applied to the held version it does not give the current content';
      }
    } else {
      const whole = e.args?.offset === undefined && e.args?.limit === undefined;
      const said = h.said ?? POLICY_HOW_TO;
      if (ex.policy?.id !== h.policy) lie = `no policy ${h.policy} is declared (policy=)`;
      else if (!whole || buf.length <= ex.policy.wholeOverBytes) lie = 'the policy does not apply to this read';
      else if (new RegExp(DEFAULT_POINTER_PATTERN, 'i').test(said)) lie = 'the notice reads as "unchanged"';
      else if (!said.includes(POLICY_HOW_TO)) lie = 'the notice does not say how to get the bytes';
    }
  }
  if (step.expect.kind === 'true' && lie !== undefined) bad(`the claim is a lie: ${lie}`);
  if (step.expect.kind === 'lie' && lie === undefined) bad('the claim is true here');
}
