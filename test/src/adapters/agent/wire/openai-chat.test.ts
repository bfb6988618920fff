/** The OpenAI Chat Completions wire of the scripted model server, driven by a fake HTTP client (no CLI). */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { END_TEXT, ModelServer } from '../../../../../src/adapters/agent/server.ts';
import {
  OPENAI_CHAT_PATH,
  openaiChatEvents,
  parseOpenAIChat,
} from '../../../../../src/adapters/agent/wire/openai-chat.ts';

const TOOLS = [
  { type: 'function', function: { name: 'read_file', parameters: {} } },
  { type: 'function', function: { name: 'edit', parameters: {} } },
];

/** The `data:` payloads of a streamed reply, as a client reads them. */
const chunks = (sse: string): string[] =>
  sse
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => {
      expect(b.startsWith('data: ')).toBe(true);
      return b.slice('data: '.length);
    });

function post(url: string, path: string, body: string): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

describe('OpenAI Chat Completions SSE', () => {
  it('streams a whole tool call in one delta.tool_calls chunk, finishes for tool calls and ends with [DONE]', () => {
    const c = chunks(
      openaiChatEvents({
        kind: 'tool',
        id: 'call_rs1',
        name: 'read_file',
        input: { file_path: '/s/a.ts', offset: 0, limit: 2 },
      }),
    );
    expect(c.at(-1)).toBe('[DONE]');
    const data = c
      .slice(0, -1)
      .map(
        (x) =>
          JSON.parse(x) as { choices: { delta: Record<string, any>; finish_reason: string | null }[]; usage?: object },
      );
    expect(data[0]!.choices[0]!.delta).toEqual({ role: 'assistant' });
    const calls = data.flatMap((d) => d.choices.flatMap((ch) => ch.delta.tool_calls ?? []));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ index: 0, id: 'call_rs1', type: 'function', function: { name: 'read_file' } });
    expect(JSON.parse(calls[0].function.arguments)).toEqual({ file_path: '/s/a.ts', offset: 0, limit: 2 });
    expect(data.flatMap((d) => d.choices.map((ch) => ch.finish_reason)).filter((f) => f !== null)).toEqual([
      'tool_calls',
    ]);
    expect(data.at(-1)!.usage).toMatchObject({ total_tokens: 11 });
  });

  it('ends a session with plain text and finish_reason stop', () => {
    const data = chunks(openaiChatEvents({ kind: 'text', text: 'Done.' }))
      .slice(0, -1)
      .map((x) => JSON.parse(x) as { choices: { delta: Record<string, unknown>; finish_reason: string | null }[] });
    expect(data.flatMap((d) => d.choices.map((ch) => ch.delta.content)).filter((x) => x !== undefined)).toEqual([
      'Done.',
    ]);
    expect(data.flatMap((d) => d.choices.map((ch) => ch.finish_reason)).filter((f) => f !== null)).toEqual(['stop']);
    expect(JSON.stringify(data)).not.toContain('tool_calls');
  });

  it('tells loop requests (the read tool offered) from side requests', () => {
    expect(parseOpenAIChat({ messages: [{ role: 'user', content: 'Summarise' }] }, 'read_file')).toBe('side');
    expect(
      parseOpenAIChat({ tools: [{ type: 'function', function: { name: 'edit' } }], messages: [] }, 'read_file'),
    ).toBe('side');
    expect(parseOpenAIChat({ tools: TOOLS }, 'read_file')).toMatch(/no messages array/);
    expect(parseOpenAIChat([], 'read_file')).toMatch(/not a JSON object/);
  });

  it('takes the tool results after the last assistant message, by tool_call_id, and the trailing user text', () => {
    const r = parseOpenAIChat(
      {
        tools: TOOLS,
        messages: [
          { role: 'system', content: 'sys' },
          { role: 'user', content: 'go' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c0' }] },
          { role: 'tool', tool_call_id: 'c0', content: 'old' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c1' }] },
          { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'hello\n' }] },
          { role: 'user', content: [{ type: 'text', text: 'note' }] },
        ],
      },
      'read_file',
    );
    expect(typeof r).toBe('object');
    if (typeof r !== 'object') return;
    expect(r.turns).toBe(7);
    expect([...r.results.values()]).toEqual([{ id: 'c1', raw: 'hello\n', isError: false }]);
    expect(r.userText).toBe('note');
  });
});

describe('ModelServer on the openai-chat wire', () => {
  const start = async () => {
    const s = new ModelServer({ wire: 'openai-chat', readTool: 'read_file' });
    await s.listen();
    opened.push(s);
    return s;
  };
  const loop = (n: number) =>
    JSON.stringify({
      tools: TOOLS,
      stream: true,
      messages: Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'x' })),
    });

  it('parks a loop request at /v1/chat/completions, answers it, and answers a retry with the same reply', async () => {
    const s = await start();
    const line = s.line('w1');
    const first = post(s.url('w1'), OPENAI_CHAT_PATH, loop(3));
    const parked = await line.next();
    expect(parked.req.turns).toBe(3);
    line.answer(parked, { kind: 'tool', id: 'call_a', name: 'read_file', input: { file_path: '/x' } });
    const a = await first;
    expect(a.type).toBe('text/event-stream');
    expect(a.text).toContain('"id":"call_a"');
    expect(a.text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect((await post(s.url('w1'), OPENAI_CHAT_PATH, loop(3))).text).toBe(a.text);
    expect(line.requests).toBe(2);
  });

  it('answers side requests with the fixed text and never hands them to the kit', async () => {
    const s = await start();
    s.line('w1');
    const r = await post(
      s.url('w1'),
      OPENAI_CHAT_PATH,
      JSON.stringify({ stream: true, messages: [{ role: 'user', content: 'Is the loop stuck?' }] }),
    );
    expect(r.text).toContain(JSON.stringify(END_TEXT));
    expect(s.sideRequests).toBe(1);
  });

  it("serves no other wire's endpoint", async () => {
    const s = await start();
    s.line('w1');
    expect((await post(s.url('w1'), '/v1/messages', loop(1))).status).toBe(404);
    expect(s.sideRequests).toBe(0);
  });
});
