/**
 * The processes of a process adapter: each started in a fresh sandbox (files, HOME, TMPDIR) and
 * greeted with hello (docs/reference/protocol.md "hello"); ended without waiting for its exit, which close
 * awaits. The surface process's breach is latched: every later use and the run end with it.
 */
import { AdapterError } from '../../core/errors.ts';
import { KIT_VERSION, SPEC_VERSION } from '../../core/version.ts';
import type { Capabilities } from '../../core/contract.ts';
import { withRoot } from '../command.ts';
import type { Isolation } from '../isolate.ts';
import { Channel } from './channel.ts';
import { PROTOCOL_VERSION, helloFrom, type HelloReply } from './protocol.ts';
import { Sandbox } from './sandbox.ts';

/** One process with its sandbox, handshake under way. */
export interface Live {
  readonly sandbox: Sandbox;
  readonly channel: Channel;
  readonly hello: Promise<HelloReply>;
  /** Its first protocol breach: the history it serves ends with it (exit 2), and no other history does. */
  breach?: AdapterError;
}

export interface LaunchOptions {
  /** The command line, run by the shell, from `cwd`; {root} is the sandbox. */
  readonly command: string;
  readonly cwd: string;
  /** Per-request (and handshake) limit in ms. */
  readonly timeoutMs: number;
  readonly sandboxDir?: string;
  readonly isolation?: Isolation;
}

function sameCapabilities(a: Capabilities, b: Capabilities): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class Processes {
  readonly #o: LaunchOptions;
  /** The surface process's breach: latched, every later use and the run end with it. */
  #failure: AdapterError | undefined;
  readonly #everything = new Set<Live>();
  /** Processes told to exit and not yet gone: a history does not wait for them, close() does. */
  readonly #exiting = new Set<Promise<void>>();
  /** The first process's hello: every later process must answer with the same name and capabilities. */
  #first: HelloReply | undefined;

  constructor(o: LaunchOptions) {
    this.#o = o;
  }

  get failure(): AdapterError | undefined {
    return this.#failure;
  }

  /** The surface process: the handshake that declares the capabilities (ended if it fails). */
  async launchFirst(): Promise<{ readonly live: Live; readonly hello: HelloReply }> {
    const live = this.launch(true);
    try {
      this.#first = await live.hello;
    } catch (e) {
      await this.end(live);
      throw e;
    }
    return { live, hello: this.#first };
  }

  /**
   * Starts a process in a fresh sandbox. A history process's breach belongs to its history alone,
   * so histories judged ahead and then dropped (--jobs) change nothing; `latch` makes it the run's.
   */
  launch(latch: boolean): Live {
    const sandbox = new Sandbox(this.#o.sandboxDir);
    const self: { breach?: AdapterError } = {};
    const onBroken = (e: AdapterError): void => {
      self.breach ??= e;
      if (latch) this.#failure ??= e;
    };
    let channel: Channel;
    try {
      channel = this.#spawn(sandbox, onBroken);
    } catch (e) {
      sandbox.remove();
      throw e;
    }
    const hello = this.#handshake(channel, sandbox.root);
    hello.catch(() => undefined); // observed when the process is taken
    const live: Live = Object.assign(self, { sandbox, channel, hello });
    this.#everything.add(live);
    return live;
  }

  #spawn(sandbox: Sandbox, onBroken: (e: AdapterError) => void): Channel {
    const o = this.#o;
    // {root}: the same directory hello carries (docs/guide/mcp.md "{root}").
    return new Channel({
      command: withRoot(o.command, sandbox.root),
      cwd: o.cwd,
      timeoutMs: o.timeoutMs,
      env: sandbox.env(),
      onBroken,
      ...(o.isolation ? { isolation: o.isolation, writable: [sandbox.root, sandbox.home, sandbox.tmp] } : {}),
    });
  }

  async #handshake(channel: Channel, root: string): Promise<HelloReply> {
    const m = await channel.request('hello', {
      protocol: PROTOCOL_VERSION,
      specVersion: SPEC_VERSION,
      kit: KIT_VERSION,
      root,
    });
    const h = helloFrom(m);
    if (typeof h === 'string') throw channel.fail(h);
    const first = this.#first;
    if (first !== undefined && (h.name !== first.name || !sameCapabilities(h.capabilities, first.capabilities)))
      throw channel.fail(
        `answered hello with a different name or capabilities than its first process (${JSON.stringify(h)} vs ${JSON.stringify(first)})`,
      );
    channel.allowBarrier = h.capabilities.raceBarrier === true;
    return h;
  }

  /** Tells the process to exit and removes its sandbox; close() waits for the exit. */
  async end(live: Live): Promise<void> {
    this.#everything.delete(live);
    const gone = live.channel.close();
    this.#exiting.add(gone);
    void gone.then(() => this.#exiting.delete(gone));
    live.sandbox.remove();
  }

  /** Ends every process still running and waits until all have exited. */
  async close(): Promise<void> {
    await Promise.all([...this.#everything].map((live) => this.end(live)));
    await Promise.all([...this.#exiting]);
  }
}
