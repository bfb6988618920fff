/**
 * The process protocol (docs/PROTOCOL.md): JSON lines over stdin/stdout. Message shapes, the
 * wire encoding of values JSON cannot carry, and the checks every line from a process must pass.
 */
import type { ArmName, Levers } from '../../core/arms.ts';
import { claimProblem, type Claim } from '../../core/claims.ts';
import type { DecodeInfo, Capabilities, Counters } from '../../core/contract.ts';
import { capabilitiesProblem } from '../capabilities.ts';

/** Bumped when a message changes shape; a process answers hello with the version it speaks. */
export const PROTOCOL_VERSION = 1;

export type Op = 'hello' | 'newWorker' | 'read' | 'readMany' | 'stale' | 'forget' | 'resolveArm' | 'persona';

/** An error reply: the shim's own error (a read that fails, a refused cap, an unknown arm flag). */
export interface WireError {
  readonly name?: string;
  readonly code?: string;
  readonly message: string;
}

export interface HelloReply {
  readonly protocol: number;
  readonly name: string;
  readonly capabilities: Capabilities;
}

/** A reply to any op other than hello, checked for its op's shape. */
export interface Reply {
  readonly error?: WireError;
  readonly text?: string | null;
  /** Spec 2.1: a read answered with bytes (an image part), as their base64 (docs/PROTOCOL.md "read"). */
  readonly base64?: string;
  readonly claim?: Claim;
  readonly counters?: Counters;
  readonly counted?: readonly number[];
  readonly levers?: Levers;
  /** A readMany reply (spec 2.1 "Batch reads"): one part per path, in order. */
  readonly parts?: readonly WirePart[];
}

/** One path's part of a readMany reply: its text (and claim), or the read tool's failure passed on. */
export type WirePart = { readonly text: string; readonly claim?: Claim } | { readonly error: WireError };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * A value as the kit sends it: JSON as is, except what JSON cannot carry (NaN, ±Infinity,
 * undefined inside objects or arrays), which travels as {"nonJson": "NaN"} and so on.
 */
export function toWire(v: unknown): unknown {
  if (typeof v === 'number' && !Number.isFinite(v)) return { nonJson: String(v) };
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint')
    return { nonJson: typeof v === 'bigint' ? `${String(v)}n` : String(v) };
  if (Array.isArray(v)) return v.map(toWire);
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toWire(x)]));
  return v;
}

