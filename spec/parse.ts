/**
 * Reads SPEC.md: rule sections (`## <RULE-ID>`, their `**Law.**` line) and the fenced
 * ```example blocks, parsed into trace events plus expectations. A malformed example is a
 * SpecError naming the example and its line.
 */
import { isArmName, type ArmName } from '../src/core/arms.ts';
import { REFUSAL_REASONS, type RefusalReason } from '../src/core/claims.ts';
import { hostToolProblem, type HostToolBound } from '../src/core/host-tool.ts';
import { isLeverName, type LeverName as ShimLever } from '../src/core/levers.ts';
import { RULE_IDS, isRuleId, type RuleId } from '../src/core/rules.ts';
import { KIT_VERSION, SPEC_VERSION } from '../src/core/version.ts';
import type { ReadEvent, Trace, TraceEvent } from '../src/core/trace.ts';
import { Cursor, NotationError, contentExpr } from './notation.ts';
import { parseHunks } from '../src/core/patch.ts';
import { describeDesigns, designFor } from './designs/index.ts';
import {
  LEVER_NAMES,
  SpecError,
  type EventStep,
  type Example,
  type LeverName,
  type ParsedSpec,
  type PersonaClause,
  type ClaimStep,
  type HypotheticalClaim,
  type ResponseExpectation,
  type Step,
  type Thrown,
} from './model.ts';
import { defined } from '../src/core/defined.ts';

export const DEFAULT_ARM: ArmName = 'cap';
export const DEFAULT_CAP = 24_576;
export const DEFAULT_SEAL = 'spec-seal';

const ID = /^([A-Z0-9]+(?:-[A-Z0-9]+)*)\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const SEAL = /^[A-Za-z0-9_.-]+$/;
const HEADER_KEYS = ['id', 'rule', 'arm', 'levers', 'tool', 'cap', 'seal', 'policy'] as const;

interface Fence {
  readonly ticks: number;
  readonly line: number;
  /** Attributes of an ```example fence; undefined for any other fence. */
  readonly attrs?: string;
  readonly body: { line: number; text: string }[];
}

/** The `## ` section a line sits in: a rule's, or a general one (examples may sit in both). */
type Section = { readonly title: string; readonly rule?: RuleId };

