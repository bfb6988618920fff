/**
 * The real Claude Code CLI (the pinned version) played by the kit's model server, without the
 * oracle: each rule `run --agent claude-code` fails is reproduced here as a scripted scenario
 * (read, an edit on disk as the story describes, re-read), asserting what the CLI sent back. A
 * missing CLI fails these tests with the install command; they never skip.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAgentAdapter } from '../../../../../src/adapters/agent/adapter.ts';
import { INSTALL_DIR } from '../../../../../src/adapters/agent/install.ts';
import { askVersion } from '../../../../../src/adapters/agent/version.ts';
import { CLAUDE_STUB, claudeCode } from '../../../../../src/adapters/agent/profiles/claude-code.ts';
import { boundedText } from '../../../../../src/harness/host-tool.ts';
import type { HistoryHandle, WorkerShim } from '../../../../../src/core/contract.ts';

const BIN = join(process.cwd(), INSTALL_DIR, 'node_modules', '.bin', claudeCode.binary);
const INSTALL = `the pinned CLI is missing: run dev/scripts/install-agent-clis.sh claude-code (installs ${claudeCode.package}@${claudeCode.version} into ${INSTALL_DIR}/)`;
const T = 1_700_000_000_000;

async function scenario(f: (h: HistoryHandle, w: WorkerShim) => Promise<void>): Promise<void> {
  if (!existsSync(BIN)) throw new Error(INSTALL);
  const a = openAgentAdapter({ profile: claudeCode, profileSource: 'built-in claude-code' });
  const h = await a.openHistory({ arm: undefined, levers: ['pointer', 'diff'], cap: 4096, seal: 's' });
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

  it("the text its Read shows is what the profile declares (tool.normalize: CRLF as LF, no BOM, a window's rows), not the disk's bytes", async () => {
    const tool = claudeCode.tool!;
    expect(tool.normalize).toEqual(['crlf', 'bom', 'split']);
    await scenario(async (h, w) => {
      const crlf = h.write('w.ts', 'crlf line 1\r\ncrlf line 2\r\n', T);
      const shown = await w.read({ path: 'w.ts' });
      expect(shown).toBe('crlf line 1\ncrlf line 2\n');
      expect(shown).toBe(boundedText(crlf, undefined, undefined, tool));
      const bom = h.write('b.ts', '\uFEFFbom line 1\n', T);
      expect(await w.read({ path: 'b.ts' })).toBe(boundedText(bom, undefined, undefined, tool));
      const rows = h.write('v.ts', 'l1\nl2\nl3\n', T);
      for (const [offset, limit] of [
        [1, 2],
        [3, 1],
        [3, 2],
        [4, 1],
      ] as const) {
        const text = await w.read({ path: 'v.ts', offset, limit });
        expect(text, `lines ${offset}+${limit}`).toBe(boundedText(rows, offset, limit, tool));
      }
      expect(boundedText(rows, 1, 2, tool)).toBe('l1\nl2'); // not the kit's default window "l1\nl2\n"
    });
  }, 120_000);

  it('/compact compacts it headless; its next request re-attaches recently read files, which the kit reads (observed, not declared)', async () => {
    await scenario(async (h, w) => {
      h.write('a.ts', 'const a = 1;\n', T);
      h.write('b.ts', 'const b = 2;\n', T);
      expect(await w.read({ path: 'a.ts' })).toBe('const a = 1;\n');
      expect(await w.read({ path: 'b.ts' })).toBe('const b = 2;\n');
      const said = await w.forget!();
      // Measured on 2.1.197: both files read before the compaction come back whole in its next request.
      expect(said).toEqual({ reattached: ['a.ts', 'b.ts'] });
      // Held again, so its "unchanged" stub after the compaction is true.
      expect(await w.read({ path: 'b.ts' })).toMatch(CLAUDE_STUB);
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
