/** The gemini-cli profile: its read_file input, its window framing, its refusals and its settings (no CLI). */
import { describe, expect, it } from 'vitest';
import { profileProblem } from '../../../../../src/adapters/agent/profile.ts';
import { GEMINI_TRUNCATED, geminiCli, geminiText } from '../../../../../src/adapters/agent/profiles/gemini-cli.ts';
import { BUILTIN_PROFILES } from '../../../../../src/adapters/agent/profiles/index.ts';
import { parseSubject } from '../../../../../src/cli/subjects.ts';

describe('gemini-cli profile', () => {
  const info = { isError: false, args: { path: 'a.ts' }, contentBytes: 9 };
  const header = (a: number, b: number, n: number) =>
    `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines ${a}-${b} of ${n} total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${b + 1}.\n\n--- FILE CONTENT (truncated) ---\n`;

  it('is a built-in profile that passes the check, named by --agent', () => {
    expect(profileProblem(geminiCli)).toBeUndefined();
    expect(BUILTIN_PROFILES['gemini-cli']).toBe(geminiCli);
    expect(parseSubject(new Map([['agent', 'gemini-cli']]), undefined)).toMatchObject({
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
