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
import type { AgentWire } from './profile.ts';
import { geminiEvents, geminiRoute, parseGemini, type GeminiRoute } from './wire/gemini.ts';
import { OPENAI_CHAT_PATH, openaiChatEvents, parseOpenAIChat } from './wire/openai-chat.ts';
import { fieldText } from './wire/text.ts';

/** What a loop request carried back: the tool result for the last tool call, if any. */
export interface ToolResult {
  readonly id: string;
  readonly raw: string;
  readonly isError: boolean;
}

export interface LoopRequest {
  /** Messages in the request (a retry repeats the count). */
  readonly turns: number;
  /** Tool results in the last user message, by tool-use id. */
  readonly results: ReadonlyMap<string, ToolResult>;
  /** The text of the last user message's text blocks (reminders the CLI re-attached, summaries). */
  readonly userText: string;
  /** The parsed request body (a profile reads what a CLI re-attached after a compaction from it). */
  readonly body?: unknown;
}

export type Reply =
  | {
      readonly kind: 'tool';
      readonly id: string;
      readonly name: string;
      readonly input: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'text'; readonly text: string };

/** A fault the server saw that ends the run (a request it cannot parse). */
export class WireFault extends Error {}

/** The harmless text every side request and every session end gets. */
export const END_TEXT = 'Done.';
/** The summary a compaction's summary request gets (fixed: the kit never runs a model). */
export const SUMMARY_TEXT = '<summary>The worker read the files the tool calls named.</summary>';

interface Parked {
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

/** Each wire: its endpoint (the path below a worker's base URL), request parser and streamed reply. */
interface Wire {
  /** The path of the agent loop's model request. */
  endpoint(path: string): boolean;
  /** The wire's other endpoints, answered harmlessly (undefined: only the loop's endpoint is served). */
  route?(method: string | undefined, path: string): GeminiRoute;
  parse(body: unknown, readTool: string): LoopRequest | 'side' | string;
  events(reply: Reply): string;
}

const WIRES: Readonly<Record<AgentWire, Wire>> = {
  'anthropic-messages': {
    endpoint: (p) => p === '/v1/messages',
    parse: (b, t) => parseAnthropic(b, t),
    events: (r) => anthropicEvents(r),
  },
  'openai-chat': { endpoint: (p) => p === OPENAI_CHAT_PATH, parse: parseOpenAIChat, events: openaiChatEvents },
  gemini: {
    endpoint: (p) => geminiRoute('POST', p).kind === 'model',
    route: geminiRoute,
    parse: parseGemini,
    events: geminiEvents,
  },
};

function send(res: ServerResponse, wire: AgentWire, reply: Reply): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  res.end(WIRES[wire].events(reply));
}

const sse = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Anthropic Messages streamed: one content block holding the whole tool input (or the text). */
export function anthropicEvents(reply: Reply): string {
  const id = `msg_readshim_${reply.kind === 'tool' ? reply.id : 'text'}`;
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const start = sse('message_start', {
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: 'readshim-scripted',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
  const block =
    reply.kind === 'tool'
      ? [
          sse('content_block_start', {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'tool_use', id: reply.id, name: reply.name, input: {} },
          }),
          sse('content_block_delta', {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'input_json_delta', partial_json: JSON.stringify(reply.input) },
          }),
        ]
      : [
          sse('content_block_start', {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'text', text: '' },
          }),
          sse('content_block_delta', {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'text_delta', text: reply.text },
          }),
        ];
  return [
    start,
    ...block,
    sse('content_block_stop', { type: 'content_block_stop', index: 0 }),
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: reply.kind === 'tool' ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: 1 },
    }),
    sse('message_stop', { type: 'message_stop' }),
  ].join('');
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .map((b) =>
            b !== null && typeof b === 'object' && (b as { type?: unknown }).type === 'text'
              ? fieldText((b as { text?: unknown }).text)
              : '',
          )
          .join('')
      : '';

/** A loop request (it offers `readTool`), or 'side' for a request that does not, or a problem. */
export function parseAnthropic(body: unknown, readTool: string): LoopRequest | 'side' | string {
  if (body === null || typeof body !== 'object') return 'the body is not a JSON object';
  const b = body as { tools?: unknown; messages?: unknown };
  if (!Array.isArray(b.messages)) return 'the body has no messages array';
  const tools = Array.isArray(b.tools) ? b.tools : [];
  if (!tools.some((t) => t !== null && typeof t === 'object' && (t as { name?: unknown }).name === readTool))
    return 'side';
  const last = b.messages[b.messages.length - 1] as { role?: unknown; content?: unknown } | undefined;
  const results = new Map<string, ToolResult>();
  let userText = '';
  if (last !== undefined && last.role === 'user' && Array.isArray(last.content)) {
    for (const blk of last.content as Record<string, unknown>[]) {
      if (blk?.type === 'tool_result' && typeof blk.tool_use_id === 'string')
        results.set(blk.tool_use_id, { id: blk.tool_use_id, raw: textOf(blk.content), isError: blk.is_error === true });
      else if (blk?.type === 'text') userText += fieldText(blk.text);
    }
  } else if (last !== undefined) userText = textOf(last.content);
  return { turns: b.messages.length, results, userText };
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
      const raw = Buffer.concat(chunks);
      const m = /^\/w\/([^/]+)(\/.*)$/.exec(req.url ?? '');
      const line = m !== null ? this.#lines.get(decodeURIComponent(m[1]!)) : undefined;
      if (m === null || line === undefined) {
        res.writeHead(404).end();
        return;
      }
      const path = m[2]!.split('?')[0]!;
      // Other endpoints of a wire (Gemini's side questions, countTokens): answered by the wire, never judged.
      const aside = WIRES[this.o.wire].route?.(req.method, path);
      if (aside?.kind === 'answer') return this.#answerAside(line, res, aside.status, aside.body(looseJson(raw)));
      if (req.method !== 'POST' || !WIRES[this.o.wire].endpoint(path)) {
        // Endpoints a CLI may probe (count_tokens, model lists): refused, never judged.
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"type":"error","error":{"type":"not_found_error","message":"not served"}}');
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return this.#fault(
          line,
          res,
          `the CLI sent a request that is not JSON: ${JSON.stringify(raw.subarray(0, 120).toString('utf8'))}`,
        );
      }
      const parsed = WIRES[this.o.wire].parse(body, this.o.readTool);
      if (typeof parsed === 'string' && parsed !== 'side')
        return this.#fault(
          line,
          res,
          `the CLI sent a request the profile cannot parse (${parsed}): ${JSON.stringify(raw.subarray(0, 120).toString('utf8'))}`,
        );
      if (parsed === 'side') {
        this.sideRequests++;
        line.sideRequests++;
        send(res, this.o.wire, { kind: 'text', text: END_TEXT });
        return;
      }
      line.arrive({ ...parsed, body }, res);
    });
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
