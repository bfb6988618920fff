/**
 * The real Claude Code CLI (the pinned version) played by the kit's model server, without the
 * oracle: each rule `run --agent claude-code` fails is reproduced here as a scripted scenario
 * (read, an edit on disk as the story describes, re-read), asserting what the CLI sent back. A
 * missing CLI fails these tests with the install command; they never skip.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALL_DIR, askVersion, openAgentAdapter } from '../../../adapters/agent/adapter.ts';
import { CLAUDE_STUB, claudeCode } from '../../../adapters/agent/profiles/claude-code.ts';
import type { HistoryHandle, WorkerShim } from '../../../adapters/contract.ts';

const BIN = join(process.cwd(), INSTALL_DIR, 'node_modules', '.bin', claudeCode.binary);
const INSTALL = `the pinned CLI is missing: run scripts/install-agent-clis.sh claude-code (installs ${claudeCode.package}@${claudeCode.version} into ${INSTALL_DIR}/)`;
const T = 1_700_000_000_000;

async function scenario(f: (h: HistoryHandle, w: WorkerShim) => Promise<void>): Promise<void> {
  if (!existsSync(BIN)) throw new Error(INSTALL);
  const a = openAgentAdapter({ profile: claudeCode, profileSource: 'built-in claude-code' });
  const h = await a.openHistory!({ arm: undefined, levers: ['pointer', 'diff'], cap: 4096, seal: 's' });
  try {
    const w = await h.create({ workerId: 'w1' } as never);
    await f(h, w);
  } finally {
    await h.close();
  }
}

describe(`Claude Code ${claudeCode.version} (real CLI)`, () => {
  it('is installed at the pinned version', async () => {
    if (!existsSync(BIN)) throw new Error(INSTALL);
    expect(await askVersion(BIN, { PATH: process.env.PATH ?? '' })).toContain(claudeCode.version);
  }, 60_000);

  it('POINTER-FULL reproduced: an edit that keeps the mtime gets the "unchanged" stub while the disk holds other bytes', async () => {
    await scenario(async (h, w) => {
      const shownFirst = h.write('a.ts', 'const keep0 = \n', T);
      expect(await w.read({ path: 'a.ts' })).toBe(shownFirst);
      const onDisk = h.write('a.ts', 'const keep0 =\n', T); // the mtime kept
      const second = await w.read({ path: 'a.ts' });
      expect(second).toMatch(CLAUDE_STUB);
      expect(h.decode!(second, {} as never)).toMatchObject({ kind: 'pointer' });
      expect(onDisk).not.toBe(shownFirst); // the worker holds the old bytes, told they are current
    });
  }, 120_000);

  it('SLICE-EXACT reproduced: a CRLF file is shown with LF endings, bytes the disk does not hold', async () => {
    await scenario(async (h, w) => {
      const onDisk = h.write('w.ts', 'crlf line 1\r\ncrlf line 2\r\n', T);
      const shown = await w.read({ path: 'w.ts' });
      expect(shown).toBe('crlf line 1\ncrlf line 2\n');
      expect(shown).not.toBe(onDisk);
    });
  }, 120_000);

  it('a truthful path is exercised too: an edit that moves the mtime is re-read in full', async () => {
    await scenario(async (h, w) => {
      h.write('b.ts', 'let b = 1;\n', T);
      expect(await w.read({ path: 'b.ts' })).toBe('let b = 1;\n');
      const now = h.write('b.ts', 'let b = 2;\n', T + 5_000);
      expect(await w.read({ path: 'b.ts' })).toBe(now);
      expect(await w.read({ path: 'missing.ts' })).toMatch(/^File does not exist/);
    });
  }, 120_000);
});

