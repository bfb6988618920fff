/**
 * The agent driver (`run --agent <name>`, README "Check an agent CLI"): the kit plays the model for
 * a real agent CLI. One CLI process per worker for the whole history, each with a fresh HOME and
 * TMPDIR, its base URL on the kit's model server (src/adapters/agent/server.ts) and its proxy the
 * loopback trap (src/adapters/agent/proxy.ts). A read is the server's answer to the CLI's pending
 * request: the read tool call; the worker's text is the tool result the CLI sends in its next
 * request, normalised by the profile. The history's writes land in the sandbox (its cwd) between
 * turns, with exact mtimes. Judged by the one oracle, like the hook and MCP drivers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Claim } from '../../core/claims.ts';
import type { LeverName } from '../../core/levers.ts';
import { UsageError } from '../../core/errors.ts';
import { resolvePath } from '../../core/paths.ts';
import { boundedText } from '../../harness/host-tool.ts';
import { AdapterError } from '../../core/errors.ts';
import { ClaimQueue, TextQueue } from '../claim-queue.ts';
import type { RawToolResult } from '../../core/trace.ts';
import { shellWord } from '../command.ts';
import type { Capabilities, DecodingHistoryHandle, ReadArgs, WorkerShim } from '../contract.ts';
import type { ForgetResult } from '../../core/contract.ts';
import {
  DEFAULT_DRIVER_LEVERS,
  describeLevers,
  quoted,
  serialQueue,
  type DriverAdapter,
  type HostReport,
} from '../drivers/driver.ts';
import { ScratchHome } from '../drivers/home.ts';
import { onKitExit } from '../process/cleanup.ts';
import { Sandbox } from '../process/sandbox.ts';
import type { AgentProfile, AgentResultInfo } from './profile.ts';
import { ProxyTrap } from './proxy.ts';
import { relayCommand, relaySocket } from './relay.ts';
import { spawnSubject, type Isolation } from '../isolate.ts';
import { ModelServer, WireFault, END_TEXT, SUMMARY_TEXT, type WorkerLine } from './server.ts';
import { defined } from '../../core/defined.ts';

/** Per turn (a request of the CLI), in ms: past it the run ends with exit 2. */
export const DEFAULT_TURN_TIMEOUT_MS = 30_000;
/** The first request comes after the CLI started (about a second for Claude Code, five for qwen-code). */
export const START_TIMEOUT_MS = 60_000;
/** How long a CLI gets to exit after its session ended and stdin closed, before its group is killed. */
const EXIT_GRACE_MS = 3_000;
/** Where dev/scripts/install-agent-clis.sh installs the pinned CLIs. */
export const INSTALL_DIR = '.agent-clis';

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

/** The executable for a profile: --agent-command, else .agent-clis/node_modules/.bin/<binary>, else PATH. */
export function resolveAgentCommand(p: AgentProfile, command: string | undefined, cwd: string): string {
  if (command !== undefined) return command;
  const local = resolve(cwd, INSTALL_DIR, 'node_modules', '.bin', p.binary);
  if (existsSync(local)) return shellWord(local);
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir !== '' && existsSync(join(dir, p.binary))) return shellWord(join(dir, p.binary));
  throw new UsageError(
    `run: ${p.name} is not installed (no ${p.binary} in ${INSTALL_DIR}/node_modules/.bin or on PATH): install it with "npm install --prefix .agent-clis ${p.package}@${p.version}" (in a checkout: dev/scripts/install-agent-clis.sh ${p.name}), or give --agent-command`,
  );
}

/** `<command> --version`, first line, or a reason it failed. */
export async function askVersion(
  command: string,
  env: NodeJS.ProcessEnv,
  isolated?: { readonly isolation: Isolation; readonly home: string; readonly readable: readonly string[] },
): Promise<string> {
  return new Promise((done) => {
    const child =
      isolated === undefined
        ? spawn(`${command} --version`, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env })
        : spawnSubject({
            command: `${command} --version`,
            cwd: isolated.home,
            env,
            writable: [isolated.home],
            readable: isolated.readable,
            isolation: isolated.isolation,
          });
    child.stdin?.end();
    child.stderr.resume();
    let out = '';
    const kill = (): void => {
      try {
        process.kill(-child.pid!, 'SIGKILL'); // the group: a shell and what it started
      } catch {
        // gone
      }
    };
    const unregister = onKitExit(kill);
    const timer = setTimeout(kill, START_TIMEOUT_MS); // a CLI's start is slow on a loaded machine
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      unregister();
      done(code === 0 && out.trim() !== '' ? out.trim().split('\n')[0]! : `unknown (--version exited ${String(code)})`);
    });
  });
}

