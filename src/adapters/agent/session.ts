/**
 * A history of an agent run: its sandbox (the CLIs' cwd), its model server and proxy trap on
 * 127.0.0.1 (under --isolate also on Unix sockets for the relay), and per worker a fresh HOME and
 * one CLI process for the whole history. Closing it ends every CLI, adds the history's requests and
 * refused destinations to the run's counts, and removes every directory it made.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AdapterContext, WorkerShim } from '../../core/contract.ts';
import { AdapterError } from '../../core/errors.ts';
import type { RawToolResult } from '../../core/trace.ts';
import { ClaimQueue, TextQueue } from '../claim-queue.ts';
import { ScratchHome } from '../drivers/home.ts';
import { Sandbox } from '../process/sandbox.ts';
import { CliProcess, type IsolatedCli } from './cli-process.ts';
import { workerEnv } from './env.ts';
import type { AgentEnvInfo } from './profile.ts';
import { ProxyTrap } from './proxy.ts';
import { relaySocket } from './relay.ts';
import type { AgentRun } from './run.ts';
import { ModelServer, SUMMARY_TEXT, type ModelServerOptions, type WorkerLine } from './server.ts';
import type { AgentProfile } from './profile.ts';
import { versionIn } from './version.ts';
import { AgentWorker, type WorkerPlace } from './worker.ts';

/** A history's model server and proxy trap, listening (under --isolate on the relay's sockets too). */
async function listening(
  server: ModelServer,
  proxy: ProxyTrap,
  tunnelled: Set<number>,
  relayDir: string | undefined,
): Promise<void> {
  await server.listen();
  await proxy.listen();
  tunnelled.add(server.port);
  if (relayDir !== undefined) {
    await server.listenUnix(relaySocket(relayDir, server.port));
    await proxy.listenUnix(relaySocket(relayDir, proxy.port));
  }
}

/**
 * The server of a profile: a compaction whose outcome the CLI prints (compact.outcome) has its
 * summary request answered by the server itself while the kit waits for that word, and a CLI's own
 * summarizer side request (compact.isSideSummary) gets the summary and the reported usage.
 */
function serverOptions(p: AgentProfile): ModelServerOptions {
  const c = p.compact;
  const summary = { kind: 'text' as const, text: c?.summaryText ?? SUMMARY_TEXT };
  const withTokens = c?.promptTokens !== undefined ? { ...summary, promptTokens: c.promptTokens } : summary;
  return {
    wire: p.wire,
    readTool: p.readTool.name,
    ...(c?.isSideSummary !== undefined
      ? { side: (body: unknown) => (c.isSideSummary!(body) ? withTokens : undefined) }
      : {}),
    ...(c?.outcome !== undefined ? { own: (req) => (c.isSummary(req) ? summary : undefined) } : {}),
  };
}

export class AgentSession implements WorkerPlace {
  readonly claims = new ClaimQueue();
  readonly raws = new TextQueue<RawToolResult>();
  readonly #procs: CliProcess[] = [];
  readonly #homes: ScratchHome[] = [];
  readonly #lines: WorkerLine[] = [];
  #closed = false;

  private constructor(
    readonly run: AgentRun,
    readonly sandbox: Sandbox,
    readonly server: ModelServer,
    readonly proxy: ProxyTrap,
    /** Under --isolate: where the relay's sockets are. */
    readonly relayDir: string | undefined,
  ) {}

  get root(): string {
    return this.sandbox.root;
  }

