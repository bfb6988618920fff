/**
 * The commands of README.md and docs/ marked `# host` (an agent CLI, bubblewrap), run as printed
 * from a project that installed the packed tarball, each exiting as its line announces
 * (dev/scripts/readme-commands.ts --hosts; .ci/packed runs the others). Packs and installs the kit:
 * minutes, then each host command's own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/cli/helpers.ts';

const scratch = mkdtempSync(join(tmpdir(), 'readshim-docs-hosts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const sh = (cmd: string, args: string[], cwd: string) =>
  spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 30 * 60_000, maxBuffer: 64 * 1024 * 1024 });

describe("the docs' host commands, from the tarball", () => {
  it('each exits as announced', { timeout: 60 * 60_000 }, () => {
    const packed = sh('npm', ['pack', '--silent', '--pack-destination', scratch], ROOT);
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'))!;
    expect(sh('npm', ['init', '-y'], scratch).status).toBe(0);
    const installed = sh('npm', ['install', '--no-audit', '--no-fund', `./${tarball}`], scratch);
    expect(installed.status, installed.stderr).toBe(0);
    const r = sh('npx', ['tsx', 'dev/scripts/readme-commands.ts', scratch, '--hosts'], ROOT);
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  });
});
