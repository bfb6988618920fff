/**
 * What differs per agent CLI (README "Check an agent CLI"): how to start it headless, its env and
 * the files its fresh HOME needs, its read tool, how its tool result maps to the worker's text and
 * how its stubs and refusals decode into claims. Data plus small functions, so a user adds a CLI
 * with `--agent-profile <module>` and no change to the kit.
 */
import type { Claim } from '../../core/claims.ts';
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
  /** The npm package and the pinned version the kit was checked against. */
  readonly package: string;
  readonly version: string;
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
  };
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
  if (typeof o.cannot !== 'object' || o.cannot === null)
    return 'cannot must be an object ({} when the profile expresses everything)';
  if (!Array.isArray(o.assumptions) || o.assumptions.some((a) => typeof a !== 'string'))
    return 'assumptions must be an array of strings';
  return undefined;
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
