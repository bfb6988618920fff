/**
 * What differs per agent CLI (docs/guide/agent.md): how to start it headless, its env and
 * the files its fresh HOME needs, its read tool, how its tool result maps to the worker's text and
 * how its stubs and refusals decode into claims. Data plus small functions, so a user adds a CLI
 * with `--agent-profile <module>` and no change to the kit.
 */
import type { Claim } from '../../core/claims.ts';
import { policiesProblem, type WithholdPolicy } from '../../core/policies.ts';
import { UsageError } from '../../core/errors.ts';
import { hostToolProblem, type HostToolBound } from '../../core/host-tool.ts';
import type { ReadArgs } from '../../core/contract.ts';
import { importUserModule } from '../load.ts';
import { AGENT_WIRES, type AgentWire } from './wire/index.ts';

export interface AgentEnvInfo {
  /** The model server's base URL for this worker (http://127.0.0.1:<port>/w/<worker>). */
  readonly baseUrl: string;
  /** The loopback proxy trap (http://127.0.0.1:<port>). */
  readonly proxyUrl: string;
  readonly home: string;
  readonly tmp: string;
  /** The history's sandbox: the CLI's working directory. */
  readonly root: string;
}

/** What a profile is told about one tool result. */
export interface AgentResultInfo {
  /** The tool result was marked an error (Anthropic `is_error`). */
  readonly isError: boolean;
  readonly args: Readonly<ReadArgs>;
  /** UTF-8 bytes of the text this request shows now (the file on disk through the profile's `tool`; 0 when absent): a pointer's total. */
  readonly contentBytes: number;
}