  /** A history's sandbox, server and trap (exit 2 if they cannot listen); the first also asks the CLI's version. */
  static async open(run: AgentRun): Promise<AgentSession> {
    const sandbox = new Sandbox(run.sandboxDir);
    const server = new ModelServer(serverOptions(run.profile));
    // Under --isolate the trap runs on the caller's loopback: it tunnels the model server's port only.
    const tunnelled = new Set<number>();
    const proxy = new ProxyTrap(run.isolation !== undefined ? tunnelled : undefined);
    const relayDir = run.isolation !== undefined ? mkdtempSync(join(tmpdir(), 'readshim-relay-')) : undefined;
    const s = new AgentSession(run, sandbox, server, proxy, relayDir);
    try {
      await listening(server, proxy, tunnelled, relayDir);
    } catch (e) {
      await server.close().catch(() => undefined);
      await proxy.close().catch(() => undefined);
      s.#dropRelay();
      sandbox.remove();
      throw new AdapterError(`cannot listen on 127.0.0.1: ${(e as Error).message}`);
    }
    // Asked in a scratch HOME with the profile's env, behind the trap: a CLI's --version may write
    // state into HOME (gemini-cli does) or phone home, and the caller's HOME is never touched.
    run.version ??= await versionIn(run.profile, run.command, {
      baseUrl: server.url('--version'),
      proxyUrl: proxy.url,
      root: sandbox.root,
      sandboxDir: run.sandboxDir,
      isolation: run.isolation,
      readable: run.readable,
    });
    return s;
  }

  /** A worker: a fresh HOME with the profile's files, its CLI started with its prompt. */
  async worker(ctx: AdapterContext): Promise<WorkerShim> {
    const { run } = this;
    const p = run.profile;
    run.counts.workers++;
    const home = new ScratchHome(run.sandboxDir);
    this.#homes.push(home);
    const tmp = join(home.path, '.tmp');
    mkdirSync(tmp);
    const info: AgentEnvInfo = {
      baseUrl: this.server.url(ctx.workerId),
      proxyUrl: this.proxy.url,
      home: home.path,
      tmp,
      root: this.root,
    };
    for (const [rel, text] of Object.entries(p.homeFiles?.(info) ?? {})) {
      const f = join(home.path, rel);
      mkdirSync(dirname(f), { recursive: true });
      writeFileSync(f, text);
    }
    const line = this.server.line(ctx.workerId);
    this.#lines.push(line);
    const label = `${p.name} (worker ${ctx.workerId})`;
    const prompt = `Read the files the tool calls name. (readshim-conformance worker ${ctx.workerId})`;
    const isolated = this.#isolated(home);
    const proc = new CliProcess({
      command: run.command,
      args: p.args(prompt),
      cwd: this.root,
      env: workerEnv(home.path, tmp, this.proxy.url, p.env(info)),
      line,
      label,
      ...(isolated !== undefined ? { isolated } : {}),
      // The CLI's stdout, where it says it halted or whether it compacted (stream-json result lines).
      ...(p.halt !== undefined || p.compact?.outcome !== undefined
        ? { stdout: { ...(p.halt !== undefined ? { halt: (l: unknown) => p.halt!(l) } : {}) } }
        : {}),
    });
    this.#procs.push(proc);
    if (p.promptVia === 'args') proc.endInput();
    else proc.send(p.userMessage!(prompt));
    return new AgentWorker(run, this, { proc, line, label, prompt }).shim();
  }

  #isolated(home: ScratchHome): IsolatedCli | undefined {
    const { isolation, readable } = this.run;
    if (isolation === undefined || this.relayDir === undefined) return undefined;
    const ports = [this.server.port, this.proxy.port];
    return { isolation, relayDir: this.relayDir, ports, writable: [this.root, home.path], readable };
  }

  #dropRelay(): void {
    if (this.relayDir !== undefined) rmSync(this.relayDir, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const { counts } = this.run;
    await Promise.all(this.#procs.map((x) => x.close()));
    counts.sideRequests += this.server.sideRequests;
    counts.requests += this.server.sideRequests + this.#lines.reduce((a, l) => a + l.requests, 0);
    this.run.addRefused(this.proxy.refused);
    await this.server.close().catch(() => undefined);
    await this.proxy.close().catch(() => undefined);
    for (const h of this.#homes) h.remove();
    this.#dropRelay();
    this.sandbox.remove();
  }
}
