/** The Claude Code profile: its Read's framing, stubs and refusals, and its compaction's request shapes (no real CLI). */
import { describe, expect, it } from 'vitest';
import { profileProblem, stripReminders } from '../../../../../src/adapters/agent/profile.ts';
import { claudeCode, claudeReattached, unnumber } from '../../../../../src/adapters/agent/profiles/claude-code.ts';

const info = { isError: false, args: { path: 'a.ts' }, contentBytes: 42 };

describe('Claude Code profile', () => {
  it('strips N\\t numbering; a trailing bare number is the empty last line', () => {
    expect(unnumber('1\tone\n2\ttwo\n3\t')).toEqual({ text: 'one\ntwo\n' });
    expect(unnumber('1\tone\n2\ttwo\n3')).toEqual({ text: 'one\ntwo\n' });
    expect(unnumber('7\ta\tb')).toEqual({ text: 'a\tb' });
    expect(unnumber('')).toEqual({ text: '' });
    expect(unnumber('1\tok\nno number')).toHaveProperty('problem');
  });

  it('removes <system-reminder> blocks before judging', () => {
    expect(stripReminders('1\tx\n\n<system-reminder>\nWhenever you read a file…\n</system-reminder>\n')).toBe('1\tx');
    expect(claudeCode.normalize('1\tx\n2\t\n<system-reminder>task tools</system-reminder>', info)).toEqual({
      text: 'x\n',
    });
  });

  it('decodes the re-read stub as a pointer and a missing file as a refusal; content is verbatim', () => {
    const stub = 'Wasted call — file unchanged since your last Read. Refer to that earlier tool_result instead.';
    expect(claudeCode.normalize(stub, info)).toEqual({ text: stub });
    expect(claudeCode.decode(stub, info)).toEqual({ kind: 'pointer', total: 42 });
    expect(claudeCode.decode('File unchanged since last read. The content from the earlier Read…', info)).toEqual({
      kind: 'pointer',
      total: 42,
    });
    const absent = 'File does not exist. Note: your current working directory is /tmp/x.';
    expect(claudeCode.decode(absent, { ...info, isError: true })).toEqual({ kind: 'refusal', reason: 'absent' });
    expect(claudeCode.decode('const a = 1;\n', info)).toBeUndefined();
  });

  it('2.1.332 (measured): the NUL note is framing, the last row loses its trailing whitespace, a binary name is refused', () => {
    const NUL =
      '[This file has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a byte-order mark, or text with embedded NULs. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]';
    const TOKENS = '\n\n<system-reminder>\n<total_tokens>14999989 tokens left</total_tokens>\n</system-reminder>';
    // As 2.1.332 sent them: the note after the rows (the last row keeps its tab), or alone for an empty window.
    expect(claudeCode.normalize(`1\tabc\u0000def\n2\tline2\n3\t\n\n${NUL}${TOKENS}`, info)).toEqual({
      text: 'abc\u0000def\nline2\n',
    });
    expect(claudeCode.normalize(`${NUL}${TOKENS}`, info)).toEqual({ text: '' });
    // The trim before the reminder: "1\ttrail sp  \n2\tlast line" for "trail sp  \nlast line  ".
    expect(claudeCode.normalize(`1\ttrail sp  \n2\tlast line${TOKENS}`, info)).toEqual({
      text: 'trail sp  \nlast line',
    });
    // Where the CLI did not trim (2.1.197 without a reminder, a re-attachment), the declared view is the same.
    expect(claudeCode.normalize('1\tx\n2\ty \t\u3000', info)).toEqual({ text: 'x\ny' });
    expect(claudeCode.tool?.normalize).toEqual(['crlf', 'bom', 'split', 'trim-last']);
    expect(claudeCode.tool?.refuse?.extensions).toContain('.bin');
    const bin =
      '<tool_use_error>This tool cannot read binary files. The file appears to be a binary .bin file. Use a skill for this file type if one is available, or a shell command or script that can read the format.</tool_use_error>';
    expect(claudeCode.decode(bin, { ...info, isError: true })).toEqual({ kind: 'refusal', reason: 'unreadable' });
    expect(claudeCode.tool?.refuse?.maxBytes).toBe(256 * 1024);
    const big =
      'File content (1MB) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.';
    expect(claudeCode.decode(big, { ...info, isError: true })).toEqual({ kind: 'refusal', reason: 'unreadable' });
    expect(claudeCode.decode(big, info)).toBeUndefined(); // not an error result: the file's own text
    expect(claudeCode.measured).toEqual({ from: '2.1.197', to: '2.1.332' });
  });

  it('maps a kit read to Read {file_path absolute, offset 1-based, limit}', () => {
    expect(claudeCode.readTool.input({ path: 'a.ts', offset: 3, limit: 2 }, '/s/a.ts')).toEqual({
      file_path: '/s/a.ts',
      offset: 3,
      limit: 2,
    });
    expect(claudeCode.readTool.input({ path: 'a.ts' }, '/s/a.ts')).toEqual({ file_path: '/s/a.ts' });
  });

  it('turns telemetry, autoupdate and nonessential traffic off and points the CLI at the kit', () => {
    const env = claudeCode.env({
      baseUrl: 'http://127.0.0.1:1/w/w1',
      proxyUrl: 'http://127.0.0.1:2',
      home: '/h',
      tmp: '/t',
      root: '/r',
    });
    expect(env).toMatchObject({
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:1/w/w1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
    });
  });
});

