/**
 * The hook driver (`run --hook "<cmd>"`): the kit plays an agent host (Claude Code's hook
 * protocol, src/adapters/hook/protocol.ts) that runs a PreToolUse hook before every Read, reads the
 * file with its own bounded Read tool when allowed, runs --hook-post after it and --hook-compact on
 * compaction. One sandbox and one fresh HOME per history; each worker a session of its own. It is
 * an adapter with the HistoryHandle lifecycle (src/core/contract.ts), judged by the one oracle.
 * What a run shares: run.ts; a history: session.ts; a worker: worker.ts (a withheld read's claim:
 * withheld.ts; an allowed one's: claim.ts); the report's assumptions: assumptions.ts.
 */
import type { Capabilities, DecodingHistoryHandle } from '../../core/contract.ts';
import { defined } from '../../core/defined.ts';
import type { HostToolBound } from '../../core/host-tool.ts';
import type { LeverName } from '../../core/levers.ts';
import {
  DEFAULT_POINTER_PATTERN,
  describeMorePatterns,
  morePatterns,
  pointerRegex,
  type DriverDecoder,
} from '../drivers/decode.ts';
import type { WithholdPolicy } from '../../core/policies.ts';
import { DEFAULT_DRIVER_LEVERS, type DriverAdapter, type HostReport } from '../drivers/driver.ts';
import type { Isolation } from '../isolate.ts';
import { DEFAULT_TIMEOUT_MS } from '../process/adapter.ts';
import { HOOK_HOST, hookAssumptions } from './assumptions.ts';
import { READ_TOOL_BOUND } from './host-read.ts';
import { HookRun, type ForgetKind, type HookSetup } from './run.ts';
import { HookSession } from './session.ts';

export interface HookDriverOptions {
  /** The PreToolUse hook command, run by the shell from `cwd` for every read. */
  readonly command: string;
  /** Run after every successful Read (PostToolUse). */
  readonly post?: string;
  /** Run when the host compacts a worker's transcript (PreCompact). */
  readonly compact?: string;
  /** Run when a worker's session starts, is compacted or cleared (SessionStart; --hook-session-start). */
  readonly sessionStart?: string;
  /** The forgets the played host cycles through (--hook-forget; default ['compact']). */
  readonly forgets?: readonly ForgetKind[];
  /** Subagents run their hooks under their parent's session_id (--hook-subagents shared). */
  readonly subagents?: 'own' | 'shared';
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

function capabilitiesOf(o: HookDriverOptions, levers: readonly LeverName[], bound: HostToolBound): Capabilities {
  return {
    levers,
    ...defined({ cap: o.cap }),
    tool: bound,
    capParam: false,
    windows: true,
    diff: levers.includes('diff'),
    staleServe: false,
    // Without --hook-compact or --hook-session-start the host compacts and never tells the hook
    // (FORGET-RESETS judges that); a rewind never tells it (its transcript does).
    forget: o.compact !== undefined || o.sessionStart !== undefined,
    forgetWhole: true,
    ...(o.subagents === 'shared' ? { sessions: { sharedSession: true } } : {}),
    ...(o.reinject !== undefined ? { reinject: { count: o.reinject, order: 'recent' as const } } : {}),
    counters: false,
    seal: false,
    ...defined({ policies: o.policies, pointerPattern: o.pointerPattern }),
    // The kit rewrites a file right after the host's Read returned it, before PostToolUse.
    raceBarrier: true,
  };
}

/** A history's handle over its session: the sandbox mirrors the kit's disk, the claims decode its reads. */
function historyHandle(run: HookRun): DecodingHistoryHandle {
  const s = new HookSession(run);
  return {
    opTimeoutMs: run.setup.timeoutMs * (run.setup.post !== undefined ? 2 : 1),
    injectsFailures: false,
    create: (ctx) => s.worker(ctx),
    write: (path, content, mtimeMs) => s.sandbox.write(path, content, mtimeMs),
    delete: (path) => s.sandbox.delete(path),
    decode: (text) => s.claims.take(text),
    close: () => s.close(),
  };
}

function setupOf(o: HookDriverOptions): HookSetup {
  const pattern = o.pointerPattern ?? DEFAULT_POINTER_PATTERN;
  return {
    command: o.command,
    post: o.post,
    compact: o.compact,
    sessionStart: o.sessionStart,
    forgets: o.forgets ?? ['compact'],
    subagents: o.subagents ?? 'own',
    timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    cwd: o.cwd ?? process.cwd(),
    bound: o.tool ?? READ_TOOL_BOUND,
    pattern,
    pointer: pointerRegex(pattern),
    more: morePatterns(o),
    moreSaid: describeMorePatterns(o),
    decoder: o.decoder,
    sandboxDir: o.sandboxDir,
    isolation: o.isolation,
  };
}

export function openHookAdapter(o: HookDriverOptions): DriverAdapter {
  const levers = o.levers ?? DEFAULT_DRIVER_LEVERS;
  const run = new HookRun(setupOf(o));
  const { setup } = run;
  return {
    name: `hook:${o.command}`,
    capabilities: capabilitiesOf(o, levers, setup.bound),
    assumptions: hookAssumptions({
      setup,
      toolGiven: o.tool !== undefined,
      reinject: o.reinject,
      decoderModule: o.decoderModule,
      levers,
      cap: o.cap,
    }),
    openHistory: async () => historyHandle(run),
    host: (): HostReport => ({ played: HOOK_HOST, counts: { ...run.counts } }),
    failure: () => run.failure(),
  };
}
