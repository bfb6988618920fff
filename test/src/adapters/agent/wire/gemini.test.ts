/** The Gemini wire of the model server, driven without the CLI. */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { END_TEXT, ModelServer } from '../../../../../src/adapters/agent/server.ts';
import {
  geminiChunk,
  geminiEvents,
  geminiRoute,
  geminiSideText,
  parseGemini,
} from '../../../../../src/adapters/agent/wire/gemini.ts';

const TOOLS = [{ functionDeclarations: [{ name: 'glob' }, { name: 'read_file' }] }];
const STREAM = '/v1beta/models/gemini-2.5-flash:streamGenerateContent';

function post(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The chunks of an SSE reply, as a Gemini client reads them. */
const chunks = (sse: string): any[] =>
  sse
    .split('\r\n\r\n')
    .filter((b) => b.trim() !== '')
    .map((b) => JSON.parse(b.replace(/^data: /, '')));

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

describe('Gemini wire', () => {
  it('streams a whole tool call as one functionCall part, finished', () => {
    const c = chunks(
      geminiEvents({ kind: 'tool', id: 'toolu_g1', name: 'read_file', input: { file_path: '/s/a.ts', start_line: 2 } }),
    );
    expect(c).toHaveLength(1);
    expect(c[0].candidates[0]).toEqual({
      content: {
        role: 'model',
        parts: [{ functionCall: { id: 'toolu_g1', name: 'read_file', args: { file_path: '/s/a.ts', start_line: 2 } } }],
      },
      finishReason: 'STOP',
      index: 0,
    });
    expect(c[0].usageMetadata.totalTokenCount).toBeGreaterThan(0);
  });

  it('ends a session with a text part', () => {
    expect(geminiChunk({ kind: 'text', text: 'Done.' }).candidates[0]!.content.parts).toEqual([{ text: 'Done.' }]);
  });

  it('tells loop requests (read_file declared) from side requests and reads functionResponse parts', () => {
    expect(parseGemini({ contents: [{ role: 'user', parts: [{ text: 'summarise' }] }] }, 'read_file')).toBe('side');
    expect(parseGemini({ tools: TOOLS }, 'read_file')).toMatch(/no contents/);
    expect(parseGemini('x', 'read_file')).toMatch(/not a JSON object/);
    const r = parseGemini(
      {
        tools: TOOLS,
        contents: [
          { role: 'user', parts: [{ text: 'go' }] },
          { role: 'model', parts: [{ functionCall: { id: 't1', name: 'read_file', args: {} } }] },
          {
            role: 'user',
            parts: [
              { functionResponse: { id: 'read_file__t1', name: 'read_file', response: { output: 'one\ntwo' } } },
              { functionResponse: { id: 't2', name: 'read_file', response: { error: 'File not found: /s/b.ts' } } },
              { text: 'note' },
            ],
          },
        ],
      },
      'read_file',
    );
    expect(typeof r).toBe('object');
    if (typeof r !== 'object') return;
    expect(r.turns).toBe(3);
    expect(r.results.get('t1')).toEqual({ id: 't1', raw: 'one\ntwo', isError: false });
    expect(r.results.get('t2')).toEqual({ id: 't2', raw: 'File not found: /s/b.ts', isError: true });
    expect(r.userText).toBe('note');
  });

  it('routes the stream endpoint to the kit and answers the others harmlessly', () => {
    expect(geminiRoute('POST', STREAM)).toEqual({ kind: 'model' });
    const count = geminiRoute('POST', '/v1beta/models/gemini-2.5-flash:countTokens');
    expect(count.kind === 'answer' && JSON.parse(count.body(null))).toEqual({ totalTokens: 10 });
    const gen = geminiRoute('POST', '/v1beta/models/gemini-2.5-flash:generateContent');
    expect(gen.kind === 'answer' && JSON.parse(gen.body({})).candidates[0].content.parts[0].text).toBe(END_TEXT);
    expect(geminiRoute('GET', STREAM)).toMatchObject({ kind: 'answer', status: 404 });
    expect(geminiRoute('POST', '/v1internal:loadCodeAssist')).toMatchObject({ kind: 'answer', status: 404 });
  });

  it('answers a side question that wants JSON with "no loop" / "the user speaks"', () => {
    const loop = {
      generationConfig: {
        responseMimeType: 'application/json',
        responseJsonSchema: {
          properties: {
            unproductive_state_analysis: { type: 'string' },
            unproductive_state_confidence: { type: 'number' },
          },
        },
      },
    };
    expect(JSON.parse(geminiSideText(loop))).toEqual({
      unproductive_state_analysis: 'no',
      unproductive_state_confidence: 0,
    });
    const speaker = {
      generationConfig: {
        responseMimeType: 'application/json',
        responseSchema: { properties: { reasoning: { type: 'STRING' }, next_speaker: { type: 'STRING' } } },
      },
    };
    expect(JSON.parse(geminiSideText(speaker))).toEqual({ reasoning: 'no', next_speaker: 'user' });
    expect(geminiSideText({})).toBe(END_TEXT);
  });
});

describe('ModelServer on the Gemini wire', () => {
  const start = async () => {
    const s = new ModelServer({ wire: 'gemini', readTool: 'read_file' });
    await s.listen();
    opened.push(s);
    return s;
  };
  const loop = (n: number) =>
    JSON.stringify({
      tools: TOOLS,
      contents: Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'model' : 'user', parts: [{ text: 'x' }] })),
    });

  it('parks a loop request until the kit answers; a retry of the turn gets the same reply', async () => {
    const s = await start();
    const line = s.line('w1');
    const first = post(`${s.url('w1')}${STREAM}?alt=sse`, loop(1));
    const parked = await line.next();
    expect(parked.req.turns).toBe(1);
    line.answer(parked, { kind: 'tool', id: 'toolu_g', name: 'read_file', input: { file_path: '/x' } });
    const a = await first;
    expect(chunks(a.text)[0].candidates[0].content.parts[0].functionCall.id).toBe('toolu_g');
    const retry = await post(`${s.url('w1')}${STREAM}?alt=sse`, loop(1));
    expect(retry.text).toBe(a.text);
    expect(line.requests).toBe(2);
  });

  it('answers side requests (stream without read_file, generateContent, countTokens) and never hands them to the kit', async () => {
    const s = await start();
    const line = s.line('w1');
    const side = await post(
      `${s.url('w1')}${STREAM}?alt=sse`,
      JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'title?' }] }] }),
    );
    expect(chunks(side.text)[0].candidates[0].content.parts).toEqual([{ text: END_TEXT }]);
    const gen = await post(`${s.url('w1')}/v1beta/models/m:generateContent`, '{"contents":[]}');
    expect(gen.status).toBe(200);
    const count = await post(`${s.url('w1')}/v1beta/models/m:countTokens`, 'not json');
    expect(JSON.parse(count.text)).toEqual({ totalTokens: 10 });
    expect(s.sideRequests).toBe(3);
    expect(line.requests).toBe(0);
  });
});
