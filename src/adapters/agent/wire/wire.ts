/**
 * What a model API is to the kit's scripted model server (src/adapters/agent/server.ts): its loop
 * endpoint, the request it parses into a LoopRequest, and the streamed reply it frames. A new API
 * is one file exporting a `Wire` (shared framing in framing.ts) and one line in index.ts.
 */

/** What a loop request carried back: the tool result for a tool call. */
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

/** The server's answer to a loop request: one whole tool call, or a text. */
export type Reply =
  | {
      readonly kind: 'tool';
      readonly id: string;
      readonly name: string;
      readonly input: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'text';
      readonly text: string;
      /** The prompt tokens the reply's usage reports (default 10; openai-chat: a profile's compact.promptTokens). */
      readonly promptTokens?: number;
    };

/** How the server treats a request path under a worker's base URL. */
export type WireRoute =
  | { readonly kind: 'model' }
  | { readonly kind: 'answer'; readonly status: number; readonly body: (parsed: unknown) => string };

/** A parsed request: a loop request, 'side' (the read tool is not offered), or the problem. */
export type Parsed = LoopRequest | 'side' | string;

export interface Wire {
  /** Whether `path` (below a worker's base URL, no query) is the agent loop's model request. */
  endpoint(path: string): boolean;
  /** The wire's other endpoints, answered harmlessly (absent: only the loop's endpoint is served). */
  route?(method: string | undefined, path: string): WireRoute;
  /** A loop request (it offers `readTool`), 'side' for one that does not, or a problem. */
  parse(body: unknown, readTool: string): Parsed;
  /** The streamed body of a reply (server-sent events, framing.ts). */
  events(reply: Reply): string;
}
