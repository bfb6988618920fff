/**
 * Anthropic Messages as the kit's model server speaks it (docs/guide/agent.md): `POST
 * …/v1/messages`, replies streamed as named server-sent events holding one content block (the
 * whole tool input in one `input_json_delta`, or the text). Tool results come back as
 * `tool_result` blocks of the last user message. Hand-written types: only the fields the kit
 * reads or sends.
 */
import { bodyList, contentText, fieldText, offers, sseJson } from './framing.ts';
import type { LoopRequest, Parsed, Reply, ToolResult, Wire } from './wire.ts';

const event = (name: string, data: Record<string, unknown>): string =>
  sseJson({ type: name, ...data }, { event: name });

/** The content block of a reply: its start (the tool's empty input, or empty text) and its one delta. */
function block(reply: Reply): string[] {
  return reply.kind === 'tool'
    ? [
        event('content_block_start', {
          index: 0,
          content_block: { type: 'tool_use', id: reply.id, name: reply.name, input: {} },
        }),
        event('content_block_delta', {
          index: 0,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(reply.input) },
        }),
      ]
    : [
        event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
        event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: reply.text } }),
      ];
}

/** Anthropic Messages streamed: one content block holding the whole tool input (or the text). */
export function anthropicEvents(reply: Reply): string {
  const id = `msg_readshim_${reply.kind === 'tool' ? reply.id : 'text'}`;
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const message = { id, type: 'message', role: 'assistant', model: 'readshim-scripted', content: [] };
  return [
    event('message_start', { message: { ...message, stop_reason: null, stop_sequence: null, usage } }),
    ...block(reply),
    event('content_block_stop', { index: 0 }),
    event('message_delta', {
      delta: { stop_reason: reply.kind === 'tool' ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: 1 },
    }),
    event('message_stop', {}),
  ].join('');
}

/** A loop request (it offers `readTool`), or 'side' for a request that does not, or a problem. */
export function parseAnthropic(body: unknown, readTool: string): Parsed {
  const messages = bodyList(body, 'messages', { arrays: true });
  if (typeof messages === 'string') return messages;
  if (!offers((body as { tools?: unknown }).tools, readTool, (t) => [t.name])) return 'side';
  const last = messages[messages.length - 1] as { role?: unknown; content?: unknown } | undefined;
  const results = new Map<string, ToolResult>();
  let userText = '';
  if (last !== undefined && last.role === 'user' && Array.isArray(last.content)) {
    for (const blk of last.content as Record<string, unknown>[]) {
      if (blk?.type === 'tool_result' && typeof blk.tool_use_id === 'string')
        results.set(blk.tool_use_id, {
          id: blk.tool_use_id,
          raw: contentText(blk.content),
          isError: blk.is_error === true,
        });
      else if (blk?.type === 'text') userText += fieldText(blk.text);
    }
  } else if (last !== undefined) userText = contentText(last.content);
  return { turns: messages.length, results, userText } satisfies LoopRequest;
}

export const anthropicMessages: Wire = {
  endpoint: (path) => path === '/v1/messages',
  parse: parseAnthropic,
  events: anthropicEvents,
};
