/**
 * The Gemini wire of the scripted model server (src/adapters/agent/server.ts, docs/guide/agent.md):
 * `POST …/v1beta/models/<model>:streamGenerateContent?alt=sse` streams
 * GenerateContentResponse chunks as server-sent events; a tool call is one `functionCall` part and
 * the CLI sends its result back as a `functionResponse` part. Other endpoints a Gemini client calls
 * (`:generateContent` for its side questions, `:countTokens`) are answered harmlessly here and never
 * reach the kit. Types are hand-written: only the fields the server reads or writes.
 */

import { bodyList, fieldText, offers, sseJson } from './framing.ts';
import type { Parsed, Reply, ToolResult, Wire, WireRoute } from './wire.ts';

/** A part of a Gemini `Content` (the fields the server reads). */
export interface GeminiPart {
  readonly text?: string;
  readonly functionCall?: {
    readonly id?: string;
    readonly name: string;
    readonly args: Readonly<Record<string, unknown>>;
  };
  readonly functionResponse?: {
    readonly id?: string;
    readonly name?: string;
    readonly response?: Readonly<Record<string, unknown>>;
  };
}
export interface GeminiContent {
  readonly role?: string;
  readonly parts?: readonly GeminiPart[];
}
/** One streamed chunk (GenerateContentResponse). */
export interface GeminiChunk {
  readonly candidates: readonly {
    readonly content: GeminiContent;
    readonly finishReason: 'STOP';
    readonly index: number;
  }[];
  readonly usageMetadata: {
    readonly promptTokenCount: number;
    readonly candidatesTokenCount: number;
    readonly totalTokenCount: number;
  };
  readonly modelVersion: string;
  readonly responseId: string;
}

const USAGE = { promptTokenCount: 10, candidatesTokenCount: 1, totalTokenCount: 11 };

/** The chunk of a reply: the whole tool call in one `functionCall` part (or the text), finished. */
export function geminiChunk(reply: Reply): GeminiChunk {
  const part: GeminiPart =
    reply.kind === 'tool'
      ? { functionCall: { id: reply.id, name: reply.name, args: reply.input } }
      : { text: reply.text };
  return {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: USAGE,
    modelVersion: 'readshim-scripted',
    responseId: `readshim_${reply.kind === 'tool' ? reply.id : 'text'}`,
  };
}

/** The SSE body of a streamed reply: one `data:` event. */
export function geminiEvents(reply: Reply): string {
  return sseJson(geminiChunk(reply), { eol: '\r\n' });
}

/**
 * A side question's answer (`:generateContent`): a JSON text when the request asks for JSON (the
 * CLI's loop-detection and next-speaker checks), so that each reads "no loop", "the user speaks".
 */
export function geminiSideText(body: unknown): string {
  const cfg = (
    body as {
      generationConfig?: { responseMimeType?: unknown; responseJsonSchema?: unknown; responseSchema?: unknown };
    } | null
  )?.generationConfig;
  if (cfg?.responseMimeType !== 'application/json') return 'Done.';
  const schema = (cfg.responseJsonSchema ?? cfg.responseSchema) as
    { properties?: Record<string, { type?: unknown }> } | undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema?.properties ?? {})) {
    const t = fieldText(v?.type).toLowerCase();
    out[k] =
      k === 'next_speaker'
        ? 'user'
        : t === 'number' || t === 'integer'
          ? 0
          : t === 'boolean'
            ? false
            : t === 'array'
              ? []
              : t === 'object'
                ? {}
                : 'no';
  }
  return JSON.stringify(out);
}

/** `path` (no query) → the model endpoint, or a harmless answer for the others Gemini clients call. */
export function geminiRoute(method: string | undefined, path: string): WireRoute {
  const m = /^\/v1(?:beta|alpha)?\/models\/[^/:]+:([A-Za-z]+)$/.exec(path);
  const op = method === 'POST' ? m?.[1] : undefined;
  if (op === 'streamGenerateContent') return { kind: 'model' };
  if (op === 'countTokens') return { kind: 'answer', status: 200, body: () => JSON.stringify({ totalTokens: 10 }) };
  if (op === 'generateContent')
    return {
      kind: 'answer',
      status: 200,
      body: (b) =>
        JSON.stringify({ ...geminiChunk({ kind: 'text', text: geminiSideText(b) }), responseId: 'readshim_side' }),
    };
  return {
    kind: 'answer',
    status: 404,
    body: () =>
      JSON.stringify({ error: { code: 404, message: 'not served by the readshim model server', status: 'NOT_FOUND' } }),
  };
}

/** A functionResponse's text: `response.output` (a string), else its `error`; and whether it is an error. */
function resultOf(r: Readonly<Record<string, unknown>> | undefined): { raw: string; isError: boolean } {
  const output = r?.output;
  const error = r?.error;
  const raw =
    typeof output === 'string'
      ? output
      : typeof error === 'string'
        ? error
        : error !== undefined
          ? JSON.stringify(error)
          : '';
  return { raw, isError: error !== undefined };
}

/**
 * A loop request (it declares `readTool` among its function declarations), 'side' for one that
 * does not, or a problem. gemini-cli prefixes call ids with `<tool>__`; the prefix is removed so
 * the kit finds its own id.
 */
export function parseGemini(body: unknown, readTool: string): Parsed {
  const contents = bodyList(body, 'contents', { arrays: true });
  if (typeof contents === 'string') return contents;
  const declared = (t: Readonly<Record<string, unknown>>): readonly unknown[] =>
    Array.isArray(t.functionDeclarations) ? (t.functionDeclarations as { name?: unknown }[]).map((d) => d?.name) : [];
  if (!offers((body as { tools?: unknown }).tools, readTool, declared)) return 'side';
  const last = contents[contents.length - 1] as GeminiContent | undefined;
  const results = new Map<string, ToolResult>();
  let userText = '';
  if (last !== undefined && last.role !== 'model' && Array.isArray(last.parts)) {
    for (const p of last.parts as readonly (GeminiPart | null)[]) {
      const fr = p?.functionResponse;
      if (fr !== undefined && typeof fr.id === 'string') {
        const id = fr.id.startsWith(`${readTool}__`) ? fr.id.slice(readTool.length + 2) : fr.id;
        results.set(id, { id, ...resultOf(fr.response) });
      } else if (typeof p?.text === 'string') userText += p.text;
    }
  }
  return { turns: contents.length, results, userText };
}

export const gemini: Wire = {
  endpoint: (path) => geminiRoute('POST', path).kind === 'model',
  route: geminiRoute,
  parse: parseGemini,
  events: geminiEvents,
};
