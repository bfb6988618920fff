/**
 * The hook protocol of the host the kit plays (Claude Code's, docs/guide/hook.md): the JSON a hook gets
 * on stdin for PreToolUse, PostToolUse and PreCompact, and what its answer means — exit 0 with no
 * decision = allow; `hookSpecificOutput.permissionDecision` allow / deny / ask with
 * `permissionDecisionReason` and `updatedInput`; the older `{"decision": "block" | "approve",
 * "reason"}`; exit 2 = block with stderr as the reason; any other exit = a non-blocking error.
 */
import type { HookExit } from './exec.ts';
import { defined } from '../../core/defined.ts';

/** Claude Code's Read tool input: an absolute path, 1-based first line, line count. */
export interface ReadToolInput {
  readonly file_path: string;
  readonly offset?: number;
  readonly limit?: number;
  readonly [extra: string]: unknown;
}

/** The fields every hook event carries. */
export interface SessionFields {
  readonly session_id: string;
  readonly transcript_path: string;
  readonly cwd: string;
  /** A subagent's events under its parent's session_id carry its id and type (Claude Code 2.1.332, measured). */
  readonly agent_id?: string;
  readonly agent_type?: string;
}

/** Why a session started (Claude Code: "startup", "resume", "clear", "compact"; the played host sends three). */
export type SessionStartSource = 'startup' | 'compact' | 'clear';

/** SessionStart: a worker's session started, was compacted (a new epoch) or cleared (a new session_id). */
export function sessionStart(s: SessionFields, source: SessionStartSource): Record<string, unknown> {
  return { ...s, hook_event_name: 'SessionStart', source };
}

export function preToolUse(s: SessionFields, toolUseId: string, input: ReadToolInput): Record<string, unknown> {
  return {
    ...s,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Read',
    tool_input: input,
    tool_use_id: toolUseId,
  };
}

/** tool_response of the played Read tool: `{ type: "text", file: { filePath, content, numLines, startLine, totalLines } }`. */
export interface ReadToolResponse {
  readonly type: 'text';
  readonly file: {
    readonly filePath: string;
    readonly content: string;
    readonly numLines: number;
    readonly startLine: number;
    readonly totalLines: number;
  };
}

export function postToolUse(
  s: SessionFields,
  toolUseId: string,
  input: ReadToolInput,
  response: ReadToolResponse,
): Record<string, unknown> {
  return {
    ...s,
    permission_mode: 'default',
    hook_event_name: 'PostToolUse',
    tool_name: 'Read',
    tool_input: input,
    tool_response: response,
    tool_use_id: toolUseId,
  };
}

