/** The Gemini wire of the model server and the gemini-cli profile, driven without the CLI. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAgentAdapter } from '../../../../src/adapters/agent/adapter.ts';
import { profileProblem } from '../../../../src/adapters/agent/profile.ts';
import { GEMINI_TRUNCATED, geminiCli, geminiText } from '../../../../src/adapters/agent/profiles/gemini-cli.ts';
import { BUILTIN_PROFILES } from '../../../../src/adapters/agent/profiles/index.ts';
import { END_TEXT, ModelServer } from '../../../../src/adapters/agent/server.ts';
import {
  geminiChunk,
  geminiEvents,
  geminiRoute,
  geminiSideText,
  parseGemini,
} from '../../../../src/adapters/agent/wire/gemini.ts';
import { parseAgentFlags } from '../../../../src/cli/drivers.ts';

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

describe('gemini-cli profile', () => {
  const info = { isError: false, args: { path: 'a.ts' }, contentBytes: 9 };
  const header = (a: number, b: number, n: number) =>
    `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines ${a}-${b} of ${n} total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${b + 1}.\n\n--- FILE CONTENT (truncated) ---\n`;

  it('is a built-in profile that passes the check, named by --agent', () => {
    expect(profileProblem(geminiCli)).toBeUndefined();
    expect(BUILTIN_PROFILES['gemini-cli']).toBe(geminiCli);
    expect(parseAgentFlags(new Map([['agent', 'gemini-cli']]))).toMatchObject({
      kind: 'agent',
      command: 'gemini-cli',
      builtin: true,
    });
    expect(profileProblem({ ...geminiCli, promptVia: 'pipe' })).toMatch(/promptVia must be/);
    expect(profileProblem({ ...geminiCli, promptVia: undefined })).toMatch(/userMessage must be a function/);
  });

  it('a whole read is the text verbatim', () => {
    expect(geminiText('const a = 1;\n', info)).toEqual({ text: 'const a = 1;\n' });
    expect(geminiText('', info)).toEqual({ text: '' });
  });

  it('removes the truncation header of a window and puts back the newline after line b when more lines follow', () => {
    expect(header(2, 2, 4)).toMatch(GEMINI_TRUNCATED);
    expect(geminiText(`${header(2, 2, 4)}b`, info)).toEqual({ text: 'b\n' });
    expect(geminiText(`${header(2, 4, 4)}b\nc\n`, info)).toEqual({ text: 'b\nc\n' });
    expect(geminiText(`${header(5, 4, 4)}`, info)).toEqual({ text: '' }); // a window past the end
    expect(geminiText('\nIMPORTANT: The file content has been truncated.\nStatus: garbled', info)).toHaveProperty(
      'problem',
    );
  });

  it('maps a kit window to 1-based inclusive start_line/end_line', () => {
    expect(geminiCli.readTool.input({ path: 'a.ts', offset: 3, limit: 2 }, '/s/a.ts')).toEqual({
      file_path: '/s/a.ts',
      start_line: 3,
      end_line: 4,
    });
    expect(geminiCli.readTool.input({ path: 'a.ts', limit: 2 }, '/s/a.ts')).toEqual({
      file_path: '/s/a.ts',
      end_line: 2,
    });
    expect(geminiCli.readTool.input({ path: 'a.ts' }, '/s/a.ts')).toEqual({ file_path: '/s/a.ts' });
  });

  it('decodes a missing file and a binary file as refusals; content is verbatim (it has no stub)', () => {
    expect(geminiCli.decode('File not found: /s/missing.ts', { ...info, isError: true })).toEqual({
      kind: 'refusal',
      reason: 'absent',
    });
    expect(geminiCli.decode('Cannot display content of binary file: b.bin', info)).toEqual({
      kind: 'refusal',
      reason: 'unreadable',
    });
    expect(geminiCli.decode('File not found: is a line of content', info)).toBeUndefined();
    expect(geminiCli.decode('const a = 1;\n', info)).toBeUndefined();
  });

  it('starts headless with the prompt as an argument, points the CLI at the kit and writes auth, trust and telemetry-off settings', () => {
    const e = {
      baseUrl: 'http://127.0.0.1:1/w/w1',
      proxyUrl: 'http://127.0.0.1:2',
      home: '/h',
      tmp: '/t',
      root: '/r/files',
    };
    expect(geminiCli.promptVia).toBe('args');
    expect(geminiCli.args('go')).toEqual(expect.arrayContaining(['-p', 'go', '--output-format', 'stream-json']));
    expect(geminiCli.env(e)).toMatchObject({ GOOGLE_GEMINI_BASE_URL: e.baseUrl, GEMINI_CLI_NO_RELAUNCH: 'true' });
    const files = geminiCli.homeFiles!(e);
    const settings = JSON.parse(files['.gemini/settings.json']!);
    expect(settings).toMatchObject({
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false },
      model: { disableLoopDetection: true },
    });
    expect(JSON.parse(files['.gemini/trustedFolders.json']!)).toEqual({ '/r/files': 'TRUST_FOLDER' });
  });
});

describe('gemini-cli driver (a fake CLI)', () => {
  it('gets its prompt as an argument with stdin closed, and --version is asked in a scratch HOME with the profile env', async () => {
    const base = mkdtempSync(join(tmpdir(), 'agent-gemini-'));
    const mark = `readshim-version-mark-${process.pid}`;
    // --version: writes into HOME (as gemini-cli does) and prints what the profile env set; else
    // prints its arguments and whether stdin is at its end, then exits.
    const fake = `sh -c 'case "$1" in --version) touch "$HOME/${mark}"; echo "v$GEMINI_CLI_NO_RELAUNCH";; *) echo "args:$*" >&2; cat >/dev/null && echo stdin-closed >&2; exit 3;; esac' --`;
    const a = openAgentAdapter({
      profile: geminiCli,
      profileSource: 'built-in gemini-cli',
      command: fake,
      timeoutMs: 10_000,
      sandboxDir: base,
    });
    const h = await a.openHistory({ arm: undefined, levers: ['pointer'], cap: 64, seal: 's' } as never);
    h.write('a.ts', 'x\n', 1_700_000_000_000);
    const w = await h.create({ workerId: 'w1' } as never);
    const e = await w.read({ path: 'a.ts' }).then(
      () => undefined,
      (x: unknown) => x,
    );
    await h.close();
    const left = readdirSync(base);
    rmSync(base, { recursive: true, force: true });
    expect(a.assumptions[0]).toContain('version vtrue');
    expect(existsSync(join(process.env.HOME ?? '/nonexistent', mark))).toBe(false);
    expect(left).toEqual([]);
    expect((e as Error).message).toMatch(
      /exited with code 3.*args:-p Read the files the tool calls name\. \(readshim-conformance worker w1\) --output-format stream-json/s,
    );
    expect((e as Error).message).toContain('stdin-closed');
  }, 30_000);
});
