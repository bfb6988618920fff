/**
 * The hook driver (`run --hook "<cmd>"`): the kit plays an agent host (Claude Code's hook
 * protocol, src/adapters/hook/protocol.ts) that runs a PreToolUse hook before every Read, reads the
 * file with its own bounded Read tool when allowed, runs --hook-post after it and --hook-compact on
 * compaction. One sandbox and one fresh HOME per history; each worker a session of its own. It is
 * an adapter with the HistoryHandle lifecycle (src/adapters/contract.ts), judged by the one oracle.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Claim } from '../../core/claims.ts';
import type { LeverName } from '../../core/levers.ts';
import { AdapterError } from '../../core/errors.ts';
import { ClaimQueue } from '../claim-queue.ts';
import { withRoot } from '../command.ts';
import type { AdapterContext, Capabilities, DecodingHistoryHandle, ReadArgs, WorkerShim } from '../contract.ts';
import {
  DEFAULT_POINTER_PATTERN,
  defaultDecode,
  describeMorePatterns,
  morePatterns,
  pointerRegex,
  type DriverDecoder,
  type DriverSource,
} from '../drivers/decode.ts';
import type { WithholdPolicy } from '../../core/policies.ts';
import {
  DEFAULT_DRIVER_LEVERS,
  describeLevers,
  quoted,
  serialQueue,
  type DriverAdapter,
  type HostReport,
} from '../drivers/driver.ts';
import { ScratchHome } from '../drivers/home.ts';
import { DEFAULT_TIMEOUT_MS } from '../process/adapter.ts';
import { Sandbox } from '../process/sandbox.ts';
import { allowedClaim, shownClaim } from './claim.ts';
import { runHook } from './exec.ts';
import type { Isolation } from '../isolate.ts';
import { describeHostTool, type HostToolBound } from '../../core/host-tool.ts';
import { HostReadError, READ_TOOL_BOUND, READ_TOOL_MEASURED, hostRead } from './host-read.ts';
import {
  postAnswer,
  postToolUse,
  preCompact,
  preDecision,
  preToolUse,
  type HookSession,
  type ReadToolInput,
} from './protocol.ts';
import { defined } from '../../core/defined.ts';

export interface HookDriverOptions {
  /** The PreToolUse hook command, run by the shell from `cwd` for every read. */
  readonly command: string;
  /** Run after every successful Read (PostToolUse). */
  readonly post?: string;
  /** Run when the host compacts a worker's transcript (PreCompact). */
  readonly compact?: string;
  /** After a compaction the host re-attaches this many recently requested files (spec/SPEC.md "Re-injection after compaction"). */
  readonly reinject?: number;
  /** Per hook call, in ms. */
  readonly timeoutMs?: number;
  readonly cwd?: string;
  /** The levers the hook may use (default pointer and diff). */
  readonly levers?: readonly LeverName[];
  /** A fixed cap (with the cap lever). */
  readonly cap?: number;
  /** Regular expression (case-insensitive) that marks a deny reason as "you already hold it". */
  readonly pointerPattern?: string;
  /** Spec 2.2: --delta-pattern, --withheld-pattern, --policy (src/adapters/drivers/decode.ts morePatterns). */
  readonly deltaPattern?: string;
  readonly withheldPattern?: string;
  readonly policies?: readonly WithholdPolicy[];
  readonly decoder?: DriverDecoder;
  /** Module the decoder came from, for the report. */
  readonly decoderModule?: string;
  readonly sandboxDir?: string;
  /** --isolate: every hook call under bubblewrap (src/adapters/isolate.ts). */
  readonly isolation?: Isolation;
  /** --hook-tool: what the played Read does instead of Claude Code 2.1.197's (READ_TOOL_BOUND). */
  readonly tool?: HostToolBound;
}

/** A bound that cuts nothing: every line of the file, whole (Claude Code 2.1.197's Read). */
const uncut = (t: HostToolBound): boolean =>
  t.maxLines === undefined &&
  t.defaultLimit === undefined &&
  t.maxLineChars === undefined &&
  t.maxChars === undefined &&
  t.maxTokens === undefined;

export const HOOK_HOST = 'Claude Code-style agent host (hooks)';
/** Calls after which a hook that failed every one of them ends the run (exit 2). */
export const NEVER_SUCCEEDED_AFTER = 10;

