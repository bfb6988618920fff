/**
 * The process protocol (docs/reference/protocol.md; its schema is spec/schemas/protocol.schema.json):
 * JSON lines over stdin/stdout. The wire encoding of values JSON cannot carry, and the checks every
 * line from a process must pass (the schema's, then the rules across fields).
 */
import type { ArmName, Levers } from '../../core/arms.ts';
import { claimProblem, type Claim } from '../../core/claims.ts';
import type { DecodeInfo, Capabilities, Counters } from '../../core/contract.ts';
import { capabilitiesProblem } from '../capabilities.ts';
import { schemaFailure, schemaProblem } from '../../core/schemas.ts';

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
  /** Spec 2.1: a read answered with bytes (an image part), as their base64 (docs/reference/protocol.md "read"). */
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

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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

/** Keys a hello's capabilities may carry (docs/guide/adapter.md "Capabilities"); wrapTool cannot cross a pipe. */
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
  'policies',
] as const;

/**
 * The hello reply's capabilities, or a reason they are malformed: the schema's capabilities
 * (spec/schemas/protocol.schema.json) first, then the rules across fields (capabilitiesProblem).
 */
export function capabilitiesFrom(raw: unknown): Capabilities | string {
  if (!isObj(raw)) return 'hello reply needs a "capabilities" object';
  // OFF-IDENTITY needs object identity, which does not cross a pipe: a declared wrapTool is ignored.
  const { wrapTool: _ignored, ...declared } = raw;
  const problem =
    schemaProblem('protocol', 'capabilities', declared, 'capabilities') ??
    capabilitiesProblem({ ...declared, wrapTool: undefined });
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

/** The schema definition of each op's reply (spec/schemas/protocol.schema.json). */
const REPLY_DEF: Readonly<Record<Op, string>> = {
  hello: 'helloReply',
  newWorker: 'newWorkerReply',
  read: 'readReply',
  readMany: 'readManyReply',
  stale: 'staleReply',
  forget: 'forgetReply',
  resolveArm: 'resolveArmReply',
  persona: 'personaReply',
};

/**
 * Checks a reply to `op`; returns the reason it breaks the protocol, or undefined. The shape is
 * the schema's (an error reply for any op but persona); what a schema cannot say is checked after.
 */
export function replyProblem(op: Op, r: Record<string, unknown>): string | undefined {
  if (op === 'hello') return undefined; // helloFrom reads it, naming the protocol version first
  const def = 'error' in r && op !== 'persona' ? 'errorReply' : REPLY_DEF[op];
  const failure = schemaFailure('protocol', def, r, `a ${op} reply`);
  if (failure !== undefined) {
    const part = /^\/parts\/(\d+)/.exec(failure.instancePath);
    return part === null ? failure.message : `readMany part ${Number(part[1]) + 1}: ${failure.message}`;
  }
  // A slice's start after its end: a rule across fields (claimProblem); the shape passed above.
  const claims = op === 'readMany' ? ((r.parts as Array<{ claim?: unknown }>) ?? []).map((p) => p.claim) : [r.claim];
  for (const [i, c] of claims.entries()) {
    const p = c === undefined || !isObj(c) || c.total === undefined ? undefined : claimProblem(c);
    if (p !== undefined) return `${op === 'readMany' ? `readMany part ${i + 1}: ` : ''}malformed claim: ${p}`;
  }
  return undefined;
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
