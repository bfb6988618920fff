/**
 * The real Claude Code CLI (the pinned version) played by the kit's model server, without the
 * oracle: what `run --agent claude-code` judges is probed here as scripted scenarios (read, an
 * edit on disk, re-read), asserting what the CLI sent back. The pin (2.1.332) no longer
 * de-duplicates: the edit that made 2.1.197 lie on POINTER-FULL is re-read in full (the older
 * pin's stub is recorded in docs/reference/agent-versions.md). Each profile declaration is probed
 * where it applies. A missing CLI fails these tests with the install command; they never skip.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAgentAdapter } from '../../../../../src/adapters/agent/adapter.ts';
import { INSTALL_DIR } from '../../../../../src/adapters/agent/install.ts';
import { askVersion } from '../../../../../src/adapters/agent/version.ts';
import { CLAUDE_STUB, claudeCode } from '../../../../../src/adapters/agent/profiles/claude-code.ts';
import { boundedText, hostPage } from '../../../../../src/harness/host-tool.ts';
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

  it('no dedup: an edit that keeps the mtime (the edit 2.1.197 answered with its stub) is re-read in full', async () => {
    await scenario(async (h, w) => {
      const shownFirst = h.write('a.ts', 'const keep0 = 1;\n', T);
      expect(await w.read({ path: 'a.ts' })).toBe(shownFirst);
      expect(await w.read({ path: 'a.ts' })).toBe(shownFirst); // unchanged: content again, no stub
      const onDisk = h.write('a.ts', 'const keep0 = 2;\n', T); // the mtime and the size kept
      const second = await w.read({ path: 'a.ts' });
      expect(second).not.toMatch(CLAUDE_STUB);
      expect(second).toBe(onDisk);
    });
  }, 120_000);

  it('trim-last: only the last shown row loses its trailing whitespace (the trim before its token-count reminder); the NUL note is framing', async () => {
    const tool = claudeCode.tool!;
    expect(tool.normalize).toContain('trim-last');
    await scenario(async (h, w) => {
      const spaced = h.write('t.ts', 'a  \nb \t', T);
      const shown = await w.read({ path: 't.ts' });
      expect(shown).toBe('a  \nb'); // a middle row keeps its blanks
      expect(shown).toBe(boundedText(spaced, undefined, undefined, tool));
      const nul = h.write('n.txt', 'x\u0000y\nz\n', T);
      expect(await w.read({ path: 'n.txt' })).toBe(boundedText(nul, undefined, undefined, tool));
    });
  }, 120_000);

  it("the text its Read shows is what the profile declares (tool.normalize: CRLF as LF, no BOM, a window's rows), not the disk's bytes", async () => {
    const tool = claudeCode.tool!;
    expect(tool.normalize).toEqual(['crlf', 'bom', 'split', 'trim-last']);
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

  it('pageOverTokens: a text over 25,000 tokens (UTF-16 units / 4) is shown as a page of its first lines; one under it whole, whatever its bytes', async () => {
    const tool = claudeCode.tool!;
    expect(tool.pageOverTokens).toBe(25_000);
    const rows = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('\n') + '\n';
    await scenario(async (h, w) => {
      // 150,000 ASCII units: 37,500 tokens, paged (measured: its first 1,700 lines).
      const long = h.write(
        'long.txt',
        rows(3000, (i) => `${String(i).padStart(6, '0')} ${'x'.repeat(42)}`),
        T,
      );
      const shown = await w.read({ path: 'long.txt' });
      expect(shown.length).toBeLessThan(long.length);
      expect(hostPage(boundedText(long, undefined, undefined, tool), shown, tool)).toBe(shown);
      // 150,000 UTF-8 bytes but 87,000 UTF-16 units: 21,750 tokens, shown whole.
      const wide = h.write(
        'wide.txt',
        rows(3000, (i) => `${String(i).padStart(6, '0')} ${'é'.repeat(21)}`),
        T,
      );
      expect(await w.read({ path: 'wide.txt' })).toBe(boundedText(wide, undefined, undefined, tool));
    });
  }, 120_000);

  it('/compact compacts it headless; its next request re-attaches recently read files, which the kit reads (observed, not declared)', async () => {
    await scenario(async (h, w) => {
      h.write('a.ts', 'const a = 1;\n', T);
      h.write('b.ts', 'const b = 2;\n', T);
      expect(await w.read({ path: 'a.ts' })).toBe('const a = 1;\n');
      expect(await w.read({ path: 'b.ts' })).toBe('const b = 2;\n');
      const said = await w.forget!();
      // Measured on 2.1.197 and 2.1.332: both files read before the compaction come back whole in its next request.
      expect(said).toEqual({ reattached: ['a.ts', 'b.ts'] });
      // 2.1.332 answers a re-read after it with the content, not a stub.
      expect(await w.read({ path: 'b.ts' })).toBe('const b = 2;\n');
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