/** One line the kit writes: ASCII only (every other character escaped), so any decoder reads it. */
export function encodeLine(message: Readonly<Record<string, unknown>>): string {
  return `${JSON.stringify(message).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}

/** Keys a hello's capabilities may carry (README "Capabilities"); wrapTool cannot cross a pipe. */
const WIRE_CAPS = [
  'arms',
  'levers',
  'cap',
  'tool',
  'capParam',
  'windows',
  'diff',
  'staleServe',
  'forget',
  'counters',
  'countCallback',
  'persona',
  'armResolver',
  'seal',
  'hostNeverCompacts',
  'reinject',
  'raceBarrier',
  'sessions',
  'caseInsensitive',
  'batch',
] as const;

/** The hello reply's capabilities, or a reason they are malformed. */
export function capabilitiesFrom(raw: unknown): Capabilities | string {
  if (!isObj(raw)) return 'hello reply needs a "capabilities" object';
  // OFF-IDENTITY needs object identity, which does not cross a pipe: a declared wrapTool is ignored.
  const problem = capabilitiesProblem({ ...raw, wrapTool: undefined });
  if (problem !== undefined) return problem;
  const out: Record<string, unknown> = {};
  for (const k of WIRE_CAPS)
    if (raw[k] !== undefined) out[k] = k === 'arms' ? Object.freeze([...new Set(raw.arms as ArmName[])]) : raw[k];
  out.wrapTool = false;
  return Object.freeze(out) as unknown as Capabilities;
}

export function helloFrom(raw: Record<string, unknown>): HelloReply | string {
  if (raw.protocol !== PROTOCOL_VERSION)
    return `answered hello with protocol ${JSON.stringify(raw.protocol)}; this kit speaks protocol ${PROTOCOL_VERSION}`;
  if (typeof raw.name !== 'string' || raw.name === '' || raw.name.length > 100)
    return 'hello reply needs a "name" (1–100 characters)';
  const capabilities = capabilitiesFrom(raw.capabilities);
  if (typeof capabilities === 'string') return capabilities;
  return { protocol: PROTOCOL_VERSION, name: raw.name, capabilities };
}

function wireErrorProblem(e: unknown): string | undefined {
  if (!isObj(e) || typeof e.message !== 'string') return '"error" must be an object with a "message" string';
  if (e.name !== undefined && typeof e.name !== 'string') return 'error "name" must be a string';
  if (e.code !== undefined && typeof e.code !== 'string') return 'error "code" must be a string';
  return undefined;
}

function countersProblem(c: unknown): string | undefined {
  if (!isObj(c) || !isNat(c.pointered) || !isNat(c.capped) || !isNat(c.bytesWithheld))
    return '"counters" must be {pointered, capped, bytesWithheld} with non-negative integers';
  return undefined;
}

const LEVERS = ['on', 'cap', 'pointer', 'diff', 'g1'] as const;

/** Checks a reply to `op`; returns the reason it breaks the protocol, or undefined. */
export function replyProblem(op: Op, r: Record<string, unknown>): string | undefined {
  if ('error' in r) {
    const p = wireErrorProblem(r.error);
    if (p) return p;
    if (op === 'persona') return 'persona must answer {"text": string|null}, not an error';
    return r.counters === undefined ? undefined : countersProblem(r.counters);
  }
  if (r.counters !== undefined) {
    const p = countersProblem(r.counters);
    if (p) return p;
  }
  switch (op) {
    case 'hello':
      return undefined;
    case 'newWorker':
    case 'forget':
      return r.ok === true ? undefined : `a ${op} reply needs "ok": true or an "error"`;
    case 'readMany':
      if (!Array.isArray(r.parts)) return 'a readMany reply needs "parts" (one per path) or an "error"';
      for (const [i, part] of r.parts.entries()) {
        const p = partProblem(part);
        if (p) return `readMany part ${i + 1}: ${p}`;
      }
      return countedProblem(r.counted);
    case 'read':
    case 'stale': {
      if (op === 'read' && r.base64 !== undefined) {
        // Spec 2.1: bytes answered as base64 are the tool's output untouched (no text, no claim beside them).
        if (r.text !== undefined || r.claim !== undefined)
          return 'a read reply with "base64" (bytes) carries no "text" and no "claim"';
        if (typeof r.base64 !== 'string' || !BASE64.test(r.base64))
          return 'a read reply\'s "base64" must be base64 (RFC 4648, padded)';
      } else if (typeof r.text !== 'string' && !(op === 'stale' && r.text === null))
        return `a ${op} reply needs "text" (a string${op === 'stale' ? ' or null' : ''}) or an "error"`;
      if (r.claim !== undefined) {
        const p = readClaimProblem(r.claim, op === 'read');
        if (p) return p;
      }
      return countedProblem(r.counted);
    }
    case 'resolveArm':
      if (!isObj(r.levers) || !LEVERS.every((k) => typeof (r.levers as Record<string, unknown>)[k] === 'boolean'))
        return `a resolveArm reply needs "levers" {${LEVERS.join(', ')}} (booleans) or an "error"`;
      return undefined;
    case 'persona':
      return typeof r.text === 'string' || r.text === null
        ? undefined
        : 'a persona reply needs "text": a string or null';
  }
}

/** A read's claim; a read's pointer may leave `total` out: the kit knows the request's content (PROTOCOL.md "Claims"). */
function readClaimProblem(claim: unknown, read: boolean): string | undefined {
  const sized = read && isObj(claim) && claim.kind === 'pointer' && claim.total === undefined;
  const p = sized ? pointerProblem(claim) : claimProblem(claim);
  return p ? `malformed claim: ${p}` : undefined;
}

function countedProblem(counted: unknown): string | undefined {
  return counted === undefined || (Array.isArray(counted) && counted.every(isNat))
    ? undefined
    : '"counted" must be a list of non-negative integers (withheld bytes per counted response)';
}

/** One part of a readMany reply: `{ text, claim? }` as a read reply, or `{ error }`. */
function partProblem(part: unknown): string | undefined {
  if (!isObj(part)) return 'a part must be an object { text, claim? } or { error }';
  if ('error' in part) return wireErrorProblem(part.error);
  if (typeof part.text !== 'string') return 'a part needs "text" (a string) or an "error"';
  return part.claim === undefined ? undefined : readClaimProblem(part.claim, true);
}

/** A pointer without `total` carries nothing else. */
function pointerProblem(c: Record<string, unknown>): string | undefined {
  const extra = Object.keys(c).filter((k) => k !== 'kind' && k !== 'total');
  return extra.length === 0 ? undefined : `a pointer claim carries no ${JSON.stringify(extra[0])}`;
}

/**
 * The claim a read reply sent, with a pointer's omitted `total` filled in: the UTF-8 size of the
 * request's content as the kit computes it (`info.contentBytes`).
 */
export function sizedClaim(c: Claim, info: DecodeInfo): Claim {
  if (c.kind !== 'pointer' || (c as { total?: unknown }).total !== undefined) return c;
  return { kind: 'pointer', total: info.contentBytes ?? 0 };
}

/** The shim's error as a JS error (its name decides TypeError / RangeError probes). */
export function errorFrom(e: WireError): Error {
  const err = new Error(e.message) as Error & { code?: string };
  if (e.name !== undefined) err.name = e.name;
  if (e.code !== undefined) err.code = e.code;
  return err;
}

/** A short one-line rendering of text for error messages. */
export function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…(${text.length - max} more)` : text;
}