export interface AgentProfile {
  /** The name `--agent` takes and the report shows. */
  readonly name: string;
  /** The npm package and the pinned version the kit was checked against (the one place a pin lives). */
  readonly package: string;
  readonly version: string;
  /**
   * The CLI versions this profile was measured on, inclusive (docs/reference/agent-versions.md). A
   * run of a version outside them still runs and says so in its assumptions; text the profile
   * cannot decode then ends it (exit 2) quoting the text, the version and this range.
   */
  readonly measured?: { readonly from: string; readonly to: string };
  /** The CLI's Node requirement as measured (printed in the report; its package's engines may say more). */
  readonly node?: string;
  /** The executable's name (looked up in .agent-clis/node_modules/.bin, then PATH). */
  readonly binary: string;
  readonly wire: AgentWire;
  /**
   * How the session's one user message reaches the CLI: a `userMessage` line on stdin (the
   * default: stream-json input), or `args(prompt)` (then stdin is closed at start: a CLI such as
   * gemini-cli reads piped stdin to its end before it starts).
   */
  readonly promptVia?: 'stdin' | 'args';
  /** Arguments that start one headless session (`prompt`: the user message when promptVia is "args"). */
  args(prompt: string): readonly string[];
  /** The env the CLI runs with (added to a minimal env: PATH, HOME, TMPDIR, the proxy variables). */
  env(e: AgentEnvInfo): Readonly<Record<string, string>>;
  /** Files to write in the fresh HOME before the CLI starts (path relative to HOME → text). */
  homeFiles?(e: AgentEnvInfo): Readonly<Record<string, string>>;
  /** One stdin line that sends a user message (required unless promptVia is "args"). */
  userMessage?(text: string): string;
  /** The read tool as the CLI names it, and its input for a kit read of `file` (absolute). */
  readonly readTool: {
    readonly name: string;
    input(args: Readonly<ReadArgs>, file: string): Readonly<Record<string, unknown>>;
  };
  /** The worker's text from the raw tool result (framing and reminders removed); a string saying why when it cannot. */
  normalize(raw: string, info: AgentResultInfo): { readonly text: string } | { readonly problem: string };
  /** A claim for a stub or refusal; undefined = the text is file content (verbatim). An error result it does not decode ends the run. */
  decode(text: string, info: AgentResultInfo): Claim | undefined;
  /**
   * What the CLI's read tool really does to a file's text, measured (SPEC.md "Host read tools"):
   * normalisations and bounds, declared as `capabilities.tool`, so the ground truth is the text it shows.
   */
  readonly tool?: HostToolBound;
  /**
   * Spec 2.2: a policy by which the CLI itself withholds a read (SPEC.md "Withheld by the shim's
   * policy"), so `decode` may answer `{ kind: 'withheld', policy: id }` for its notice.
   */
  readonly policies?: readonly WithholdPolicy[];
  /**
   * How `forget` happens, when the CLI can be made to compact headless (a whole worker): the kit
   * ends the current turn, sends `command` then the session's prompt again, answers the summary
   * request with a fixed text, and reads what the CLI re-attached from its first request after it.
   * Requires stdin input (promptVia "stdin"). Absent: say why in `cannot.forget`.
   */
  readonly compact?: {
    /** The stdin line that asks for a compaction (e.g. the userMessage of "/compact"). */
    readonly command: string;
    /** A loop request that is the CLI's summary request (answered with a fixed text, never judged). */
    isSummary(req: { readonly userText: string; readonly body?: unknown }): boolean;
    /** The files the CLI re-attached in a request (absolute paths, each with its raw tool text). */
    reattached(body: unknown): readonly { readonly file: string; readonly raw: string }[];
    /** The answer to its summary request (default: a fixed "<summary>…</summary>" text). */
    readonly summaryText?: string;
    /**
     * The prompt tokens the kit's replies report around the command (openai-chat usage): a CLI that
     * compacts only when its context is large enough to gain from it (qwen-code) is told it is.
     */
    readonly promptTokens?: number;
    /**
     * A user message of at most this many characters sent (and answered) before the command, sized
     * to the files the CLI could re-attach: a CLI that refuses a compaction whose re-attached files
     * outweigh the history it replaces (qwen-code) then compacts.
     */
    readonly padChars?: number;
    /** A side request (no read tool offered) that is the CLI's own summarizer: answered like the summary request. */
    isSideSummary?(body: unknown): boolean;
    /**
     * A stdout line (parsed JSON) that says whether the command compacted, with the CLI's words.
     * With it, the kit waits for the CLI's word after each step instead of for its next request,
     * and a refused compaction ends the run quoting those words.
     */
    outcome?(line: unknown): { readonly compacted: boolean; readonly text: string } | undefined;
  };
  /**
   * The CLI halts a turn after this many identical tool calls in a row (an always-on loop guard):
   * before the next identical read the kit ends the turn and sends the prompt again — a turn break
   * (a new turn resets the guard; the CLI's read state lives on).
   */
  readonly maxIdenticalCalls?: number;
  /** A stdout line (parsed JSON) in which the CLI says it stopped its turn: its own words, quoted when a run ends. */
  halt?(line: unknown): string | undefined;
  /** Features the profile cannot express, each with the reason the report gives. */
  readonly cannot: { readonly forget?: string; readonly windows?: string };
  /** Facts about the CLI every report states (bounds measured, stubs seen). */
  readonly assumptions: readonly string[];
}

const FUNCS = ['args', 'env', 'normalize', 'decode'] as const;

