/** What the played hook host assumes, for the report (driver.ts DriverAdapter.assumptions). */
import { describeHostTool, type HostToolBound } from '../../core/host-tool.ts';
import type { LeverName } from '../../core/levers.ts';
import { describeLevers, quoted } from '../drivers/driver.ts';
import { READ_TOOL_MEASURED } from './host-read.ts';
import type { HookSetup } from './run.ts';

export const HOOK_HOST = 'Claude Code-style agent host (hooks)';

/** What the report says beyond the run's setup. */
export interface HookPlayed {
  readonly setup: HookSetup;
  /** --hook-tool gave the played Read's bound (else Claude Code's, measured). */
  readonly toolGiven: boolean;
  readonly reinject: number | undefined;
  readonly decoderModule: string | undefined;
  readonly levers: readonly LeverName[];
  readonly cap: number | undefined;
}

/** A bound that cuts nothing: every line of the file, whole (Claude Code 2.1.197's Read). */
const uncut = (t: HostToolBound): boolean =>
  t.maxLines === undefined &&
  t.defaultLimit === undefined &&
  t.maxLineChars === undefined &&
  t.maxChars === undefined &&
  t.maxTokens === undefined;

function postLine(post: string | undefined): string {
  return post !== undefined
    ? `After every successful Read the host runs ${quoted(post)} (PostToolUse) with tool_response {type: "text", file: {filePath, content, numLines, startLine, totalLines}}; a non-zero exit is counted. Its hookSpecificOutput.updatedToolOutput (a string) replaces the Read's output: the worker is shown only that and holds what it carries (the tool's text under a note of its own, at its start or end = framed; else, decoded as a withheld read's reason is (--decode, a unified diff, --delta-pattern, the pointer pattern), a pointer, diff or delta (spec 2.2); else the start of the tool's text it begins with, a partial slice; spec/SPEC.md "Substituted results"); updatedMCPToolOutput applies to MCP tools only and is ignored for Read (counted); any other output is not shown to the worker. The kit may rewrite the file between the Read and this hook (the stat-after-read race).`
    : `No PostToolUse hook (--hook-post).`;
}

const FORGET_SAID = {
  compact:
    'a compaction (PreCompact, then a compact_boundary row and a summary row in the transcript, then SessionStart "compact")',
  clear: 'a clear (a new session_id and transcript, SessionStart "clear")',
  rewind:
    "a rewind (no hook runs; the transcript rows written next hang off the row before the epoch's first prompt, so the rows since are off its live branch)",
} as const;

/** How the played host forgets a worker, and what it tells the hooks (--hook-forget, --hook-session-start). */
function forgetLines(s: HookSetup): string[] {
  const told = s.compact !== undefined || s.sessionStart !== undefined;
  return [
    `The host forgets whole workers only (forget(path) is not generated), each time the next of: ${s.forgets.map((k) => FORGET_SAID[k]).join('; ')} (--hook-forget).`,
    s.sessionStart !== undefined
      ? `SessionStart runs ${quoted(s.sessionStart)} with source "startup" when a worker starts, "compact" after a compaction, "clear" after a clear (Claude Code's sources; "resume" is not played).`
      : `No SessionStart hook (--hook-session-start).`,
    ...(s.compact !== undefined
      ? [
          `On compaction the host runs ${quoted(s.compact)} with PreCompact (trigger "auto") for the worker's session, and compacts whatever it answers.`,
        ]
      : []),
    ...(told
      ? []
      : [
          `No hook is told of a compaction (no --hook-compact or --hook-session-start): a pointer after one fails FORGET-RESETS.`,
        ]),
    s.subagents === 'shared'
      ? `Declared (--hook-subagents shared): a second worker of a session is a subagent whose hooks run under its parent's session_id and transcript_path, with agent_id and agent_type "general-purpose" and no SessionStart of its own; its rows go to <transcript>/subagents/agent-<id>.jsonl.`
      : `Every worker has a session_id of its own (--hook-subagents shared plays subagents under their parent's).`,
  ];
}

function compactLines(s: HookSetup, reinject: number | undefined): string[] {
  return [
    ...forgetLines(s),
    // With --hook-reinject the run's assumptions say what the host re-attaches (src/core/reinject.ts describeReinject).
    ...(reinject === undefined
      ? [
          `After a compaction the host does not re-inject recently read files (no --hook-reinject): the worker holds nothing it read before.`,
        ]
      : []),
  ];
}

export function hookAssumptions(h: HookPlayed): string[] {
  const { command, cwd, bound, timeoutMs, pattern, decoder, post, moreSaid } = h.setup;
  return [
    `Host played: ${HOOK_HOST}. Before every Read it runs the PreToolUse hook ${quoted(command)} through the shell from ${cwd}, with JSON on stdin: session_id (one per worker), transcript_path (a JSON-lines transcript the host writes as Claude Code 2.1.332 does: a prompt row, the Read's tool_use row before PreToolUse, its tool_result row — what the worker was shown — after PostToolUse; each row's parentUuid the row before on its branch), cwd (the history's sandbox, also CLAUDE_PROJECT_DIR and {root}), permission_mode "default", hook_event_name "PreToolUse", tool_name "Read", tool_input {file_path: the sandbox path as spelled, unnormalised, offset?, limit?}, tool_use_id. HOME is a fresh directory per history, shared by its workers.`,
    `The host's Read tool returns the file's lines without line numbers: ${uncut(bound) ? 'no line limit and no line cut, ' : ''}${describeHostTool(bound)} (${h.toolGiven ? '--hook-tool' : READ_TOOL_MEASURED}); a refusal is all the worker sees, and PostToolUse does not run (the declared host tool bound).`,
    `Hook answers: exit 0 without a decision, permissionDecision "allow" or {"decision": "approve"} = the read proceeds; "ask" = the played user approves and the read proceeds (the reason goes to the user, never to the worker); "deny", {"decision": "block"} or exit 2 = the read is withheld and the worker sees only the reason (stderr for exit 2); updatedInput replaces the Read input; any other exit = a non-blocking hook error, the read proceeds (counted; a run where the hook never succeeded is exit 2). A hook call has ${timeoutMs} ms (--timeout), past which the run ends with exit 2.`,
    `A withheld read is decoded from the reason: ${decoder !== undefined ? `first by --decode ${h.decoderModule ?? ''}, then ` : ''}${moreSaid ?? ''}a unified diff = a diff against what the worker holds; text matching /${pattern}/i = "unchanged, you hold it" (a pointer); anything else ends the run with exit 2.`,
    `A worker's parallel reads run one after another (PreToolUse, Read, PostToolUse each).`,
    postLine(post),
    ...compactLines(h.setup, h.reinject),
    `The kit never makes the Read tool fail on purpose (a read the hook withholds never reaches the tool); reads of missing files fail for real.`,
    describeLevers(h.levers, h.cap),
  ];
}
