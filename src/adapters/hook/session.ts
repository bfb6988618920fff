/**
 * A history of a hook run: one sandbox (the hooks' {root}, cwd of the played host and
 * CLAUDE_PROJECT_DIR) and one fresh HOME its workers share, each worker a session_id of its own
 * (worker.ts). Every hook call runs from the run's cwd with the history's env; isolated, the hook
 * writes only the sandbox, its HOME and a TMPDIR of the history's own.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AdapterContext, WorkerShim } from '../../core/contract.ts';
import { ClaimQueue } from '../claim-queue.ts';
import { withRoot } from '../command.ts';
import { ScratchHome } from '../drivers/home.ts';
import { Sandbox } from '../process/sandbox.ts';
import { runHook, type HookCall, type HookExit } from './exec.ts';
import type { HookRun } from './run.ts';
import { Transcript, transcriptPath } from './transcript.ts';
import { HookWorker, type WorkerPlace } from './worker.ts';

export class HookSession implements WorkerPlace {
  readonly sandbox: Sandbox;
  readonly home: ScratchHome;
  readonly claims = new ClaimQueue();
  readonly #run: HookRun;
  readonly #env: NodeJS.ProcessEnv;
  readonly #isolated: Pick<HookCall, 'isolation' | 'writable'>;
  #closed = false;

  constructor(run: HookRun) {
    const { sandboxDir, isolation } = run.setup;
    this.#run = run;
    this.sandbox = new Sandbox(sandboxDir);
    this.home = new ScratchHome(sandboxDir);
    const root = this.sandbox.root;
    const tmp = isolation ? { TMPDIR: this.sandbox.tmp, TMP: this.sandbox.tmp, TEMP: this.sandbox.tmp } : {};
    this.#env = { ...process.env, HOME: this.home.path, CLAUDE_PROJECT_DIR: root, ...tmp };
    this.#isolated = isolation ? { isolation, writable: [root, this.home.path, this.sandbox.tmp] } : {};
  }

  /** The kit's session ids (AdapterContext.session) to the hook's: a subagent under its parent's reuses it. */
  readonly #sessions = new Map<string, string>();

  get root(): string {
    return this.sandbox.root;
  }

  get homePath(): string {
    return this.home.path;
  }

  /** Runs `command` ({root} = the sandbox) with `event` as JSON on stdin; `what` names the call in errors. */
  call(command: string, event: Record<string, unknown>, what: string): Promise<HookExit> {
    const { cwd, timeoutMs } = this.#run.setup;
    return runHook({
      command: withRoot(command, this.root),
      stdin: JSON.stringify(event),
      cwd,
      env: this.#env,
      timeoutMs,
      what,
      ...this.#isolated,
    });
  }

  /**
   * A worker: a session_id and a transcript of its own — or, declared (--hook-subagents shared), a
   * subagent's: its parent's session_id and transcript_path, with an agent_id and agent_type, its
   * own rows in the session's subagents/ folder (Claude Code 2.1.332, measured).
   */
  worker(ctx: AdapterContext): Promise<WorkerShim> {
    const parent =
      this.#run.setup.subagents === 'shared' && ctx.session !== undefined ? this.#sessions.get(ctx.session) : undefined;
    const id = parent ?? randomUUID();
    if (parent === undefined && ctx.session !== undefined) this.#sessions.set(ctx.session, id);
    const path = transcriptPath(this.home.path, this.root, id);
    if (parent === undefined)
      return new HookWorker(this.#run, this, ctx, {
        fields: { session_id: id, transcript_path: path, cwd: this.root },
        transcript: new Transcript(path, id, this.root),
      }).shim();
    const agent = `a${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const own = join(path.replace(/\.jsonl$/, ''), 'subagents', `agent-${agent}.jsonl`);
    return new HookWorker(this.#run, this, ctx, {
      fields: { session_id: id, transcript_path: path, cwd: this.root, agent_id: agent, agent_type: 'general-purpose' },
      transcript: new Transcript(own, id, this.root),
    }).shim();
  }

  close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      this.sandbox.remove();
      this.home.remove();
    }
    return Promise.resolve();
  }
}
