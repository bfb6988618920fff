/**
 * OpenAI Chat Completions as the kit's model server speaks it (docs/guide/agent.md):
 * `POST …/v1/chat/completions`, replies streamed as server-sent `data:` chunks ending in `[DONE]`.
 * A tool call goes out whole in one `delta.tool_calls` chunk; tool results come back as `role:
 * "tool"` messages after the assistant message that called. Hand-written types: only the fields
 * the kit reads or sends.
 */

import { fieldText } from './text.ts';

// The server's LoopRequest, ToolResult and Reply (src/adapters/agent/server.ts), restated so that this
// module imports nothing from the server (no import cycle); server.ts checks they fit.
interface ToolResult {
  readonly id: string;
  readonly raw: string;
  readonly isError: boolean;
}
interface LoopRequest {
  readonly turns: number;
  readonly results: ReadonlyMap<string, ToolResult>;
  readonly userText: string;
}
type Reply =
  | {
      readonly kind: 'tool';
      readonly id: string;
      readonly name: string;
      readonly input: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'text'; readonly text: string };

/** The endpoint below a CLI's base URL (`OPENAI_BASE_URL` = `<kit base>/v1`). */
export const OPENAI_CHAT_PATH = '/v1/chat/completions';

interface ChatTool {
  readonly type?: string;
  readonly function?: { readonly name?: unknown };
}
interface ChatMessage {
  readonly role?: unknown;
  readonly content?: unknown;
  readonly tool_call_id?: unknown;
}

/** A message's text: a string, or the `text` of its `{type: "text"}` parts. */
export const chatText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .map((p) =>
            p !== null && typeof p === 'object' && (p as { type?: unknown }).type === 'text'
              ? fieldText((p as { text?: unknown }).text)
              : '',
          )
          .join('')
      : '';

/**
 * A loop request (its `tools` offer `readTool`), 'side' for one that does not (a title, a
 * summary, a loop check), or a problem. The tool results are the `tool` messages after the last
 * assistant message; the user text is that of the user messages at the end.
 */
export function parseOpenAIChat(body: unknown, readTool: string): LoopRequest | 'side' | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
  const b = body as { tools?: unknown; messages?: unknown };
  if (!Array.isArray(b.messages)) return 'the body has no messages array';
  const tools = (Array.isArray(b.tools) ? b.tools : []) as ChatTool[];
  if (!tools.some((t) => t !== null && typeof t === 'object' && t.function?.name === readTool)) return 'side';
  const msgs = b.messages as ChatMessage[];
  const results = new Map<string, ToolResult>();
  let userText = '';
  for (let i = msgs.length - 1; i >= 0; i--) {
    const m = msgs[i];
    if (m === null || typeof m !== 'object' || m.role === 'assistant') break;
    if (m.role === 'tool' && typeof m.tool_call_id === 'string')
      results.set(m.tool_call_id, { id: m.tool_call_id, raw: chatText(m.content), isError: false }); // the wire has no error flag
    else if (m.role === 'user') userText = chatText(m.content) + userText;
  }
  return { turns: msgs.length, results, userText };
}

const chunk = (delta: Record<string, unknown>, finish: string | null, id: string): string =>
  `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: 'readshim-scripted', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** The streamed reply: a role chunk, the whole tool call (or text) in one chunk, the finish, usage, `[DONE]`. */
export function openaiChatEvents(reply: Reply): string {
  const id = `chatcmpl-readshim-${reply.kind === 'tool' ? reply.id : 'text'}`;
  const body =
    reply.kind === 'tool'
      ? chunk(
          {
            tool_calls: [
              {
                index: 0,
                id: reply.id,
                type: 'function',
                function: { name: reply.name, arguments: JSON.stringify(reply.input) },
              },
            ],
          },
          null,
          id,
        )
      : chunk({ content: reply.text }, null, id);
  const usage = `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: 'readshim-scripted', choices: [], usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 } })}\n\n`;
  return [
    chunk({ role: 'assistant' }, null, id),
    body,
    chunk({}, reply.kind === 'tool' ? 'tool_calls' : 'stop', id),
    usage,
    'data: [DONE]\n\n',
  ].join('');
}