describe('Claude Code compaction (the request shapes measured on the pinned version)', () => {
  it('tells the summary request from a loop request', () => {
    const summary =
      'CRITICAL: Respond with TEXT ONLY.\n\nYour task is to create a detailed summary of the conversation so far, paying…';
    expect(claudeCode.compact!.isSummary({ userText: summary })).toBe(true);
    expect(claudeCode.compact!.isSummary({ userText: 'Read the files the tool calls name.' })).toBe(false);
    expect(JSON.parse(claudeCode.compact!.command)).toEqual({
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text: '/compact' }] },
    });
  });

  it('reads the re-attached files from the first request after it: "Called the Read tool" then its result', () => {
    const body = {
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'This session is being continued… Summary.' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
        {
          role: 'user',
          content:
            '<system-reminder>\nCalled the Read tool with the following input: {"file_path":"/s/a.ts"}\n</system-reminder>',
        },
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: '<system-reminder>\nResult of calling the Read tool:\n1\tconst a = 1;\n2\t\n</system-reminder>',
            },
            {
              type: 'text',
              text: '<system-reminder>\nCalled the Read tool with the following input: {"file_path":"/s/w.ts","offset":2,"limit":1}\n</system-reminder>',
            },
            { type: 'text', text: '<system-reminder>\nResult of calling the Read tool:\n2\tx\n</system-reminder>' },
            { type: 'text', text: 'Read the files the tool calls name.' },
          ],
        },
      ],
    };
    expect(claudeReattached(body)).toEqual([
      { file: '/s/a.ts', raw: '1\tconst a = 1;\n2\t' },
      { file: '/s/w.ts', raw: '' }, // a window is not the whole file: the adapter's check drops it
    ]);
    expect(claudeCode.normalize('1\tconst a = 1;\n2\t', info)).toEqual({ text: 'const a = 1;\n' });
    expect(claudeReattached({ messages: [{ role: 'user', content: 'no attachment' }] })).toEqual([]);
    expect(claudeReattached(null)).toEqual([]);
  });

  it('a profile whose prompt is an argument cannot compact mid-session', () => {
    expect(profileProblem({ ...claudeCode, promptVia: 'args' })).toMatch(/compact needs stdin input/);
    expect(profileProblem({ ...claudeCode, compact: { command: 1 } })).toMatch(/compact must be/);
  });
});