const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/** One CLI process playing one worker. */
class AgentProcess {
  readonly #child: ChildProcess;
  readonly #unregister: () => void;
  #stderr = '';
  #exit: string | undefined;
  readonly #exited: Promise<void>;
  #current: Awaited<ReturnType<WorkerLine['next']>> | undefined;

  constructor(
    readonly o: {
      command: string;
      args: readonly string[];
      cwd: string;
      env: NodeJS.ProcessEnv;
      line: WorkerLine;
      label: string;
      timeoutMs: number;
      /** Under --isolate: the relay's socket directory and ports, the directories it writes and reads. */
      isolated?: {
        isolation: Isolation;
        relayDir: string;
        ports: readonly number[];
        writable: readonly string[];
        readable: readonly string[];
      };
    },
  ) {
    const cmd = `${o.command} ${o.args.map(shellWord).join(' ')}`;
    const iso = o.isolated;
    this.#child =
      iso === undefined
        ? spawn(cmd, { shell: true, detached: true, cwd: o.cwd, env: o.env, stdio: ['pipe', 'ignore', 'pipe'] })
        : spawnSubject({
            command: relayCommand(iso.relayDir, iso.ports, cmd, shellWord),
            cwd: o.cwd,
            env: o.env,
            writable: [...iso.writable, iso.relayDir],
            readable: iso.readable,
            isolation: iso.isolation,
          });
    this.#child.stdout?.resume();
    this.#unregister = onKitExit(() => this.#kill());
    this.#exited = new Promise((r) => {
      this.#child.on('exit', (code, signal) => {
        this.#exit = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
        r();
      });
      this.#child.on('error', (e) => {
        this.#exit ??= `could not be started (${e.message})`;
        r();
      });
    });
    this.#child.stderr!.on('data', (c: Buffer) => (this.#stderr = (this.#stderr + c.toString('utf8')).slice(-2000)));
    this.#child.stdin!.on('error', () => undefined);
  }

  send(line: string): void {
    this.#child.stdin!.write(`${line}\n`);
  }

  /** Closes stdin (a CLI whose prompt is an argument reads stdin to its end first). */
  endInput(): void {
    this.#child.stdin!.end();
  }

  #why(what: string): string {
    const tail = this.#stderr.trim();
    return `${this.#exit ?? 'stopped'} while the kit waited for ${what}${tail !== '' ? `; stderr: ${JSON.stringify(tail.slice(-300))}` : ''}`;
  }

  /** The next loop request, or an AdapterError: the CLI exited, hung, or sent what cannot be parsed. */
  async next(what: string, ms: number): Promise<NonNullable<AgentProcess['current']>> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.o.line.next().catch((e: unknown) => {
          throw e instanceof WireFault ? new AdapterError(`${this.o.label}: ${e.message}`) : e;
        }),
        this.#exited.then(() => {
          throw new AdapterError(`${this.o.label} ${this.#why(what)}`);
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new AdapterError(
                  `${this.o.label} sent no request within ${ms} ms while the kit waited for ${what} (a hung CLI; --timeout sets the per-turn limit)`,
                ),
              ),
            ms,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  get current(): Awaited<ReturnType<WorkerLine['next']>> | undefined {
    return this.#current;
  }
  set current(p: Awaited<ReturnType<WorkerLine['next']>> | undefined) {
    this.#current = p;
  }

  /** Ends the session with a plain text answer, closes stdin, waits a grace, kills the group. */
  async close(): Promise<void> {
    if (this.#current !== undefined && this.#exit === undefined)
      this.o.line.answer(this.#current, { kind: 'text', text: END_TEXT });
    this.#current = undefined;
    this.#child.stdin!.end();
    await Promise.race([this.#exited, new Promise((r) => setTimeout(r, EXIT_GRACE_MS).unref())]);
    this.#kill();
    this.#unregister();
  }

  #kill(): void {
    const pid = this.#child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
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

export function openAgentAdapter(o: AgentDriverOptions): DriverAdapter {
  const p = o.profile;
  const cwd = o.cwd ?? process.cwd();
  const command = resolveAgentCommand(p, o.command, cwd);
  const timeoutMs = o.timeoutMs ?? DEFAULT_TURN_TIMEOUT_MS;
  // An explicit --timeout bounds the first request too (a CLI that never asks fails that fast).
  const startMs = o.timeoutMs ?? START_TIMEOUT_MS;
  const levers = o.levers ?? DEFAULT_DRIVER_LEVERS;
  // Read-only inside the sandbox even where they lie in the caller's (hidden) HOME: the kit's node
  // (the relay runs on it) and the directory the default CLI install is found from.
  const readable = [dirname(dirname(process.execPath)), cwd];
  const nonce = randomBytes(4).toString('hex');
  let toolUses = 0;
  const turnMs: number[] = [];
  const refused = new Map<string, number>();
  const counts = {
    workers: 0,
    reads: 0,
    toolResults: 0,
    stubs: 0,
    refusals: 0,
    sideRequests: 0,
    requests: 0,
    compactions: 0,
    reattached: 0,
  };
  let version: string | undefined;

  const capabilities = agentCapabilities(p, levers);

  const history = async (): Promise<DecodingHistoryHandle> => {
    const sandbox = new Sandbox(o.sandboxDir);
    const root = sandbox.root;
    const server = new ModelServer({ wire: p.wire, readTool: p.readTool.name });
    // Under --isolate the trap runs on the caller's loopback: it tunnels the model server's port only.
    const tunnelled = new Set<number>();
    const proxy = new ProxyTrap(o.isolation !== undefined ? tunnelled : undefined);
    const relayDir = o.isolation !== undefined ? mkdtempSync(join(tmpdir(), 'readshim-relay-')) : undefined;
    const dropRelay = (): void => {
      if (relayDir !== undefined) rmSync(relayDir, { recursive: true, force: true });
    };
    const procs: AgentProcess[] = [];
    const homes: ScratchHome[] = [];
    const claims = new ClaimQueue();
    const raws = new TextQueue<RawToolResult>();
    const lines: WorkerLine[] = [];
    try {
      await server.listen();
      await proxy.listen();
      tunnelled.add(server.port);
      if (relayDir !== undefined) {
        await server.listenUnix(relaySocket(relayDir, server.port));
        await proxy.listenUnix(relaySocket(relayDir, proxy.port));
      }
    } catch (e) {
      await server.close().catch(() => undefined);
      await proxy.close().catch(() => undefined);
      dropRelay();
      sandbox.remove();
      throw new AdapterError(`cannot listen on 127.0.0.1: ${(e as Error).message}`);
    }
    if (version === undefined) {
      // Asked in a scratch HOME with the profile's env, behind the trap: a CLI's --version may write
      // state into HOME (gemini-cli does) or phone home, and the caller's HOME is never touched.
      const vh = new ScratchHome(o.sandboxDir);
      try {
        const vinfo = { baseUrl: server.url('--version'), proxyUrl: proxy.url, home: vh.path, tmp: vh.path, root };
        version = await askVersion(
          command,
          {
            PATH: process.env.PATH ?? '',
            HOME: vh.path,
            TMPDIR: vh.path,
            HTTP_PROXY: proxy.url,
            HTTPS_PROXY: proxy.url,
            http_proxy: proxy.url,
            https_proxy: proxy.url,
            ...p.env(vinfo),
          },
          o.isolation !== undefined ? { isolation: o.isolation, home: vh.path, readable } : undefined,
        );
      } finally {
        vh.remove();
      }
    }

    const contentBytes = (file: string, args: ReadArgs): number => {
      try {
        return Buffer.byteLength(
          boundedText(readFileSync(file, 'utf8'), args.offset, args.limit, p.tool ?? {}),
          'utf8',
        );
      } catch {
        return 0;
      }
    };

    const create = async (ctx: { workerId: string }): Promise<WorkerShim> => {
      counts.workers++;
      const home = new ScratchHome(o.sandboxDir);
      homes.push(home);
      const tmp = join(home.path, '.tmp');
      mkdirSync(tmp);
      const info = { baseUrl: server.url(ctx.workerId), proxyUrl: proxy.url, home: home.path, tmp, root };
      for (const [rel, text] of Object.entries(p.homeFiles?.(info) ?? {})) {
        const f = join(home.path, rel);
        mkdirSync(dirname(f), { recursive: true });
        writeFileSync(f, text);
      }
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH ?? '',
        HOME: home.path,
        TMPDIR: tmp,
        TMP: tmp,
        TEMP: tmp,
        LANG: 'C.UTF-8',
        XDG_CONFIG_HOME: join(home.path, '.config'),
        XDG_CACHE_HOME: join(home.path, '.cache'),
        XDG_DATA_HOME: join(home.path, '.local', 'share'),
        XDG_STATE_HOME: join(home.path, '.local', 'state'),
        HTTP_PROXY: proxy.url,
        HTTPS_PROXY: proxy.url,
        http_proxy: proxy.url,
        https_proxy: proxy.url,
        ALL_PROXY: proxy.url,
        NO_PROXY: '',
        no_proxy: '',
        ...p.env(info),
      };
      const line = server.line(ctx.workerId);
      lines.push(line);
      const label = `${p.name} (worker ${ctx.workerId})`;
      const prompt = `Read the files the tool calls name. (readshim-conformance worker ${ctx.workerId})`;
      const isolated =
        o.isolation !== undefined && relayDir !== undefined
          ? {
              isolation: o.isolation,
              relayDir,
              ports: [server.port, proxy.port],
              writable: [root, home.path],
              readable,
            }
          : undefined;
      const proc = new AgentProcess({
        command,
        args: p.args(prompt),
        cwd: root,
        env,
        line,
        label,
        timeoutMs,
        ...(isolated !== undefined ? { isolated } : {}),
      });
      procs.push(proc);
      if (p.promptVia === 'args') proc.endInput();
      else proc.send(p.userMessage!(prompt));
      let first = true;
      const serial = serialQueue();
      /** The CLI's pending request; the first one is waited for with the start limit. */
      const pending = async (): Promise<NonNullable<AgentProcess['current']>> => {
        const cur =
          proc.current ??
          (await proc.next(
            first ? 'its first request (a CLI that makes no request at all)' : 'its next request',
            first ? startMs : timeoutMs,
          ));
        first = false;
        proc.current = undefined;
        return cur;
      };
      /** The sandbox's path of a file the CLI names, or undefined outside it. */
      const kitPath = (file: string): string | undefined => {
        const rel = relative(root, file);
        return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split(sep).join('/');
      };
      const compact = p.compact;
      const forget =
        compact === undefined
          ? undefined
          : (path?: string): Promise<ForgetResult> =>
              serial(async () => {
                if (path !== undefined)
                  throw new AdapterError(`${label}: a compaction forgets the whole worker, not ${path} (a kit bug)`);
                // End the turn, ask for the compaction and queue the next prompt behind it.
                line.answer(await pending(), { kind: 'text', text: END_TEXT });
                line.newEpoch();
                proc.send(compact.command);
                proc.send(p.userMessage!(prompt));
                counts.compactions++;
                for (;;) {
                  const req = await proc.next(
                    'its summary request or its first request after the compaction',
                    timeoutMs,
                  );
                  if (compact.isSummary(req.req)) {
                    line.answer(req, { kind: 'text', text: SUMMARY_TEXT });
                    line.newEpoch();
                    continue;
                  }
                  proc.current = req;
                  // Held again only when the CLI re-attached the whole file as its read tool shows it now.
                  const reattached: string[] = [];
                  for (const { file, raw } of compact.reattached(req.req.body)) {
                    const rel = kitPath(file);
                    if (rel === undefined || reattached.includes(rel)) continue;
                    const args = { path: rel };
                    const info: AgentResultInfo = { isError: false, args, contentBytes: contentBytes(file, args) };
                    const norm = p.normalize(raw, info);
                    let now: string | undefined;
                    try {
                      now = boundedText(readFileSync(file, 'utf8'), undefined, undefined, p.tool ?? {});
                    } catch {
                      now = undefined;
                    }
                    if ('text' in norm && norm.text === now) reattached.push(rel);
                  }
                  counts.reattached += reattached.length;
                  return { reattached };
                }
              });
      return {
        ...defined({ forget }),
        read: (args: ReadArgs) =>
          serial(async () => {
            const file = join(root, resolvePath(args.path));
            const cur = await pending();
            const id = `toolu_01readshim${nonce}${String(++toolUses).padStart(6, '0')}`;
            const input = p.readTool.input(args, file);
            const t0 = performance.now();
            line.answer(cur, { kind: 'tool', id, name: p.readTool.name, input });
            counts.reads++;
            const next = await proc.next(`the tool result of ${p.readTool.name} ${JSON.stringify(input)}`, timeoutMs);
            turnMs.push(performance.now() - t0);
            proc.current = next;
            const r = next.req.results.get(id);
            if (r === undefined)
              throw new AdapterError(
                `${label}: its next request carried no tool result for ${id} (${p.readTool.name} of ${args.path})`,
              );
            counts.toolResults++;
            const rinfo: AgentResultInfo = { isError: r.isError, args, contentBytes: contentBytes(file, args) };
            const norm = p.normalize(r.raw, rinfo);
            if ('problem' in norm)
              throw new AdapterError(
                `${label}: the profile cannot read the tool result of ${args.path}: ${norm.problem}`,
              );
            const claim: Claim | undefined = p.decode(norm.text, rinfo);
            if (claim === undefined && r.isError)
              throw new AdapterError(
                `${label}: an error result the profile does not decode (${args.path}): ${JSON.stringify(norm.text.slice(0, 300))}`,
              );
            if (claim?.kind === 'pointer') counts.stubs++;
            if (claim?.kind === 'refusal') counts.refusals++;
            claims.put(norm.text, claim);
            raws.put(norm.text, { text: r.raw, ...(r.isError ? { isError: true as const } : {}) });
            return norm.text;
          }),
      };
    };

    let closed = false;
    return {
      opTimeoutMs: startMs + timeoutMs,
      injectsFailures: false,
      create,
      write: (path, content, mtimeMs) => sandbox.write(path, content, mtimeMs),
      delete: (path) => sandbox.delete(path),
      decode: (text) => claims.take(text),
      raw: (text) => raws.take(text),
      async close() {
        if (closed) return;
        closed = true;
        await Promise.all(procs.map((x) => x.close()));
        counts.sideRequests += server.sideRequests;
        counts.requests += server.sideRequests + lines.reduce((a, l) => a + l.requests, 0);
        for (const [d, n] of proxy.refused) refused.set(d, (refused.get(d) ?? 0) + n);
        await server.close().catch(() => undefined);
        await proxy.close().catch(() => undefined);
        for (const h of homes) h.remove();
        dropRelay();
        sandbox.remove();
      },
    };
  };

  const assumptions = (): string[] => [
    `Agent CLI: ${p.name} (${p.package}, pinned ${p.version}), run as ${quoted(command)}; version ${version ?? 'not asked yet'}; profile ${o.profileSource}.`,
    `The kit plays the model: a scripted server on 127.0.0.1 (${p.wire}) answers each agent-loop request with the history's next read as one ${p.readTool.name} call and ends each session with a plain text; side requests (no ${p.readTool.name} tool offered) get a fixed text; a retried turn gets the same reply. The worker's text is the tool result the CLI sends in its next request, after the profile's normalisation.`,
    `One CLI process per worker for the whole history, each with a fresh HOME and TMPDIR; the history's files in a sandbox (its cwd), written between turns with exact mtimes. HTTP(S)_PROXY is a loopback trap that tunnels only 127.0.0.1; refused destinations: ${refused.size === 0 ? 'none' : [...refused].map(([d, n]) => `${d} (${n})`).join(', ')}.`,
    `Per-turn limit ${timeoutMs} ms (--timeout); the first request may take ${startMs} ms.`,
    ...(p.compact !== undefined
      ? [
          `A forget is a real compaction of the whole worker: the kit ends the CLI's turn, sends its compaction command (${p.compact.command}) and the prompt again, answers the summary request with a fixed text, and reads the files the CLI re-attached from its next request; a file re-attached whole, as its read tool shows it now, is held again (observed: ${counts.compactions} compactions, ${counts.reattached} files re-attached), never a declared count.`,
        ]
      : [
          `No compaction is driven (${p.cannot.forget ?? 'the profile has no compact command'}): histories hold no forget, and FORGET-RESETS is not judged.`,
        ]),
    ...(p.cannot.windows !== undefined ? [`No windows: ${p.cannot.windows}.`] : []),
    ...(o.isolation !== undefined
      ? [
          `Under --isolate each CLI process (and its --version) runs in bubblewrap with the profile's environment above (not the caller's); its 127.0.0.1 is its own, where a relay run on the kit's node (${process.execPath}) carries only the model server's and the proxy trap's ports to the kit over Unix sockets, and the trap tunnels only the model server's port; read-only even inside a hidden HOME: ${readable.join(', ')}.`,
        ]
      : []),
    ...p.assumptions,
    describeLevers(levers, undefined),
  ];

  const adapter: DriverAdapter = {
    name: `agent:${p.name}`,
    capabilities,
    get assumptions() {
      return assumptions();
    },
    openHistory: history,
    host: (): HostReport => ({
      played: `the model of ${p.name} ${version ?? ''}`.trim(),
      counts: {
        ...counts,
        refusedDestinations: [...refused.values()].reduce((a, b) => a + b, 0),
        medianTurnMs: Math.round(median(turnMs) * 10) / 10,
      },
    }),
    failure: () =>
      counts.workers > 0 && counts.reads === 0 ? new AdapterError(`${p.name} was never asked to read`) : undefined,
  };
  return adapter;
}
