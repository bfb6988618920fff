/**
 * The commands of README.md and docs/ marked `# host` (an agent CLI, bubblewrap), run as printed
 * from a project that installed the packed tarball, each exiting as its line announces
 * (dev/scripts/readme-commands.ts --hosts; .ci/packed runs the others). Packs and installs the kit:
 * minutes, then each host command's own. The docs' agent runs are the agent driver's checks of the
 * real CLIs at their pins too (docs/reference/agent-versions.md): what each report must say is
 * judged here, on the output of that one run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/cli/helpers.ts';
import type { SavedCommand } from '../../../dev/scripts/readme-commands.ts';

const scratch = mkdtempSync(join(tmpdir(), 'readshim-docs-hosts-'));
const saved = join(mkdtempSync(join(tmpdir(), 'readshim-docs-hosts-out-')), 'out');
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(join(saved, '..'), { recursive: true, force: true });
});

const sh = (cmd: string, args: string[], cwd: string) =>
  spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 30 * 60_000, maxBuffer: 64 * 1024 * 1024 });

/** The output of the docs' one run of `run --agent <name>`. */
function agentRun(name: string): { status: number | null; text: string } {
  const index = JSON.parse(readFileSync(join(saved, 'index.json'), 'utf8')) as SavedCommand[];
  const runs = index.filter((c) => new RegExp(`\\brun --agent ${name}\\b`).test(c.command));
  expect(
    runs.map((c) => c.where),
    `the docs run --agent ${name} once`,
  ).toHaveLength(1);
  return { status: runs[0]!.status, text: readFileSync(join(saved, runs[0]!.output), 'utf8') };
}

/** Rules the report lists as failed or unexercised. */
const failing = (text: string): string[] =>
  [...text.matchAll(/^ {2}(?:FAIL|UNEXERCISED) +(\S+)/gm)].map((m) => m[1]!).sort();

describe("the docs' host commands, from the tarball", () => {
  it('each exits as announced', { timeout: 60 * 60_000 }, () => {
    const packed = sh('npm', ['pack', '--silent', '--pack-destination', scratch], ROOT);
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'))!;
    expect(sh('npm', ['init', '-y'], scratch).status).toBe(0);
    const installed = sh('npm', ['install', '--no-audit', '--no-fund', `./${tarball}`], scratch);
    expect(installed.status, installed.stderr).toBe(0);
    const r = sh('npx', ['tsx', 'dev/scripts/readme-commands.ts', scratch, '--hosts', '--save', saved], ROOT);
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  });

  // Claude Code at its pin no longer de-duplicates: no stub seen, POINTER-FULL never used, and
  // FORGET-RESETS n/a since no response relied on an earlier delivery over its real /compact.
  it('Claude Code passes: no stub seen, POINTER-FULL never used', () => {
    const { status, text } = agentRun('claude-code');
    expect(status, text).toBe(0);
    expect(text).toContain('stubs 0,');
    expect(text).toMatch(/^ {2}n\/a +POINTER-FULL .*never used/m);
  });

  // qwen-code at its pin is a true lie: its stub answers an edit that keeps the mtime and the size.
  it('qwen-code fails exactly POINTER-FULL, while SLICE-EXACT and FORGET-RESETS pass', () => {
    const { status, text } = agentRun('qwen-code');
    expect(status, text).toBe(1);
    expect(failing(text), text).toEqual(['POINTER-FULL']);
    for (const rule of ['SLICE-EXACT', 'FORGET-RESETS']) expect(text).toMatch(new RegExp(`^ {2}pass +${rule} `, 'm'));
  });

  // gemini-cli has no dedup: it passes every rule it can be judged on.
  it('gemini-cli passes', () => {
    const { status, text } = agentRun('gemini-cli');
    expect(status, text).toBe(0);
    expect(failing(text)).toEqual([]);
  });
});
