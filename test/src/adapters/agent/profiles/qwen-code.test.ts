/** The qwen-code profile: its read_file input, normalisation and decoding (no real CLI). */
import { describe, expect, it } from 'vitest';
import { boundedText } from '../../../../../src/harness/host-tool.ts';
import { openAgentAdapter } from '../../../../../src/adapters/agent/adapter.ts';
import { profileProblem } from '../../../../../src/adapters/agent/profile.ts';
import { BUILTIN_PROFILES } from '../../../../../src/adapters/agent/profiles/index.ts';
import {
  QWEN_BINARY_EXTENSIONS,
  QWEN_STUB,
  QWEN_TEXT_EXTENSIONS,
  qwenCode,
} from '../../../../../src/adapters/agent/profiles/qwen-code.ts';
import { parseSubject } from '../../../../../src/cli/subjects.ts';

const full = { isError: false, args: { path: 'a.ts' }, contentBytes: 42 };
const win = (offset?: number, limit?: number) => ({
  isError: false,
  args: { path: 'b.ts', ...(offset !== undefined ? { offset } : {}), ...(limit !== undefined ? { limit } : {}) },
  contentBytes: 9,
});
// Its stub as read_file 0.15.10 and 0.24.4 word it, byte for byte (ReadFileTool's unchangedResult).
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

  it('removes a window\'s header: the rows it shows, as split("\\n") gives them, follow it', () => {
    expect(qwenCode.normalize('Showing lines 2-3 of 5 total lines.\n\n---\n\ntwo\nthree', win(2, 2))).toEqual({
      text: 'two\nthree',
    });
    expect(qwenCode.normalize('Showing lines 3-5 of 5 total lines.\n\n---\n\nthree\nfour\n', win(3))).toEqual({
      text: 'three\nfour\n',
    });
    expect(qwenCode.normalize('Showing lines 11-11 of 4 total lines.\n\n---\n\n', win(11))).toEqual({ text: '' });
    // A window that covers the whole file has no header: verbatim.
    expect(qwenCode.normalize('one\ntwo\n', win(1, 9))).toEqual({ text: 'one\ntwo\n' });
    expect(qwenCode.normalize('one\n\n<system-reminder>\nplan mode\n</system-reminder>\n', full)).toEqual({
      text: 'one',
    });
    // The kit's tool shows exactly those rows (split, trimEnd): lines 2-3 of five.
    expect(boundedText('one\ntwo  \nthree\nfour\n', 2, 2, qwenCode.tool!)).toBe('two\nthree');
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

  it('declares what read_file shows as its tool: 1,000 rows by default, each trimmed, a BOM dropped, cut at 25,000 units with its marker, blank text as its words', () => {
    expect(qwenCode.tool).toEqual({
      defaultLimit: 1000,
      normalize: ['bom', 'trim-end', 'split'],
      cutChars: { at: 25_000, overBytes: 0, marker: '... [truncated]', minLine: 10 },
      blankText: '(read_file completed with no output)',
      refuse: {
        binary: true,
        binaryWithin: 4096,
        textExtensions: QWEN_TEXT_EXTENSIONS,
        bomIsText: true,
        extensions: QWEN_BINARY_EXTENSIONS,
      },
    });
    expect(QWEN_TEXT_EXTENSIONS).not.toContain('.lock');
    expect(QWEN_BINARY_EXTENSIONS).toContain('.bin');
    expect(QWEN_BINARY_EXTENSIONS).not.toContain('.pak');
    expect(qwenCode.decode('Cannot display content of binary file: a.lock', full)).toEqual({
      kind: 'refusal',
      reason: 'unreadable',
    });
    expect(boundedText('\ufeffa  \r\nb\t\n', undefined, undefined, qwenCode.tool!)).toBe('a\nb\n');
    expect(boundedText('', undefined, undefined, qwenCode.tool!)).toBe('(read_file completed with no output)');
    expect(boundedText('\n  \n\t\n', undefined, undefined, qwenCode.tool!)).toBe(
      '(read_file completed with no output)',
    );
    const file = Array.from({ length: 1200 }, (_, i) => `l${i}\n`).join('');
    const shown = Array.from({ length: 1000 }, (_, i) => `l${i}`).join('\n');
    const got = qwenCode.normalize(`Showing lines 1-1000 of 1201 total lines.\n\n---\n\n${shown}`, full);
    expect(got).toEqual({ text: boundedText(file, undefined, undefined, qwenCode.tool!) });
    expect(qwenCode.decode((got as { text: string }).text, full)).toBeUndefined();
    expect(profileProblem({ ...qwenCode, tool: { maxLines: 0 } })).toMatch(/tool\.maxLines must be an integer >= 1/);
  });

  it('its 25,000-unit cut as measured on 0.24.4 (the first 25,000 units of the rows, then the marker; the header counts the cut row) is the tool text: header removed, marker kept', () => {
    const row = (i: number): string => `${String(i).padStart(4, '0')} ${'abcdefghij'.repeat(24)}`;
    const file = `${Array.from({ length: 401 }, (_, i) => row(i + 1)).join('\n')}\n`;
    const shown = boundedText(file, undefined, undefined, qwenCode.tool!);
    // 25,000 units of the rows, then the marker: exactly what the CLI printed after its header.
    expect(shown).toBe(`${file.slice(0, 25_000)}... [truncated]`);
    expect(qwenCode.normalize(`Showing lines 1-102 of 402 total lines.\n\n---\n\n${shown}`, full)).toEqual({
      text: shown,
    });
    // When fewer than 10 units of the next row fit, it shows 10 of them.
    const tight = `${'x'.repeat(24_995)}\n${'y'.repeat(100)}\n`;
    expect(boundedText(tight, undefined, undefined, qwenCode.tool!)).toBe(
      `${'x'.repeat(24_995)}\nyyyyyyyyyy... [truncated]`,
    );
  });
});

describe("a profile's tool bound reaches the oracle", () => {
  it('the agent driver declares it in its capabilities (the ground truth is the bounded text)', () => {
    expect(
      openAgentAdapter({ profile: qwenCode, profileSource: 'built-in', command: 'true' }).capabilities.tool,
    ).toEqual(qwenCode.tool);
    expect(
      openAgentAdapter({ profile: { ...qwenCode, tool: undefined }, profileSource: 'built-in', command: 'true' })
        .capabilities.tool,
    ).toBeUndefined();
  });
});