/** Why `p` is not a profile, or undefined. */
export function profileProblem(p: unknown): string | undefined {
  if (typeof p !== 'object' || p === null) return 'export a profile object (named "profile" or the default export)';
  const o = p as Record<string, unknown>;
  for (const k of ['name', 'package', 'version', 'binary'] as const)
    if (typeof o[k] !== 'string' || o[k] === '') return `${k} must be a non-empty string`;
  if (!(AGENT_WIRES as readonly unknown[]).includes(o.wire))
    return `wire must be one of ${AGENT_WIRES.map((w) => `"${w}"`).join(', ')} (the protocols the kit's model server speaks), got ${JSON.stringify(o.wire)}`;
  for (const k of FUNCS) if (typeof o[k] !== 'function') return `${k} must be a function`;
  if (o.promptVia !== undefined && o.promptVia !== 'stdin' && o.promptVia !== 'args')
    return `promptVia must be "stdin" or "args", got ${JSON.stringify(o.promptVia)}`;
  if (o.promptVia !== 'args' && typeof o.userMessage !== 'function')
    return 'userMessage must be a function (or promptVia "args")';
  const t = o.readTool as Record<string, unknown> | undefined;
  if (typeof t !== 'object' || t === null || typeof t.name !== 'string' || typeof t.input !== 'function')
    return 'readTool must be {name: string, input(args, file)}';
  if (o.tool !== undefined) {
    const problem = hostToolProblem(o.tool);
    if (problem !== undefined) return problem.replace(/^capabilities\.tool/, 'tool');
  }
  if (o.policies !== undefined) {
    // A CLI carries no instance seal: its notices are judged on their words (SPEC.md "Withheld by the shim's policy").
    const problem = policiesProblem(o.policies, true);
    if (problem !== undefined) return problem.replace(/^capabilities\.policies/, 'policies');
  }
  if (o.compact !== undefined) {
    const c = o.compact as Record<string, unknown> | null;
    if (
      typeof c !== 'object' ||
      c === null ||
      typeof c.command !== 'string' ||
      typeof c.isSummary !== 'function' ||
      typeof c.reattached !== 'function'
    )
      return 'compact must be {command: string, isSummary(req), reattached(body)}';
    if (o.promptVia === 'args') return 'compact needs stdin input (promptVia "stdin"): the command is sent mid-session';
  }
  const m = o.measured as Record<string, unknown> | undefined;
  if (m !== undefined && (typeof m !== 'object' || m === null || !isVersion(m.from) || !isVersion(m.to)))
    return 'measured must be {from, to}: versions such as "2.1.317"';
  if (
    o.maxIdenticalCalls !== undefined &&
    !(Number.isSafeInteger(o.maxIdenticalCalls) && (o.maxIdenticalCalls as number) >= 1)
  )
    return 'maxIdenticalCalls must be an integer >= 1 when given';
  if (o.halt !== undefined && typeof o.halt !== 'function') return 'halt must be a function when given';
  if (typeof o.cannot !== 'object' || o.cannot === null)
    return 'cannot must be an object ({} when the profile expresses everything)';
  if (!Array.isArray(o.assumptions) || o.assumptions.some((a) => typeof a !== 'string'))
    return 'assumptions must be an array of strings';
  return undefined;
}

const isVersion = (v: unknown): boolean => typeof v === 'string' && parseVersion(v) !== undefined;

/** The first "N.N.N" in a version text ("2.1.332 (Claude Code)"), as numbers; undefined when none. */
export function parseVersion(text: string): readonly [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return m === null ? undefined : [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** -1, 0 or 1 as version `a` is older than, the same as or newer than `b`. */
export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

/** "2.1.317–2.1.332", or the pin alone when the profile declares no range. */
export function measuredRange(p: AgentProfile): string {
  return p.measured === undefined ? p.version : `${p.measured.from}–${p.measured.to}`;
}

/**
 * Whether the CLI's reported version lies in the profile's measured range: true, false, or
 * undefined when the version text names none (a CLI whose --version failed).
 */
export function inMeasuredRange(p: AgentProfile, reported: string | undefined): boolean | undefined {
  const v = reported === undefined ? undefined : parseVersion(reported);
  if (v === undefined) return undefined;
  const from = parseVersion(p.measured?.from ?? p.version)!;
  const to = parseVersion(p.measured?.to ?? p.version)!;
  return compareVersions(v, from) >= 0 && compareVersions(v, to) <= 0;
}

export async function loadProfile(modulePath: string): Promise<AgentProfile> {
  const mod = await importUserModule(modulePath, 'agent profile');
  const p = mod.profile ?? mod.default;
  const problem = profileProblem(p);
  if (problem !== undefined) throw new UsageError(`agent profile ${modulePath}: ${problem}`);
  return p as AgentProfile;
}

/** `<system-reminder>…</system-reminder>` blocks a CLI appends to tool results: not file content, never judged. */
export function stripReminders(raw: string): string {
  return raw.replace(/\n*<system-reminder>[\s\S]*?<\/system-reminder>\n*/g, '');
}
