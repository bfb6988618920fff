/**
 * The agent driver (`run --agent <name>`, docs/guide/agent.md): the kit plays the model for
 * a real agent CLI. One CLI process per worker for the whole history, each with a fresh HOME and
 * TMPDIR, its base URL on the kit's model server (src/adapters/agent/server.ts) and its proxy the
 * loopback trap (src/adapters/agent/proxy.ts). A read is the server's answer to the CLI's pending
 * request: the read tool call; the worker's text is the tool result the CLI sends in its next
 * request, normalised by the profile. The history's writes land in the sandbox (its cwd) between
 * turns, with exact mtimes. Judged by the one oracle, like the hook and MCP drivers.
 * What a run shares: run.ts; a history: session.ts; a worker: worker.ts (its CLI: cli-process.ts);
 * a read's result: result.ts; a compaction's: compaction.ts; the report's assumptions: assumptions.ts.
 */
import { dirname } from 'node:path';
import type { Capabilities, DecodingHistoryHandle } from '../../core/contract.ts';
import { defined } from '../../core/defined.ts';
import type { LeverName } from '../../core/levers.ts';
import { DEFAULT_DRIVER_LEVERS, type DriverAdapter } from '../drivers/driver.ts';
import type { Isolation } from '../isolate.ts';
import { agentAssumptions } from './assumptions.ts';
import { resolveAgentCommand } from './install.ts';
import type { AgentProfile } from './profile.ts';
import { AgentRun } from './run.ts';
import { AgentSession } from './session.ts';
import { START_TIMEOUT_MS } from './version.ts';

/** Per turn (a request of the CLI), in ms: past it the run ends with exit 2. */
export const DEFAULT_TURN_TIMEOUT_MS = 30_000;

export interface AgentDriverOptions {
  readonly profile: AgentProfile;
  /** Where the profile came from (a built-in name or a module path), for the report. */
  readonly profileSource: string;
  /** The executable as a command line (run by the shell); default: the profile's binary. */
  readonly command?: string;
  readonly timeoutMs?: number;
  readonly levers?: readonly LeverName[];
  readonly cwd?: string;
  readonly sandboxDir?: string;
  /** --isolate: each CLI under bubblewrap behind the loopback relay (src/adapters/agent/relay.ts). */
  readonly isolation?: Isolation;
}

/** What an agent run declares for a profile (the oracle's view of the CLI; `audit` uses the same). */
export function agentCapabilities(p: AgentProfile, levers: readonly LeverName[] = DEFAULT_DRIVER_LEVERS): Capabilities {
  return {
    levers,
    capParam: false,
    windows: p.cannot.windows === undefined,
    diff: levers.includes('diff'),
    staleServe: false,
    // A profile with `compact`: the kit sends the CLI's compaction command (a whole worker) and reads
    // what it re-attached. Else none is driven, and the server reports tiny token usage, so the CLI
    // never compacts on its own during a run: FORGET-RESETS is ASSUMED, not judged.
    forget: p.compact !== undefined,
    ...(p.compact !== undefined ? { forgetWhole: true } : {}),
    hostNeverCompacts: p.compact === undefined,
    counters: false,
    seal: false,
    raceBarrier: false,
    // The CLI's read tool as the profile measured it (normalisations, bounds): the ground truth.
    ...defined({ tool: p.tool }),
    ...defined({ policies: p.policies }),
  };
}

/** A history's handle over its session: the sandbox mirrors the kit's disk, the claims and raw results decode its reads. */
function historyHandle(s: AgentSession): DecodingHistoryHandle {
  const { timeoutMs, startMs } = s.run.limits;
  return {
    opTimeoutMs: startMs + timeoutMs,
    injectsFailures: false,
    create: (ctx) => s.worker(ctx),
    write: (path, content, mtimeMs) => s.sandbox.write(path, content, mtimeMs),
    delete: (path) => s.sandbox.delete(path),
    decode: (text) => s.claims.take(text),
    raw: (text) => s.raws.take(text),
    close: () => s.close(),
  };
}

export function openAgentAdapter(o: AgentDriverOptions): DriverAdapter {
  const p = o.profile;
  const cwd = o.cwd ?? process.cwd();
  const levers = o.levers ?? DEFAULT_DRIVER_LEVERS;
  const run = new AgentRun(
    p,
    resolveAgentCommand(p, o.command, cwd),
    // An explicit --timeout bounds the first request too (a CLI that never asks fails that fast).
    { timeoutMs: o.timeoutMs ?? DEFAULT_TURN_TIMEOUT_MS, startMs: o.timeoutMs ?? START_TIMEOUT_MS },
    o.sandboxDir,
    o.isolation,
    // Read-only inside the sandbox even where they lie in the caller's (hidden) HOME: the kit's node
    // (the relay runs on it) and the directory the default CLI install is found from.
    [dirname(dirname(process.execPath)), cwd],
  );
  return {
    name: `agent:${p.name}`,
    capabilities: agentCapabilities(p, levers),
    get assumptions() {
      return agentAssumptions({ run, profileSource: o.profileSource, levers });
    },
    openHistory: async () => historyHandle(await AgentSession.open(run)),
    host: () => run.host(),
    failure: () => run.failure(),
  };
}
