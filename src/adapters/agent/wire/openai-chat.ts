/**
 * OpenAI Chat Completions as the kit's model server speaks it (docs/guide/agent.md):
 * `POST …/v1/chat/completions`, replies streamed as server-sent `data:` chunks ending in `[DONE]`.
 * A tool call goes out whole in one `delta.tool_calls` chunk; tool results come back as `role:
 * "tool"` messages after the assistant message that called. Hand-written types: only the fields
 * the kit reads or sends.
 */
import { bodyList, contentText, offers, sseData, sseJson } from './framing.ts';
import type { Parsed, Reply, ToolResult, Wire } from './wire.ts';

/** The endpoint below a CLI's base URL (`OPENAI_BASE_URL` = `<kit base>/v1`). */
export const OPENAI_CHAT_PATH = '/v1/chat/completions';

interface ChatMessage {
  readonly role?: unknown;
  readonly content?: unknown;
  readonly tool_call_id?: unknown;
}

/**
 * A loop request (its `tools` offer `readTool`), 'side' for one that does not (a title, a
 * summary, a loop check), or a problem. The tool results are the `tool` messages after the last
 * assistant message; the user text is that of the user messages at the end.
 */
export function parseOpenAIChat(body: unknown, readTool: string): Parsed {
  const list = bodyList(body, 'messages', { arrays: false });
  if (typeof list === 'string') return list;
  const fn = (t: Readonly<Record<string, unknown>>): unknown => (t.function as { name?: unknown } | undefined)?.name;
  if (!offers((body as { tools?: unknown }).tools, readTool, (t) => [fn(t)])) return 'side';
  const msgs = list as readonly ChatMessage[];
  const results = new Map<string, ToolResult>();
  let userText = '';
  for (let i = msgs.length - 1; i >= 0; i--) {
    const m = msgs[i];
    if (m === null || typeof m !== 'object' || m.role === 'assistant') break;
    if (m.role === 'tool' && typeof m.tool_call_id === 'string')
      results.set(m.tool_call_id, { id: m.tool_call_id, raw: contentText(m.content), isError: false }); // the wire has no error flag
    else if (m.role === 'user') userText = contentText(m.content) + userText;
  }
  return { turns: msgs.length, results, userText };
}

const HEAD = { object: 'chat.completion.chunk', created: 0, model: 'readshim-scripted' };
const chunk = (delta: Record<string, unknown>, finish: string | null, id: string): string =>
  sseJson({ id, ...HEAD, choices: [{ index: 0, delta, finish_reason: finish }] });

/** The delta that carries the reply: the whole tool call, or the text. */
const replyDelta = (reply: Reply): Record<string, unknown> =>
  reply.kind === 'tool'
    ? {
        tool_calls: [
          {
            index: 0,
            id: reply.id,
            type: 'function',
            function: { name: reply.name, arguments: JSON.stringify(reply.input) },
          },
        ],
      }
    : { content: reply.text };

/** The streamed reply: a role chunk, the whole tool call (or text) in one chunk, the finish, usage, `[DONE]`. */
export function openaiChatEvents(reply: Reply): string {
  const id = `chatcmpl-readshim-${reply.kind === 'tool' ? reply.id : 'text'}`;
  const prompt = reply.kind === 'text' ? (reply.promptTokens ?? 10) : 10;
  const usage = { prompt_tokens: prompt, completion_tokens: 1, total_tokens: prompt + 1 };
  return [
    chunk({ role: 'assistant' }, null, id),
    chunk(replyDelta(reply), null, id),
    chunk({}, reply.kind === 'tool' ? 'tool_calls' : 'stop', id),
    sseJson({ id, ...HEAD, choices: [], usage }),
    sseData('[DONE]'),
  ].join('');
}

export const openaiChat: Wire = {
  endpoint: (path) => path === OPENAI_CHAT_PATH,
  parse: parseOpenAIChat,
  events: openaiChatEvents,
};