/** Parses the whole of SPEC.md. */
export function parseSpec(markdown: string, file: string): ParsedSpec {
  const sections: { rule: RuleId; line: number; law?: string }[] = [];
  const examples: Example[] = [];
  const seen = new Map<string, number>();
  let rule: RuleId | undefined;
  let section: Section | undefined;
  let fence: Fence | undefined;
  const rows = markdown.split('\n');
  rows.forEach((raw, i) => {
    const text = raw.replace(/\r$/, '');
    const line = i + 1;
    if (fence !== undefined) {
      const close = /^(`{3,})\s*$/.exec(text);
      if (close && close[1]!.length >= fence.ticks) {
        if (fence.attrs !== undefined) {
          const ex = parseExample(fence, section, file);
          const dup = seen.get(ex.id);
          if (dup !== undefined)
            throw new SpecError(file, fence.line, ex.id, `duplicate example id (first at line ${dup})`);
          seen.set(ex.id, fence.line);
          examples.push(ex);
        }
        fence = undefined;
      } else fence.body.push({ line, text });
      return;
    }
    const open = /^(`{3,})(.*)$/.exec(text);
    if (open) {
      const info = open[2]!.trim();
      const ex = /^example(?:\s+(.*))?$/.exec(info);
      fence = { ticks: open[1]!.length, line, body: [], ...(ex ? { attrs: ex[1] ?? '' } : {}) };
      return;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*$/.exec(text);
    if (heading) {
      const title = heading[2]!;
      if (heading[1] === '##') {
        rule = isRuleId(title) ? title : undefined;
        section = rule !== undefined ? { title, rule } : { title };
        if (rule !== undefined) {
          if (sections.some((s) => s.rule === rule))
            throw new SpecError(file, line, undefined, `a second section "## ${rule}"`);
          sections.push({ rule, line });
        }
      } else if (heading[1]!.length < 2) {
        rule = undefined;
        section = undefined;
      }
      return;
    }
    const law = /^\*\*Law\.\*\*\s*(.*)$/.exec(text);
    const current = sections[sections.length - 1];
    if (law && rule !== undefined && current !== undefined && current.rule === rule && current.law === undefined)
      current.law = law[1]!.trim();
  });
  if (fence !== undefined)
    throw new SpecError(
      file,
      fence.line,
      fence.attrs === undefined ? undefined : /\bid=(\S+)/.exec(fence.attrs)?.[1],
      'code fence is never closed',
    );
  return { file, sections, examples };
}

function parseExample(fence: Fence, section: Section | undefined, file: string): Example {
  const attrs = new Map<string, string>();
  const idGuess = /\bid=(\S+)/.exec(fence.attrs ?? '')?.[1];
  for (const part of (fence.attrs ?? '').split(/\s+/).filter(Boolean)) {
    const eq = part.indexOf('=');
    const k = eq === -1 ? part : part.slice(0, eq);
    if (eq === -1 || !(HEADER_KEYS as readonly string[]).includes(k))
      throw new SpecError(
        file,
        fence.line,
        idGuess,
        `bad fence attribute ${JSON.stringify(part)} (known: ${HEADER_KEYS.map((h) => `${h}=`).join(' ')})`,
      );
    if (attrs.has(k)) throw new SpecError(file, fence.line, idGuess, `attribute ${k}= given twice`);
    attrs.set(k, part.slice(eq + 1));
  }
  const id = attrs.get('id');
  const fail = (detail: string, line = fence.line): never => {
    throw new SpecError(file, line, id, detail);
  };
  if (id === undefined) return fail('the fence needs id=<RULE-ID>/<slug>');
  const m = ID.exec(id);
  if (!m) return fail('an id is <RULE-ID>/<slug>, the slug in lower-case words joined by "-"');
  if (!/[a-z]/.test(m[2]!)) return fail('an id slug must be words, never a bare number');
  const rule = attrs.get('rule');
  if (rule === undefined || !isRuleId(rule))
    return fail(`rule=${rule ?? ''} is not one of the ${RULE_IDS.length} rule IDs`);
  if (m[1] !== rule) return fail(`the id must start with its rule (${rule}/...)`);
  if (section === undefined)
    return fail(`an example must sit in its rule's section (## ${rule}) or a general "## " section`);
  if (section.rule !== undefined && section.rule !== rule)
    return fail(`rule=${rule} sits in the section of ${section.rule}`);
  const leversText = attrs.get('levers');
  if (leversText !== undefined && attrs.has('arm'))
    return fail(
      'an example runs an arm (the reference) or levers (a design shim in spec/designs), not both: give arm= or levers=',
    );
  let levers: ShimLever[] | undefined;
  if (leversText !== undefined) {
    const list = leversText.split(',');
    const bad = list.find((l) => !isLeverName(l));
    if (bad !== undefined)
      return fail(`levers=${leversText}: ${JSON.stringify(bad)} is not a lever (pointer|cap|diff, comma-separated)`);
    if (new Set(list).size !== list.length) return fail(`levers=${leversText} names a lever twice`);
    levers = list as ShimLever[];
    if (designFor(levers) === undefined)
      return fail(
        `no design shim in spec/designs declares levers [${list.join(', ')}] (designs: ${describeDesigns()})`,
      );
  }
  const armText = leversText !== undefined ? undefined : (attrs.get('arm') ?? DEFAULT_ARM);
  if (armText !== undefined && !isArmName(armText)) return fail(`arm=${armText} is not off|cap|diff|all`);
  const toolText = attrs.get('tool');
  let tool: HostToolBound | undefined;
  if (toolText !== undefined) {
    const parsed = hostTool(toolText);
    if (typeof parsed === 'string') return fail(`tool=${toolText}: ${parsed}`);
    tool = parsed;
  }
  const capText = attrs.get('cap') ?? String(DEFAULT_CAP);
  if (!/^\d+$/.test(capText) || Number(capText) < 4 || !Number.isSafeInteger(Number(capText)))
    return fail(`cap=${capText} must be an integer >= 4`);
  const seal = attrs.get('seal') ?? DEFAULT_SEAL;
  if (!SEAL.test(seal)) return fail(`seal=${seal} may hold only letters, digits, "_", "." and "-"`);
  const policyText = attrs.get('policy');
  const pm = policyText === undefined ? undefined : /^([a-z0-9]+(?:-[a-z0-9]+)*):(\d+)$/.exec(policyText);
  if (policyText !== undefined && pm == null)
    return fail(
      `policy=${policyText} is ID:BYTES (a withholding policy of whole reads over BYTES, SPEC.md "Withheld by the shim's policy")`,
    );
  const policy = pm == null ? undefined : { id: pm[1]!, wholeOverBytes: Number(pm[2]) };

  const ctx: BodyContext = { env: new Map(), writes: 0 };
  const steps: Step[] = [];
  const patches = new Map<EventStep, { line: number; rows: string[] }>();
  for (const { line, text } of fence.body) {
    const t = text.trim();
    if (t === '' || t.startsWith('#')) continue;
    if (t.startsWith('claim ')) {
      const before = steps.findLast((x) => x.kind !== 'claim');
      if (before?.kind !== 'event' || before.event.type !== 'read')
        fail('a claim statement follows the read it is about (or another claim statement)', line);
    }
    if (t.startsWith('|')) {
      const last = steps[steps.length - 1];
      if (last?.kind !== 'event' || last.expect?.kind !== 'diff')
        fail('a "|" patch line must follow a diff expectation', line);
      const raw = text.trimStart().slice(1); // trailing spaces are kept in patch rows
      let row = raw.startsWith(' ') ? raw.slice(1) : raw;
      // A patch line never starts with '"': such a row is a JSON string (for "\r" and the like).
      if (row.startsWith('"')) {
        let v: unknown;
        try {
          v = JSON.parse(row.trimEnd());
        } catch {
          v = undefined;
        }
        if (typeof v !== 'string' || v.includes('\n'))
          fail('a "|" row starting with a quote must be one JSON string without "\\n"', line);
        row = v as string;
      }
      const entry = patches.get(last as EventStep) ?? { line, rows: [] };
      entry.rows.push(row);
      patches.set(last as EventStep, entry);
      continue;
    }
    try {
      const step = parseStatement(new Cursor(t), line, ctx);
      if (step !== undefined) steps.push(step);
    } catch (e) {
      if (e instanceof NotationError) fail(e.message, line);
      throw e;
    }
  }
  const finished = steps.map((s): Step => {
    const p = s.kind === 'event' ? patches.get(s) : undefined;
    if (p === undefined || s.kind !== 'event' || s.expect?.kind !== 'diff') return s;
    const hunks = parseHunks(p.rows.join('\n') + '\n', false, s.expect.lines === 'split' ? 'split' : 'endings');
    if (!hunks.ok) return fail(`the expected patch: ${hunks.reason}`, p.line);
    return { ...s, expect: { ...s.expect, hunks: hunks.value } };
  });
  if (finished.length === 0) fail('the example has no statement');
  const design = levers === undefined ? undefined : designFor(levers);
  if (design !== undefined)
    for (const s of finished) {
      if (s.kind === 'resolve' || s.kind === 'persona' || s.kind === 'wrap')
        fail(
          `${s.kind} probes an arm surface; a levers= example runs the design shim ${design.name}, which has none`,
          s.line,
        );
      if (s.kind === 'counters' && !design.capabilities.counters)
        fail(`the design shim ${design.name} keeps no counters`, s.line);
      if (s.kind === 'create' && !design.capabilities.capParam)
        fail(`the design shim ${design.name} takes no cap parameter`, s.line);
    }
  return {
    id,
    rule,
    section: section.title,
    arm: armText,
    ...defined({ levers }),
    ...defined({ tool }),
    cap: Number(capText),
    seal,
    ...defined({ policy }),
    line: fence.line,
    steps: finished,
  };
}

/** `tool=maxLines:2,maxLineChars:4,unit:codepoint,normalize:crlf+bom` → a host tool bound, or why it is not one. */
function hostTool(text: string): HostToolBound | string {
  const bound: Record<string, unknown> = {};
  for (const part of text.split(',')) {
    const m = /^([A-Za-z]+)(?:\.([A-Za-z]+))?:(.+)$/.exec(part);
    if (!m)
      return `${JSON.stringify(part)} is not key:value (keys: maxLines maxLineChars maxChars unit lineNumbers normalize defaultLimit refuse.maxBytes refuse.maxTokens refuse.binary refuse.binaryWithin cutChars.at cutChars.overBytes cutChars.marker cutChars.minLine maxTokens pastEnd notice.firstLineOverBytes blankText)`;
    // refuse.KEY:VALUE fills the nested refusals (SPEC.md "Host refusals").
    const into = m[2] === undefined ? bound : ((bound[m[1]!] ??= {}) as Record<string, unknown>);
    const key = m[2] ?? m[1]!;
    if (key in into && (m[2] !== undefined || typeof into[key] !== 'object'))
      return `${m[2] === undefined ? key : `${m[1]}.${key}`} given twice`;
    into[key] =
      key === 'normalize'
        ? m[3]!.split('+')
        : /^\d+$/.test(m[3]!)
          ? Number(m[3])
          : m[3] === 'true'
            ? true
            : m[3] === 'false'
              ? false
              : m[3];
  }
  const problem = hostToolProblem(bound);
  return problem === undefined
    ? bound
    : problem.replace(/capabilities\.tool\./g, '').replace(/capabilities\.tool/g, 'the bound');
}

/** `base64("...")`: the base64 of the bytes a write puts on disk (RFC 4648, padded). */
function base64Arg(c: Cursor): string {
  c.ident();
  c.expect('(', '"(" after base64');
  const b64 = c.string();
  c.expect(')', '")" after the base64 string');
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(b64))
    throw new NotationError(`base64(${JSON.stringify(b64)}) is not base64 (RFC 4648, padded)`);
  return b64;
}

interface BodyContext {
  readonly env: Map<string, string>;
  writes: number;
}

const RANGE_SLICE = /^(\d+)-(\d+)\/(\d+)$/;
const RANGE_LINES = /^(\d+)-(\d+)$/;

function parseStatement(c: Cursor, line: number, ctx: BodyContext): Step | undefined {
  const verb = c.word('a statement');
  const done = <T extends Step | undefined>(s: T): T => {
    if (!c.atEnd()) throw new NotationError(`unexpected ${JSON.stringify(c.rest().slice(0, 30))} after the statement`);
    return s;
  };
  const arrow = (): void => c.expect('=>', 'an expectation after "=>"');
  switch (verb) {
    case 'let': {
      const name = c.ident();
      if (name === undefined) throw new NotationError('let needs a name');
      if (ctx.env.has(name)) throw new NotationError(`${name} is already bound`);
      c.expect('=', '"="');
      ctx.env.set(name, contentExpr(c, ctx.env));
      return done(undefined);
    }
    case 'write': {
      const path = c.name('a path');
      // Spec 2.1 "Bytes that are not text": base64("...") writes those bytes.
      const bytes = c.peekIdent() === 'base64' ? base64Arg(c) : undefined;
      const content = bytes === undefined ? contentExpr(c, ctx.env) : undefined;
      ctx.writes++;
      let mtimeMs = ctx.writes * 1000;
      const k = c.key();
      if (k !== undefined) {
        if (k !== 'mtime') throw new NotationError(`write takes only mtime=, not ${k}=`);
        mtimeMs = c.nat('an mtime in whole milliseconds');
      }
      return done(
        event(
          line,
          content !== undefined
            ? { type: 'write', path, content, mtimeMs }
            : { type: 'write', path, contentBase64: bytes!, mtimeMs },
        ),
      );
    }
    case 'delete':
      return done(event(line, { type: 'delete', path: c.name('a path') }));
    case 'symlink': {
      // Spec 2.2: `symlink PATH -> TARGET [mtime=MS]` (a second one at PATH is a retarget).
      const path = c.name('a path');
      c.expect('->', '"->" and the target');
      const target = c.name('a target');
      ctx.writes++;
      let mtimeMs = ctx.writes * 1000;
      const k = c.key();
      if (k !== undefined) {
        if (k !== 'mtime') throw new NotationError(`symlink takes only mtime=, not ${k}=`);
        mtimeMs = c.nat('an mtime in whole milliseconds');
      }
      return done(event(line, { type: 'symlink', path, target, mtimeMs }));
    }
    case 'hardlink': {
      const path = c.name('a path');
      c.expect('=', '"=" and the existing name');
      return done(event(line, { type: 'hardlink', path, existing: c.name('an existing path') }));
    }
    case 'claim':
      return done(claimStatement(c, line, ctx));
    case 'worker':
      return done(event(line, { type: 'worker', id: c.name('a worker id') }));
    case 'fork': {
      const parent = c.name('a worker id');
      const worker = c.name('a worker id');
      return done(event(line, { type: 'fork', parent, worker }));
    }
    case 'resume':
      return done(event(line, { type: 'resume', worker: c.name('a worker id') }));
    case 'forget': {
      const worker = c.name('a worker id');
      const path = c.atEnd() ? undefined : c.name('a path');
      return done(event(line, { type: 'forget', worker, ...(path === undefined ? {} : { path }) }));
    }
    case 'read': {
      const worker = c.name('a worker id');
      const path = c.name('a path');
      const args: Record<string, unknown> = {};
      let fail: string | undefined;
      let race: { content: string; mtimeMs?: number } | undefined;
      let raceMtime: number | undefined;
      for (let k = c.key(); k !== undefined; k = c.key()) {
        if (k === 'fail') fail = c.word('an error code');
        else if (k === 'race') race = { content: contentExpr(c, ctx.env) };
        else if (k === 'race-mtime') raceMtime = c.nat('an mtime');
        else if (k === 'path' || k in args) throw new NotationError(`argument ${k}= is not allowed here`);
        else args[k] = c.literal().value;
      }
      if (raceMtime !== undefined && race === undefined) throw new NotationError('race-mtime= needs race=');
      let raceEv: ReadEvent['race'];
      if (race !== undefined) {
        ctx.writes++;
        raceEv = { content: race.content, mtimeMs: raceMtime ?? ctx.writes * 1000 };
      }
      arrow();
      const expect = responseExpectation(c, ctx, 'read');
      const ev: ReadEvent = {
        type: 'read',
        worker,
        path,
        ...(Object.keys(args).length > 0 ? { args } : {}),
        ...defined({ fail }),
        ...defined({ race: raceEv }),
      };
      return done({ kind: 'event', line, event: ev, expect });
    }
    case 'stale': {
      const worker = c.name('a worker id');
      const path = c.name('a path');
      const r = RANGE_LINES.exec(c.word('a line range a-b'));
      if (!r) throw new NotationError('stale needs a 0-based inclusive line range a-b');
      arrow();
      const expect = responseExpectation(c, ctx, 'stale');
      return done({
        kind: 'event',
        line,
        event: { type: 'stale', worker, path, startLine: Number(r[1]), endLine: Number(r[2]) },
        expect,
      });
    }
    case 'counters': {
      const worker = c.name('a worker id');
      arrow();
      const got = new Map<string, string>();
      for (let k = c.key(); k !== undefined; k = c.key()) {
        if (got.has(k)) throw new NotationError(`${k}= given twice`);
        got.set(k, c.word(`a value for ${k}=`));
      }
      const nat = (k: string): number => {
        const v = got.get(k);
        if (v === undefined || !/^\d+$/.test(v)) throw new NotationError(`counters needs ${k}=<whole number>`);
        return Number(v);
      };
      for (const k of got.keys())
        if (!['pointered', 'capped', 'withheld', 'callbacks'].includes(k))
          throw new NotationError(`unknown counter ${k}=`);
      const cb = got.get('callbacks');
      let callbacks: number[] | undefined;
      if (cb !== undefined) {
        if (cb !== 'none' && !/^\d+(,\d+)*$/.test(cb))
          throw new NotationError('callbacks= is a comma list of whole numbers, or none');
        callbacks = cb === 'none' ? [] : cb.split(',').map(Number);
      }
      return done({
        kind: 'counters',
        line,
        worker,
        pointered: nat('pointered'),
        capped: nat('capped'),
        withheld: nat('withheld'),
        ...(callbacks ? { callbacks } : {}),
      });
    }
    case 'resolve': {
      const { value, text } = c.literal();
      arrow();
      const w = c.word('TypeError or levers');
      if (w === 'TypeError')
        return done({ kind: 'resolve', line, flag: value, flagText: text, expect: thrown(c, 'TypeError') });
      if (w !== 'levers') throw new NotationError(`resolve expects TypeError or levers, got ${w}`);
      const on: LeverName[] = [];
      if (c.eat('none'))
        return done({ kind: 'resolve', line, flag: value, flagText: text, expect: { kind: 'levers', on } });
      while (!c.atEnd()) {
        const l = c.word('a lever');
        if (!(LEVER_NAMES as readonly string[]).includes(l))
          throw new NotationError(`unknown lever ${l} (known: ${LEVER_NAMES.join(' ')})`);
        if (on.includes(l as LeverName)) throw new NotationError(`lever ${l} listed twice`);
        on.push(l as LeverName);
      }
      return done({ kind: 'resolve', line, flag: value, flagText: text, expect: { kind: 'levers', on } });
    }
    case 'persona': {
      const arm = c.word('an arm');
      if (!isArmName(arm)) throw new NotationError(`persona arm ${arm} is not off|cap|diff|all`);
      const cap = c.nat('a cap');
      arrow();
      if (c.eat('none')) return done({ kind: 'persona', line, arm, cap, expect: { kind: 'none' } });
      const clauses: PersonaClause[] = [];
      while (!c.atEnd()) {
        const w = c.word('a persona clause');
        if (w === 'cap-number' || w === 'no-cap-number')
          clauses.push({ kind: 'cap-number', present: w === 'cap-number' });
        else if (w === 'diff-wording' || w === 'no-diff-wording')
          clauses.push({ kind: 'diff-wording', present: w === 'diff-wording' });
        else if (w === 'sealed') clauses.push({ kind: 'sealed' });
        else if (w === 'mentions') {
          if (c.peek() !== '"') throw new NotationError('mentions needs at least one "string"');
          while (c.peek() === '"') clauses.push({ kind: 'mentions', text: c.string() });
        } else
          throw new NotationError(
            `unknown persona clause ${w} (known: cap-number no-cap-number diff-wording no-diff-wording sealed mentions)`,
          );
      }
      if (clauses.length === 0) throw new NotationError('persona needs none or clauses');
      return done({ kind: 'persona', line, arm, cap, expect: { kind: 'text', clauses } });
    }
    case 'wrap': {
      const arm = c.word('an arm');
      if (!isArmName(arm)) throw new NotationError(`wrap arm ${arm} is not off|cap|diff|all`);
      arrow();
      const w = c.word('same or wrapped');
      if (w !== 'same' && w !== 'wrapped') throw new NotationError(`wrap expects same or wrapped, got ${w}`);
      return done({ kind: 'wrap', line, arm, expect: w });
    }
    case 'create': {
      if (c.key() !== 'cap') throw new NotationError('create needs cap=<value>');
      const { value, text } = c.literal();
      arrow();
      const w = c.word('RangeError or ok');
      if (w === 'ok') return done({ kind: 'create', line, cap: value, capText: text, expect: { kind: 'ok' } });
      if (w !== 'RangeError') throw new NotationError(`create expects RangeError or ok, got ${w}`);
      return done({ kind: 'create', line, cap: value, capText: text, expect: thrown(c, 'RangeError') });
    }
    default:
      throw new NotationError(
        `unknown statement ${JSON.stringify(verb)} (known: let write delete symlink hardlink worker read stale forget claim counters resolve persona wrap create)`,
      );
  }
}

/** `claim pointer N [said "…"] | delta A-B CONTENT | delta after K CONTENT | withheld ID [said "…"] => true | lie RULE…` */
function claimStatement(c: Cursor, line: number, ctx: BodyContext): ClaimStep {
  const kind = c.word('pointer, delta or withheld');
  const said = (): { said?: string } => (c.eat('said') ? { said: c.string() } : {});
  let claim: HypotheticalClaim;
  if (kind === 'pointer') claim = { kind, total: c.nat('the pointer total'), ...said() };
  else if (kind === 'withheld') claim = { kind, policy: c.word('a policy id'), ...said() };
  else if (kind === 'delta') {
    if (c.eat('after')) claim = { kind, after: c.nat('a row'), body: contentExpr(c, ctx.env) };
    else {
      const r = RANGE_LINES.exec(c.word('the rows replaced a-b'));
      if (!r) throw new NotationError('claim delta needs the rows it replaces, a-b (1-based), or after K');
      if (Number(r[1]) < 1 || Number(r[2]) < Number(r[1]))
        throw new NotationError(`rows ${r[1]}-${r[2]}: rows count from 1 and the last is at least the first`);
      claim = { kind, first: Number(r[1]), last: Number(r[2]), body: contentExpr(c, ctx.env) };
    }
  } else throw new NotationError(`claim ${kind}: a claim statement names pointer, delta or withheld`);
  c.expect('=>', 'an expectation after "=>"');
  const verdict = c.word('true or lie');
  if (verdict === 'true') return { kind: 'claim', line, claim, expect: { kind: 'true' } };
  if (verdict !== 'lie') throw new NotationError(`a claim expects true or lie RULE…, got ${verdict}`);
  const rules: RuleId[] = [];
  while (!c.atEnd()) {
    const r = c.word('a rule ID');
    if (!isRuleId(r)) throw new NotationError(`${r} is not a rule ID`);
    rules.push(r);
  }
  if (rules.length === 0) throw new NotationError('lie names the rules that fail there');
  return { kind: 'claim', line, claim, expect: { kind: 'lie', rules } };
}

function event(line: number, e: TraceEvent): EventStep {
  return { kind: 'event', line, event: e };
}

function thrown(c: Cursor, errorName: Thrown['errorName']): Thrown {
  const mentions: string[] = [];
  if (c.eat('mentions')) {
    if (c.peek() !== '"') throw new NotationError('mentions needs at least one "string"');
    while (c.peek() === '"') mentions.push(c.string());
  }
  return { kind: 'throws', errorName, mentions };
}

function responseExpectation(c: Cursor, ctx: BodyContext, op: 'read' | 'stale'): ResponseExpectation {
  const kind = c.word('an expectation');
  const allowed =
    op === 'read' ? ['verbatim', 'slice', 'pointer', 'diff', 'refusal', 'error'] : ['stale', 'refusal', 'none'];
  if (!allowed.includes(kind))
    throw new NotationError(`a ${op} expects one of ${allowed.join('|')}, got ${JSON.stringify(kind)}`);
  switch (kind) {
    case 'verbatim':
      return { kind, framed: c.eat('framed') };
    case 'none':
      return { kind };
    case 'slice': {
      const r = RANGE_SLICE.exec(c.word('start-end/total'));
      if (!r) throw new NotationError('slice needs start-end/total, e.g. 0-8/16');
      const state = c.word('done or partial');
      if (state !== 'done' && state !== 'partial') throw new NotationError(`slice needs done or partial, got ${state}`);
      const payload = contentExpr(c, ctx.env);
      return {
        kind: 'slice',
        start: Number(r[1]),
        end: Number(r[2]),
        total: Number(r[3]),
        done: state === 'done',
        payload,
      };
    }
    case 'pointer':
      return { kind: 'pointer', total: c.nat('the pointer total') };
    case 'diff': {
      const total = c.nat('the diff result total');
      const within = c.eat('within') ? { within: c.nat('the byte bound') } : {};
      // `lines=split`: the diff claims the split-line dialect (SPEC.md "Diff dialects").
      return { kind: 'diff', total, ...within, ...(c.eat('lines=split') ? { lines: 'split' as const } : {}) };
    }
    case 'stale': {
      const r = RANGE_LINES.exec(c.word('a-b'));
      if (!r) throw new NotationError('a stale expectation needs the served 0-based lines a-b');
      c.expect('of', '"of <lines>"');
      const lines = c.nat('the line count');
      const truncated = c.eat('cut');
      const payload = contentExpr(c, ctx.env);
      return { kind: 'stale', startLine: Number(r[1]), endLine: Number(r[2]), lines, truncated, payload };
    }
    case 'refusal': {
      const reason = c.word('a refusal reason');
      if (!(REFUSAL_REASONS as readonly string[]).includes(reason))
        throw new NotationError(`refusal reason ${reason} is not one of ${REFUSAL_REASONS.join('|')}`);
      const ok = op === 'read' ? reason === 'absent' || reason === 'unreadable' : reason.startsWith('stale-');
      if (!ok) throw new NotationError(`a ${op} cannot refuse with ${reason}`);
      return { kind: 'refusal', reason: reason as RefusalReason };
    }
    case 'error':
      return c.atEnd() ? { kind: 'error' } : { kind: 'error', code: c.word('an error code') };
  }
  throw new NotationError(`unknown expectation ${kind}`);
}

/** The example's history in the kit's one trace schema (header + events). */
export function exampleTrace(ex: Example): Trace {
  return {
    header: {
      type: 'header',
      kit: KIT_VERSION,
      specVersion: SPEC_VERSION,
      cap: ex.cap,
      ...(ex.levers !== undefined ? { levers: ex.levers } : { arm: ex.arm ?? DEFAULT_ARM }),
      ...defined({ tool: ex.tool }),
      seal: ex.seal,
      note: `spec example ${ex.id}`,
    },
    events: ex.steps.flatMap((s) => (s.kind === 'event' ? [s.event] : [])),
  };
}