/** The one compaction event the played host sends: PreCompact, trigger "auto" (the context filled up). */
export function preCompact(s: SessionFields): Record<string, unknown> {
  return { ...s, hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' };
}

export type PreDecision =
  /** The read proceeds (allow, ask approved, or no decision), with the hook's updatedInput if any. */
  | {
      readonly kind: 'allow';
      readonly via: 'allow' | 'ask' | 'none' | 'approve';
      readonly updatedInput?: Record<string, unknown>;
    }
  /** The read is withheld; the reason is what the worker is shown. */
  | { readonly kind: 'deny'; readonly via: 'deny' | 'block' | 'exit 2'; readonly reason: string }
  /** Exit code other than 0 and 2 (or a signal): a non-blocking error, the read proceeds. */
  | { readonly kind: 'error'; readonly detail: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const clip = (s: string): string => JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);

/** What a PreToolUse hook's exit means, or a string saying how it broke the protocol (exit 2 of the kit). */
export function preDecision(x: HookExit): PreDecision | string {
  if (x.code === 2) return { kind: 'deny', via: 'exit 2', reason: x.stderr };
  if (x.code !== 0) return { kind: 'error', detail: x.signal !== null ? `killed by ${x.signal}` : `exit ${x.code}` };
  const out = x.stdout.trim();
  // Plain text on exit 0 is the host's debug output, not a decision.
  if (!out.startsWith('{')) return { kind: 'allow', via: 'none' };
  let j: unknown;
  try {
    j = JSON.parse(out);
  } catch {
    return `printed output that starts like JSON but is not: ${clip(out)}`;
  }
  if (!isObj(j)) return `printed ${clip(out)}, not a JSON object`;
  if (j.continue === false)
    return `answered "continue": false, which stops the agent; a read hook allows, denies or asks`;
  const h = j.hookSpecificOutput;
  if (h !== undefined) {
    if (!isObj(h)) return 'printed a "hookSpecificOutput" that is not an object';
    if (h.hookEventName !== undefined && h.hookEventName !== 'PreToolUse')
      return `answered a PreToolUse event with hookSpecificOutput.hookEventName ${JSON.stringify(h.hookEventName)}`;
    const reason = h.permissionDecisionReason;
    if (reason !== undefined && typeof reason !== 'string')
      return 'printed a permissionDecisionReason that is not a string';
    const upd = h.updatedInput;
    if (upd !== undefined && !isObj(upd)) return 'printed an updatedInput that is not an object';
    const updated = upd !== undefined ? { updatedInput: upd } : {};
    switch (h.permissionDecision) {
      case 'allow':
      case 'ask':
        return { kind: 'allow', via: h.permissionDecision, ...updated };
      case 'deny':
        return { kind: 'deny', via: 'deny', reason: reason ?? '' };
      case undefined:
        break;
      default:
        return `answered permissionDecision ${JSON.stringify(h.permissionDecision)}; the played host knows allow, deny and ask`;
    }
    if (upd !== undefined && j.decision === undefined) return { kind: 'allow', via: 'none', ...updated };
  }
  // The older form: {"decision": "block" | "approve", "reason": "…"}.
  if (j.reason !== undefined && typeof j.reason !== 'string') return 'printed a "reason" that is not a string';
  switch (j.decision) {
    case undefined:
      return { kind: 'allow', via: 'none' };
    case 'block':
      return { kind: 'deny', via: 'block', reason: j.reason ?? '' };
    case 'approve':
      return { kind: 'allow', via: 'approve' };
    default:
      return `answered "decision": ${JSON.stringify(j.decision)}; the older form knows "block" and "approve"`;
  }
}

/**
 * What a PostToolUse hook's answer changes for the worker: `hookSpecificOutput.updatedToolOutput`
 * (a string) replaces the Read's output, and the worker is shown only that. The older
 * `updatedMCPToolOutput` replaces the output of MCP tools only; Read is built in, so the played host
 * ignores it (counted). A non-zero exit or output that is not JSON changes nothing; a JSON answer
 * with a malformed field is a string saying so (exit 2 of the kit).
 */
export function postAnswer(
  x: HookExit,
): { readonly updatedToolOutput?: string; readonly mcpIgnored: boolean } | string {
  const none = { mcpIgnored: false };
  const out = x.stdout.trim();
  if (x.code !== 0 || !out.startsWith('{')) return none;
  let j: unknown;
  try {
    j = JSON.parse(out);
  } catch {
    return `printed output that starts like JSON but is not: ${clip(out)}`;
  }
  if (!isObj(j) || j.hookSpecificOutput === undefined) return none;
  const h = j.hookSpecificOutput;
  if (!isObj(h)) return 'printed a "hookSpecificOutput" that is not an object';
  if (h.hookEventName !== undefined && h.hookEventName !== 'PostToolUse')
    return `answered a PostToolUse event with hookSpecificOutput.hookEventName ${JSON.stringify(h.hookEventName)}`;
  const u = h.updatedToolOutput;
  if (u !== undefined && typeof u !== 'string')
    return 'printed an updatedToolOutput that is not a string (the Read output the worker is shown)';
  return { ...defined({ updatedToolOutput: u }), mcpIgnored: h.updatedMCPToolOutput !== undefined };
}
