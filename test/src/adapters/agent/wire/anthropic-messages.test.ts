/** The Anthropic Messages wire: its streamed reply and its request parsing (no server, no CLI). */
import { describe, expect, it } from 'vitest';
import { anthropicEvents, parseAnthropic } from '../../../../../src/adapters/agent/wire/anthropic-messages.ts';

const READ_TOOLS = [
  { name: 'Read', input_schema: {} },
  { name: 'Bash', input_schema: {} },
];

/** The SSE events of a reply, as a client reads them. */
const events = (sse: string): { event: string; data: Record<string, any> }[] =>
  sse
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => {
      const [ev, data] = b.split('\n');
      return { event: ev!.replace(/^event: /, ''), data: JSON.parse(data!.replace(/^data: /, '')) };
    });

describe('Anthropic Messages SSE', () => {
  it('sends a whole tool call in one input_json_delta and stops for tool use', () => {
    const ev = events(
      anthropicEvents({ kind: 'tool', id: 'toolu_x1', name: 'Read', input: { file_path: '/s/a.ts', offset: 2 } }),
    );
    expect(ev.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(ev[1]!.data.content_block).toMatchObject({ type: 'tool_use', id: 'toolu_x1', name: 'Read' });
    expect(JSON.parse(ev[2]!.data.delta.partial_json)).toEqual({ file_path: '/s/a.ts', offset: 2 });
    expect(ev[4]!.data.delta.stop_reason).toBe('tool_use');
  });

  it('ends a session with a text block and end_turn', () => {
    const ev = events(anthropicEvents({ kind: 'text', text: 'Done.' }));
    expect(ev[2]!.data.delta).toEqual({ type: 'text_delta', text: 'Done.' });
    expect(ev[4]!.data.delta.stop_reason).toBe('end_turn');
  });

  it('tells loop requests (the read tool offered) from side requests and reads tool results', () => {
    expect(parseAnthropic({ messages: [{ role: 'user', content: 'title?' }] }, 'Read')).toBe('side');
    expect(parseAnthropic({ tools: READ_TOOLS }, 'Read')).toMatch(/no messages/);
    const r = parseAnthropic(
      {
        tools: READ_TOOLS,
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: [] },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: '1\tx' }], is_error: false },
              { type: 'text', text: 'note' },
            ],
          },
        ],
      },
      'Read',
    );
    expect(typeof r).toBe('object');
    if (typeof r !== 'object') return;
    expect(r.turns).toBe(3);
    expect(r.results.get('t1')).toEqual({ id: 't1', raw: '1\tx', isError: false });
    expect(r.userText).toBe('note');
  });
});
