/** The agent driver against fake CLIs: its faults (exit 2 naming the fault, nothing left behind), a prompt given as an argument, --version in a scratch HOME. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AdapterError } from '../../../../src/harness/session.ts';
import { openAgentAdapter } from '../../../../src/adapters/agent/adapter.ts';
import { claudeCode } from '../../../../src/adapters/agent/profiles/claude-code.ts';
import { geminiCli } from '../../../../src/adapters/agent/profiles/gemini-cli.ts';

describe('driver faults (fake CLIs)', () => {
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