interface Counts {
  preToolUse: number;
  allowed: number;
  asked: number;
  denied: number;
  hookErrors: number;
  updatedInput: number;
  postToolUse: number;
  postErrors: number;
  /** PostToolUse answers whose updatedToolOutput replaced what the worker was shown. */
  substituted: number;
  /** PostToolUse answers with updatedMCPToolOutput, which a built-in Read ignores. */
  mcpOutputIgnored: number;
  preCompact: number;
  compactErrors: number;
}

export function openHookAdapter(o: HookDriverOptions): DriverAdapter {
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cwd = o.cwd ?? process.cwd();
  const levers = o.levers ?? DEFAULT_DRIVER_LEVERS;
  const pattern = o.pointerPattern ?? DEFAULT_POINTER_PATTERN;
  const pointer = pointerRegex(pattern);
  const more = morePatterns(o);
  const bound = o.tool ?? READ_TOOL_BOUND;
  const counts: Counts = {
    preToolUse: 0,
    allowed: 0,
    asked: 0,
    denied: 0,
    hookErrors: 0,
    updatedInput: 0,
    postToolUse: 0,
    postErrors: 0,
    substituted: 0,
    mcpOutputIgnored: 0,
    preCompact: 0,
    compactErrors: 0,
  };
  let firstError: string | undefined;
  const neverSucceeded = (): AdapterError =>
    new AdapterError(
      `the PreToolUse hook ${JSON.stringify(o.command)} never succeeded: all ${counts.preToolUse} calls ended in an error (first: ${firstError}), so nothing it decides was judged`,
    );
  let toolUses = 0;

  const capabilities: Capabilities = {
    levers,
    ...defined({ cap: o.cap }),
    tool: bound,
    capParam: false,
    windows: true,
    diff: levers.includes('diff'),
    staleServe: false,
    // Without --hook-compact the host compacts and never tells the hook (FORGET-RESETS judges that).
    forget: o.compact !== undefined,
    forgetWhole: true,
    ...(o.reinject !== undefined ? { reinject: { count: o.reinject, order: 'recent' as const } } : {}),
    counters: false,
    seal: false,
    ...defined({ policies: o.policies, pointerPattern: o.pointerPattern }),
    // The kit rewrites a file right after the host's Read returned it, before PostToolUse.
    raceBarrier: true,
  };

  const history = async (): Promise<DecodingHistoryHandle> => {
    const sandbox = new Sandbox(o.sandboxDir);
    const home = new ScratchHome(o.sandboxDir);
    const root = sandbox.root;
    // Isolated, the hook writes only the sandbox, its HOME and a TMPDIR of the history's own.
    const tmp = o.isolation ? { TMPDIR: sandbox.tmp, TMP: sandbox.tmp, TEMP: sandbox.tmp } : {};
    const env = { ...process.env, HOME: home.path, CLAUDE_PROJECT_DIR: root, ...tmp };
    const isolated = o.isolation ? { isolation: o.isolation, writable: [root, home.path, sandbox.tmp] } : {};
    const claims = new ClaimQueue();
    const call = (command: string, event: Record<string, unknown>, what: string) =>
      runHook({
        command: withRoot(command, root),
        stdin: JSON.stringify(event),
        cwd,
        env,
        timeoutMs,
        what,
        ...isolated,
      });

    const decodeDeny = (text: string, source: DriverSource, args: ReadArgs, request: ReadToolInput): Claim => {
      const asked = hostRead(root, request, bound);
      const content = asked.ok ? asked.text : undefined;
      const info = {
        source,
        path: args.path,
        file: request.file_path,
        args,
        contentBytes: content === undefined ? 0 : Buffer.byteLength(content, 'utf8'),
      };
      const claim =
        o.decoder?.(text, info) ?? defaultDecode(text, { pointer, ...more, content, otherwise: 'undecodable' });
      if (claim === undefined)
        throw new AdapterError(
          `the PreToolUse hook withheld ${request.file_path} (${source}) with a reason that is neither a unified diff nor a pointer (--pointer-pattern /${pattern}/i): ${JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text)}; give --pointer-pattern or --decode <module> to read it`,
        );
      return claim;
    };

    const create = async (ctx: AdapterContext): Promise<WorkerShim> => {
      const session: HookSession = {
        session_id: randomUUID(),
        transcript_path: join(home.path, '.claude', 'transcripts', `${ctx.workerId}.jsonl`),
        cwd: root,
      };
      const serial = serialQueue();
      const shim: { -readonly [K in keyof WorkerShim]: WorkerShim[K] } = {
        read: (args: ReadArgs) =>
          serial(async () => {
            sandbox.prepare(args.path);
            const request: ReadToolInput = {
              file_path: `${root}/${args.path}`,
              ...defined({ offset: args.offset }),
              ...defined({ limit: args.limit }),
            };
            const id = `toolu_readshim_${++toolUses}`;
            const x = await call(
              o.command,
              preToolUse(session, id, request),
              `PreToolUse hook for ${request.file_path}`,
            );
            counts.preToolUse++;
            const d = preDecision(x);
            if (typeof d === 'string')
              throw new AdapterError(
                `the PreToolUse hook ${JSON.stringify(o.command)} ${d} (read of ${request.file_path})`,
              );
            if (d.kind === 'deny') {
              counts.denied++;
              const claim = decodeDeny(d.reason, d.via, args, request);
              claims.put(d.reason, claim);
              return d.reason;
            }
            if (d.kind === 'error') {
              counts.hookErrors++;
              firstError ??= `${d.detail}${x.stderr.trim() !== '' ? `, stderr ${JSON.stringify(x.stderr.trim().slice(-300))}` : ''}`;
              // A hook that fails every call decides nothing: stop early rather than judge plain reads for minutes.
              if (counts.preToolUse >= NEVER_SUCCEEDED_AFTER && counts.hookErrors === counts.preToolUse)
                throw neverSucceeded();
            } else if (d.via === 'ask') counts.asked++;
            else counts.allowed++;
            const effective = d.kind === 'allow' && d.updatedInput !== undefined ? d.updatedInput : request;
            if (effective !== request) counts.updatedInput++;
            const asked = hostRead(root, request, bound);
            const served = effective === request ? asked : hostRead(root, effective, bound);
            // The kit's own tool: a race it was told to make happens now, after the host's Read.
            await ctx.read(args).catch((e: unknown) => {
              if (e instanceof AdapterError) throw e;
            });
            if (!served.ok) throw new HostReadError(served.code, served.message);
            const claim = allowedClaim(request, effective, asked, served.text);
            if (o.post !== undefined) {
              const input = effective as ReadToolInput;
              const response = {
                type: 'text' as const,
                file: {
                  filePath: served.file,
                  content: served.text,
                  numLines: served.numLines,
                  startLine: served.startLine,
                  totalLines: served.totalLines,
                },
              };
              const p = await call(
                o.post,
                postToolUse(session, id, input, response),
                `PostToolUse hook for ${served.file}`,
              );
              counts.postToolUse++;
              if (p.code !== 0) counts.postErrors++;
              const a = postAnswer(p);
              if (typeof a === 'string')
                throw new AdapterError(`the PostToolUse hook ${JSON.stringify(o.post)} ${a} (read of ${served.file})`);
              if (a.mcpIgnored) counts.mcpOutputIgnored++;
              if (a.updatedToolOutput !== undefined) {
                // The worker is shown the hook's text, not the Read's: it holds what that text carries.
                counts.substituted++;
                const total =
                  claim.kind === 'slice' ? claim.total : Buffer.byteLength(asked.ok ? asked.text : served.text, 'utf8');
                const shown = shownClaim(served.text, claim, total, a.updatedToolOutput);
                claims.put(a.updatedToolOutput, shown);
                return a.updatedToolOutput;
              }
            }
            claims.put(served.text, claim);
            return served.text;
          }),
      };
      if (o.compact !== undefined) {
        const compact = o.compact;
        shim.forget = (path?: string) =>
          serial(async () => {
            if (path !== undefined)
              throw new AdapterError(
                `the played host compacts whole workers; this trace forgets one path (${path}), which a hook cannot be told`,
              );
            const x = await call(compact, preCompact(session), `PreCompact hook for worker ${ctx.workerId}`);
            counts.preCompact++;
            if (x.code !== 0) counts.compactErrors++;
          });
      }
      return shim;
    };

    let closed = false;
    return {
      opTimeoutMs: timeoutMs * (o.post !== undefined ? 2 : 1),
      injectsFailures: false,
      create,
      write: (path, content, mtimeMs) => sandbox.write(path, content, mtimeMs),
      delete: (path) => sandbox.delete(path),
      decode: (text) => claims.take(text),
      async close() {
        if (closed) return;
        closed = true;
        sandbox.remove();
        home.remove();
      },
    };
  };

  const assumptions = [
    `Host played: ${HOOK_HOST}. Before every Read it runs the PreToolUse hook ${quoted(o.command)} through the shell from ${cwd}, with JSON on stdin: session_id (one per worker), transcript_path (no transcript is written), cwd (the history's sandbox, also CLAUDE_PROJECT_DIR and {root}), permission_mode "default", hook_event_name "PreToolUse", tool_name "Read", tool_input {file_path: the sandbox path as spelled, unnormalised, offset?, limit?}, tool_use_id. HOME is a fresh directory per history, shared by its workers.`,
    `The host's Read tool returns the file's lines without line numbers: ${uncut(bound) ? 'no line limit and no line cut, ' : ''}${describeHostTool(bound)} (${o.tool === undefined ? READ_TOOL_MEASURED : '--hook-tool'}); a refusal is all the worker sees, and PostToolUse does not run (the declared host tool bound).`,
    `Hook answers: exit 0 without a decision, permissionDecision "allow" or {"decision": "approve"} = the read proceeds; "ask" = the played user approves and the read proceeds (the reason goes to the user, never to the worker); "deny", {"decision": "block"} or exit 2 = the read is withheld and the worker sees only the reason (stderr for exit 2); updatedInput replaces the Read input; any other exit = a non-blocking hook error, the read proceeds (counted; a run where the hook never succeeded is exit 2). A hook call has ${timeoutMs} ms (--timeout), past which the run ends with exit 2.`,
    `A withheld read is decoded from the reason: ${o.decoder !== undefined ? `first by --decode ${o.decoderModule ?? ''}, then ` : ''}${describeMorePatterns(o)}a unified diff = a diff against what the worker holds; text matching /${pattern}/i = "unchanged, you hold it" (a pointer); anything else ends the run with exit 2.`,
    `A worker's parallel reads run one after another (PreToolUse, Read, PostToolUse each).`,
    o.post !== undefined
      ? `After every successful Read the host runs ${quoted(o.post)} (PostToolUse) with tool_response {type: "text", file: {filePath, content, numLines, startLine, totalLines}}; a non-zero exit is counted. Its hookSpecificOutput.updatedToolOutput (a string) replaces the Read's output: the worker is shown only that and holds what it carries (the tool's text inside it = framed; else the start of the tool's text it begins with, a partial slice; spec/SPEC.md "Substituted results"); updatedMCPToolOutput applies to MCP tools only and is ignored for Read (counted); any other output is not shown to the worker. The kit may rewrite the file between the Read and this hook (the stat-after-read race).`
      : `No PostToolUse hook (--hook-post).`,
    o.compact !== undefined
      ? `On compaction the host runs ${quoted(o.compact)} with PreCompact (trigger "auto") for the worker's session, and compacts whatever it answers; it compacts whole workers only (forget(path) is not generated).`
      : `The host compacts transcripts (whole workers) without telling the hook (no --hook-compact): a pointer after a compaction fails FORGET-RESETS.`,
    // With --hook-reinject the run's assumptions say what the host re-attaches (src/core/reinject.ts describeReinject).
    ...(o.reinject === undefined
      ? [
          `After a compaction the host does not re-inject recently read files (no --hook-reinject): the worker holds nothing it read before.`,
        ]
      : []),
    `The kit never makes the Read tool fail on purpose (a read the hook withholds never reaches the tool); reads of missing files fail for real.`,
    describeLevers(levers, o.cap),
  ];

  return {
    name: `hook:${o.command}`,
    capabilities,
    assumptions,
    openHistory: history,
    host: (): HostReport => ({ played: HOOK_HOST, counts: { ...counts } }),
    failure: () => (counts.preToolUse > 0 && counts.hookErrors === counts.preToolUse ? neverSucceeded() : undefined),
  };
}
