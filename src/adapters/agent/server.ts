/**
 * The scripted model server (docs/guide/agent.md): an HTTP server on 127.0.0.1 that plays
 * the model for agent CLIs. It never runs a model and never forwards anything: it answers each
 * agent-loop request with the next read the kit asks for as one tool call, or a fixed text that
 * ends the session. Side requests (titles, summaries: no read tool offered) get a fixed text. A
 * retry of a turn already answered gets the same reply. Each worker's CLI uses its own base URL
 * path (/w/<worker>), so one server serves every worker of a history.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { listenUnix } from './relay.ts';
import { SSE_HEADERS } from './wire/framing.ts';
import { WIRES, type AgentWire } from './wire/index.ts';
import type { LoopRequest, Reply, Wire } from './wire/wire.ts';

/** A fault the server saw that ends the run (a request it cannot parse). */
export class WireFault extends Error {}

/** The harmless text every side request and every session end gets. */
export const END_TEXT = 'Done.';
/** The summary a compaction's summary request gets (fixed: the kit never runs a model). */
export const SUMMARY_TEXT = '<summary>The worker read the files the tool calls named.</summary>';

/** A loop request waiting for the kit's reply. */
export interface Parked {
  readonly req: LoopRequest;
  readonly res: ServerResponse;
}

/** One worker's end of the server: its loop requests in order, each answered once. */
export class WorkerLine {
  readonly #replies = new Map<number, Reply>();
  readonly #waiting: ((p: Parked | Error) => void)[] = [];
  readonly #queue: (Parked | Error)[] = [];
  requests = 0;
  sideRequests = 0;

  constructor(readonly wire: AgentWire) {}

  /** The next loop request not yet answered (rejects when the server saw a fault or `why` fires). */
  next(): Promise<Parked> {
    const q = this.#queue.shift();
    if (q !== undefined) return q instanceof Error ? Promise.reject(q) : Promise.resolve(q);
    return new Promise((resolve, reject) => this.#waiting.push((p) => (p instanceof Error ? reject(p) : resolve(p))));
  }

  fail(e: Error): void {
    this.#push(e);
  }

  #push(p: Parked | Error): void {
    const w = this.#waiting.shift();
    if (w !== undefined) w(p);
    else this.#queue.push(p);
  }

  /** A compaction starts a new message list: turn counts repeat, and are new turns, not retries. */
  newEpoch(): void {
    this.#replies.clear();
  }

  answer(p: Parked, reply: Reply): void {
    this.#replies.set(p.req.turns, reply);
    send(p.res, this.wire, reply);
  }

  /** A loop request: a retry of an answered turn gets the same reply; a new turn waits for the kit. */
  arrive(req: LoopRequest, res: ServerResponse): void {
    this.requests++;
    const again = this.#replies.get(req.turns);
    if (again !== undefined) send(res, this.wire, again);
    else this.#push({ req, res });
  }
}

function send(res: ServerResponse, wire: AgentWire, reply: Reply): void {
  res.writeHead(200, SSE_HEADERS);
  res.end(WIRES[wire].events(reply));
}

/** A side request's body, or null when it is not JSON (still answered harmlessly). */
function looseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

export interface ModelServerOptions {
  readonly wire: AgentWire;
  readonly readTool: string;
  /** A side request's reply other than the fixed text (a CLI's own summarizer request), or undefined. */
  readonly side?: (body: unknown) => Reply | undefined;
  /** A loop request the server answers itself (a compaction's summary request), or undefined. */
  readonly own?: (req: LoopRequest) => Reply | undefined;
}

/** The server of one history: `line(worker)` is a worker's end; `url(worker)` its base URL. */
export class ModelServer {
  readonly #server: Server;
  readonly #lines = new Map<string, WorkerLine>();
  #port = 0;
  #unix: NetServer | undefined;
  /** Requests to paths no worker owns, or unparseable: the first problem ends the run. */
  fault: string | undefined;
  sideRequests = 0;

  constructor(readonly o: ModelServerOptions) {
    this.#server = createServer((req, res) => this.#handle(req, res));
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#port = (this.#server.address() as AddressInfo).port;
  }

  /** Serves on a Unix socket too (`run --agent --isolate`: src/adapters/agent/relay.ts). */
  async listenUnix(file: string): Promise<void> {
    this.#unix = await listenUnix(this.#server, file);
  }

  get port(): number {
    return this.#port;
  }

  line(worker: string): WorkerLine {
    let l = this.#lines.get(worker);
    if (l === undefined) this.#lines.set(worker, (l = new WorkerLine(this.o.wire)));
    return l;
  }

  url(worker: string): string {
    return `http://127.0.0.1:${this.#port}/w/${encodeURIComponent(worker)}`;
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/w\/([^/]+)(\/.*)$/.exec(req.url ?? '');
      const line = m !== null ? this.#lines.get(decodeURIComponent(m[1]!)) : undefined;
      if (m === null || line === undefined) {
        res.writeHead(404).end();
        return;
      }
      this.#serve(line, req.method, m[2]!.split('?')[0]!, Buffer.concat(chunks), res);
    });
  }

  /** A request to a worker's `path` (no query): a loop request, a side request, another endpoint or a fault. */
  #serve(line: WorkerLine, method: string | undefined, path: string, raw: Buffer, res: ServerResponse): void {
    const wire: Wire = WIRES[this.o.wire];
    // Other endpoints of a wire (Gemini's side questions, countTokens): answered by the wire, never judged.
    const aside = wire.route?.(method, path);
    if (aside?.kind === 'answer') return this.#answerAside(line, res, aside.status, aside.body(looseJson(raw)));
    if (method !== 'POST' || !wire.endpoint(path)) {
      // Endpoints a CLI may probe (count_tokens, model lists): refused, never judged.
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"type":"error","error":{"type":"not_found_error","message":"not served"}}');
      return;
    }
    const head = JSON.stringify(raw.subarray(0, 120).toString('utf8'));
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return this.#fault(line, res, `the CLI sent a request that is not JSON: ${head}`);
    }
    const parsed = wire.parse(body, this.o.readTool);
    if (parsed === 'side') {
      this.sideRequests++;
      line.sideRequests++;
      send(res, this.o.wire, this.o.side?.(body) ?? { kind: 'text', text: END_TEXT });
      return;
    }
    if (typeof parsed === 'string')
      return this.#fault(line, res, `the CLI sent a request the profile cannot parse (${parsed}): ${head}`);
    const own = this.o.own?.({ ...parsed, body });
    if (own !== undefined) {
      this.sideRequests++;
      line.sideRequests++;
      send(res, this.o.wire, own);
      return;
    }
    line.arrive({ ...parsed, body }, res);
  }

  #answerAside(line: WorkerLine, res: ServerResponse, status: number, text: string): void {
    this.sideRequests++;
    line.sideRequests++;
    res.writeHead(status, { 'content-type': 'application/json' }).end(text);
  }

  #fault(line: WorkerLine, res: ServerResponse, why: string): void {
    this.fault ??= why;
    res.writeHead(400).end();
    line.fail(new WireFault(why));
  }

  async close(): Promise<void> {
    this.#unix?.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
