/** The qwen-code profile: its read_file input, normalisation and decoding (no real CLI). */
import { describe, expect, it } from 'vitest';
import { boundedText } from '../../../../../src/harness/host-tool.ts';
import { openAgentAdapter } from '../../../../../src/adapters/agent/adapter.ts';
import { profileProblem } from '../../../../../src/adapters/agent/profile.ts';
import { BUILTIN_PROFILES } from '../../../../../src/adapters/agent/profiles/index.ts';
import { QWEN_STUB, qwenCode } from '../../../../../src/adapters/agent/profiles/qwen-code.ts';
import { parseSubject } from '../../../../../src/cli/subjects.ts';

const full = { isError: false, args: { path: 'a.ts' }, contentBytes: 42 };
const win = (offset?: number, limit?: number) => ({
  isError: false,
  args: { path: 'b.ts', ...(offset !== undefined ? { offset } : {}), ...(limit !== undefined ? { limit } : {}) },
  contentBytes: 9,
});
// Its stub as read_file 0.15.10 words it (ReadFileTool's unchangedResult).
const STUB =
  '[File a.ts unchanged since last read in this session — the full content was provided earlier in this conversation. If you cannot retrieve that prior content (e.g. after context compaction) or you suspect the file was modified outside the read/edit tools (shell command, MCP tool, another process), re-read with explicit offset/limit to fetch current content.]';

describe('qwen-code profile', () => {
  it('is a built-in (run --agent qwen-code) that passes the profile check', () => {
    expect(BUILTIN_PROFILES['qwen-code']).toBe(qwenCode);
    expect(profileProblem(qwenCode)).toBeUndefined();
    expect(parseSubject(new Map([['agent', 'qwen-code']]), undefined)).toEqual({
      kind: 'agent',
      command: 'qwen-code',
      builtin: true,
    });
  });

  it('maps a kit read to read_file {file_path absolute, offset 0-based, limit}', () => {
    expect(qwenCode.readTool.input({ path: 'a.ts' }, '/s/a.ts')).toEqual({ file_path: '/s/a.ts' });
    expect(qwenCode.readTool.input({ path: 'a.ts', offset: 1, limit: 2 }, '/s/a.ts')).toEqual({
      file_path: '/s/a.ts',
      offset: 0,
      limit: 2,
    });
    expect(qwenCode.readTool.input({ path: 'a.ts', offset: 5 }, '/s/a.ts')).toEqual({
      file_path: '/s/a.ts',
      offset: 4,
    });
  });

  it('points the CLI at the kit (OpenAI base URL under /v1, a dummy key) and writes settings with telemetry and updates off', () => {
    const e = { baseUrl: 'http://127.0.0.1:1/w/w1', proxyUrl: 'http://127.0.0.1:2', home: '/h', tmp: '/t', root: '/r' };
    expect(qwenCode.env(e)).toMatchObject({
      OPENAI_BASE_URL: 'http://127.0.0.1:1/w/w1/v1',
      OPENAI_API_KEY: expect.stringMatching(/dummy/),
    });
    expect(qwenCode.args('hi')).toEqual(
      expect.arrayContaining(['--auth-type', 'openai', '--input-format', 'stream-json']),
    );
    const settings = JSON.parse(qwenCode.homeFiles!(e)['.qwen/settings.json']!);
    expect(settings).toMatchObject({
      telemetry: { enabled: false },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false },
    });
    expect(JSON.parse(qwenCode.userMessage!('hi'))).toEqual({ type: 'user', message: { role: 'user', content: 'hi' } });
  });

  it('removes a window\'s header, restoring the last line\'s "\\n" when more lines follow', () => {
    expect(qwenCode.normalize('Showing lines 2-3 of 5 total lines.\n\n---\n\ntwo\nthree', win(2, 2))).toEqual({
      text: 'two\nthree\n',
    });
    expect(qwenCode.normalize('Showing lines 3-5 of 5 total lines.\n\n---\n\nthree\nfour\n', win(3))).toEqual({
      text: 'three\nfour\n',
    });
    // A window that covers the whole file has no header: verbatim.
    expect(qwenCode.normalize('one\ntwo\n', win(1, 9))).toEqual({ text: 'one\ntwo\n' });
    expect(qwenCode.normalize('one\n\n<system-reminder>\nplan mode\n</system-reminder>\n', full)).toEqual({
      text: 'one',
    });
  });

  it('decodes its stub as a pointer and "File not found" as a refusal; content is verbatim', () => {
    expect(qwenCode.normalize(STUB, full)).toEqual({ text: STUB });
    expect(STUB).toMatch(QWEN_STUB);
    expect(qwenCode.decode(STUB, full)).toEqual({ kind: 'pointer', total: 42 });
    expect(qwenCode.decode('File not found: /tmp/s/files/missing.ts', full)).toEqual({
      kind: 'refusal',
      reason: 'absent',
    });
    expect(
      qwenCode.decode('const x = "[File a.ts unchanged since last read in this session";\n', full),
    ).toBeUndefined();
    expect(qwenCode.decode('File not found: see README\n', full)).toBeUndefined();
    expect(qwenCode.decode('const a = 1;\n', full)).toBeUndefined();
  });

  it('declares its 1,000-line default and its trailing-whitespace trim as its tool bound; a full read cut there is its bounded text, header removed', () => {
    expect(qwenCode.tool).toEqual({ defaultLimit: 1000, normalize: ['bom', 'trim-end'] });
    expect(boundedText('a  \r\nb\t\n', undefined, undefined, qwenCode.tool!)).toBe('a\nb\n');
    expect(
      boundedText(Array.from({ length: 1200 }, (_, i) => `l${i}\n`).join(''), 1, 1200, qwenCode.tool!).split('\n'),
    ).toHaveLength(1201);
    expect(profileProblem({ ...qwenCode, tool: { maxLines: 0 } })).toMatch(/tool\.maxLines must be an integer >= 1/);
    const file = Array.from({ length: 1200 }, (_, i) => `l${i}\n`).join('');
    const shown = Array.from({ length: 1000 }, (_, i) => `l${i}`).join('\n');
    const got = qwenCode.normalize(`Showing lines 1-1000 of 1201 total lines.\n\n---\n\n${shown}`, full);
    expect(got).toEqual({ text: boundedText(file, undefined, undefined, qwenCode.tool!) });
    expect(qwenCode.decode((got as { text: string }).text, full)).toBeUndefined();
  });
});

describe("a profile's tool bound reaches the oracle", () => {
  it('the agent driver declares it in its capabilities (the ground truth is the bounded text)', () => {
    expect(
      openAgentAdapter({ profile: qwenCode, profileSource: 'built-in', command: 'true' }).capabilities.tool,
    ).toEqual({ defaultLimit: 1000, normalize: ['bom', 'trim-end'] });
    expect(
      openAgentAdapter({ profile: { ...qwenCode, tool: undefined }, profileSource: 'built-in', command: 'true' })
        .capabilities.tool,
    ).toBeUndefined();
  });
});
