/** The Claude Code profile's decoding, profile modules, the --agent flags and the driver's faults (no real CLI). */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/core/errors.ts';
import { AdapterError } from '../../../../src/harness/session.ts';
import { openAgentAdapter } from '../../../../src/adapters/agent/adapter.ts';
import { resolveAgentCommand } from '../../../../src/adapters/agent/install.ts';
import { loadProfile, profileProblem, stripReminders } from '../../../../src/adapters/agent/profile.ts';
import { claudeCode, claudeReattached, unnumber } from '../../../../src/adapters/agent/profiles/claude-code.ts';
import { parseSubject } from '../../../../src/cli/subjects.ts';

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

describe('Claude Code compaction (the request shapes measured on 2.1.197)', () => {
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

describe('profile modules', () => {
  it('a built-in profile passes the check; a broken one names what is wrong', () => {
    expect(profileProblem(claudeCode)).toBeUndefined();
    expect(profileProblem({ ...claudeCode, wire: 'grpc' })).toMatch(/wire must be/);
    expect(profileProblem({ ...claudeCode, decode: 1 })).toMatch(/decode must be a function/);
  });

  it('loads the worked example module', async () => {
    const p = await loadProfile('examples/agent/claude-code-fork.ts');
    expect(p.name).toBe('claude-code-fork');
    expect(p.decode('Same file as before — skipped.', info)).toEqual({ kind: 'pointer', total: 42 });
  });

  it('refuses a module that exports no profile (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-profile-'));
    writeFileSync(join(dir, 'p.mjs'), 'export const x = 1;\n');
    await expect(loadProfile(join(dir, 'p.mjs'))).rejects.toThrow(UsageError);
    rmSync(dir, { recursive: true });
  });
});

describe('--agent flags', () => {
  const flags = (o: Record<string, string>) => new Map(Object.entries(o));
  it('takes a built-in name or a module, not both, and --agent-command only with them', () => {
    expect(parseSubject(flags({ agent: 'claude-code' }), undefined)).toEqual({
      kind: 'agent',
      command: 'claude-code',
      builtin: true,
    });
    expect(parseSubject(flags({ 'agent-profile': 'p.ts', 'agent-command': '/opt/c' }), undefined)).toEqual({
      kind: 'agent',
      command: 'p.ts',
      builtin: false,
      agentCommand: '/opt/c',
    });
    expect(() => parseSubject(flags({ agent: 'claude-code', 'agent-profile': 'p.ts' }), undefined)).toThrow(/not both/);
    expect(() => parseSubject(flags({ agent: 'cursor' }), undefined)).toThrow(/one of claude-code/);
    expect(() => parseSubject(flags({ 'agent-command': 'x' }), undefined)).toThrow(/applies to --agent/);
    expect(() => parseSubject(flags({ agent: 'claude-code', hook: 'x' }), undefined)).toThrow(/drop --hook/);
  });
});

describe('driver faults (fake CLIs)', () => {
  it('a CLI that is not installed: one line saying how to install it', () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => resolveAgentCommand(claudeCode, undefined, tmpdir())).toThrow(UsageError);
      expect(() => resolveAgentCommand(claudeCode, undefined, tmpdir())).toThrow(
        /npm install --prefix \.agent-clis @anthropic-ai\/claude-code@2\.1\.197" \(in a checkout: dev\/scripts\/install-agent-clis\.sh claude-code\)/,
      );
    } finally {
      process.env.PATH = saved;
    }
  });

  const faulty = async (command: string, timeoutMs: number) => {
    const base = mkdtempSync(join(tmpdir(), 'agent-fault-'));
    const a = openAgentAdapter({
      profile: claudeCode,
      profileSource: 'built-in',
      command,
      timeoutMs,
      sandboxDir: base,
    });
    const h = await a.openHistory({ arm: undefined, levers: ['pointer'], cap: 64, seal: 's' });
    h.write('a.ts', 'x\n', 1_700_000_000_000);
    const w = await h.create({ workerId: 'w1' } as never);
    const e = await w.read({ path: 'a.ts' }).then(
      () => undefined,
      (x: unknown) => x,
    );
    await h.close();
    const left = readdirSync(base);
    rmSync(base, { recursive: true, force: true });
    return { e, left };
  };

  it('a CLI that exits before any request: exit 2 naming the exit, nothing left behind', async () => {
    const { e, left } = await faulty('sh -c "echo boom >&2; exit 3" --', 5000);
    expect(e).toBeInstanceOf(AdapterError);
    expect((e as Error).message).toMatch(/exited with code 3 while the kit waited for its first request.*boom/);
    expect(left).toEqual([]);
  });

  it('a CLI that makes no request at all: the per-turn limit ends it, nothing left behind', async () => {
    const { e, left } = await faulty(`sh -c 'case "$1" in --version) echo 9.9;; *) sleep 30;; esac' --`, 400);
    expect(e).toBeInstanceOf(AdapterError);
    expect((e as Error).message).toMatch(/sent no request within 400 ms while the kit waited for its first request/);
    expect(left).toEqual([]);
  });
});
