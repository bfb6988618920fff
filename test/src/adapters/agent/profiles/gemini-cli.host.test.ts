/**
 * The real gemini-cli (the pinned version) played by the kit's model server, without the oracle:
 * each rule `run --agent gemini-cli` fails is reproduced here as a scripted scenario, and each
 * normalisation its profile declares is checked against what the CLI sent back. It has no re-read stub, so the truthful paths (re-reads after edits that keep
 * the mtime, windows, a missing file) are exercised too. A missing CLI fails these tests with the
 * install command; they never skip.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAgentAdapter } from '../../../../../src/adapters/agent/adapter.ts';
import { INSTALL_DIR } from '../../../../../src/adapters/agent/install.ts';
import { askVersion } from '../../../../../src/adapters/agent/version.ts';
import { boundedText, refusalOf } from '../../../../../src/harness/host-tool.ts';
import { GEMINI_BINARY, geminiCli } from '../../../../../src/adapters/agent/profiles/gemini-cli.ts';
import type { HistoryHandle, WorkerShim } from '../../../../../src/core/contract.ts';

const BIN = join(process.cwd(), INSTALL_DIR, 'node_modules', '.bin', geminiCli.binary);
const INSTALL = `the pinned CLI is missing: run dev/scripts/install-agent-clis.sh gemini-cli (installs ${geminiCli.package}@${geminiCli.version} into ${INSTALL_DIR}/)`;
const T = 1_700_000_000_000;

async function scenario(f: (h: HistoryHandle, w: WorkerShim) => Promise<void>): Promise<Record<string, unknown>> {
  if (!existsSync(BIN)) throw new Error(INSTALL);
  const a = openAgentAdapter({ profile: geminiCli, profileSource: 'built-in gemini-cli' });
  const h = await a.openHistory({ arm: undefined, levers: ['pointer', 'diff'], cap: 4096, seal: 's' });
  try {
    const w = await h.create({ workerId: 'w1' } as never);
    await f(h, w);
  } finally {
    await h.close();
  }
  return a.host().counts;
}

describe(`gemini-cli ${geminiCli.version} (real CLI)`, () => {
  it('is installed at the pinned version', async () => {
    if (!existsSync(BIN)) throw new Error(INSTALL);
    const home = mkdtempSync(join(tmpdir(), 'gemini-version-')); // its --version writes into HOME
    try {
      expect(
        await askVersion(BIN, { PATH: process.env.PATH ?? '', GEMINI_CLI_NO_RELAUNCH: 'true', HOME: home }),
      ).toContain(geminiCli.version);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 90_000);

  it('binary is a NUL within the first 512 bytes, never for a .ts name nor after a BOM (refuse.binaryWithin, textExtensions, bomIsText)', async () => {
    const tool = geminiCli.tool!;
    expect(tool.refuse).toMatchObject({
      binary: true,
      binaryWithin: 512,
      textExtensions: ['.ts', '.mts', '.cts'],
      bomIsText: true,
    });
    const late = `${'x'.repeat(600)}\u0000late\n`;
    await scenario(async (h, w) => {
      const cases: [string, string, boolean][] = [
        ['early.js', 'nul\u0000byte\nmore\n', true],
        ['early.ts', 'nul\u0000byte\nmore\n', false],
        ['late.js', late, false],
        ['bom.js', '\uFEFFnul\u0000byte\n', false],
      ];
      for (const [name, text, refused] of cases) {
        h.write(name, text, T);
        const shown = await w.read({ path: name });
        expect(GEMINI_BINARY.test(shown), name).toBe(refused);
        expect(refusalOf(text, undefined, undefined, text, tool, name) !== undefined, name).toBe(refused);
      }
    });
  }, 180_000);

  it('the normalisation its profile declares is what it does: CRLF shown as LF, a leading BOM dropped', async () => {
    expect(geminiCli.tool?.normalize).toEqual(['crlf', 'bom']);
    await scenario(async (h, w) => {
      const onDisk = h.write('w.ts', 'crlf line 1\r\ncrlf line 2\r\n', T);
      const shown = await w.read({ path: 'w.ts' });
      expect(shown).toBe('crlf line 1\ncrlf line 2\n');
      expect(shown).not.toBe(onDisk);
      expect(shown).toBe(boundedText(onDisk, undefined, undefined, geminiCli.tool!)); // the declared ground truth
      const bom = h.write('b.ts', '\uFEFFbom line\n', T);
      expect(await w.read({ path: 'b.ts' })).toBe(boundedText(bom, undefined, undefined, geminiCli.tool!));
      expect(h.decode!(shown, {} as never)).toEqual({ kind: 'verbatim' }); // passed off as the file's text
    });
  }, 180_000);

  it('no dedup: an edit that keeps the mtime is re-read in full, windows and a missing file are told truthfully, nothing phones home', async () => {
    const counts = await scenario(async (h, w) => {
      const absent = await w.read({ path: 'a.ts' });
      expect(absent).toMatch(/^File not found: /);
      expect(h.decode!(absent, {} as never)).toEqual({ kind: 'refusal', reason: 'absent' });
      const first = h.write('a.ts', 'const keep0 = \nline 2\nline 3\n', T);
      expect(await w.read({ path: 'a.ts' })).toBe(first);
      const kept = h.write('a.ts', 'const keep0 =\nline 2\nline 3\n', T); // the mtime kept
      expect(await w.read({ path: 'a.ts' })).toBe(kept);
      expect(await w.read({ path: 'a.ts', offset: 2, limit: 1 })).toBe('line 2\n');
      expect(await w.read({ path: 'a.ts', offset: 2 })).toBe('line 2\nline 3\n');
      expect(await w.read({ path: 'a.ts', offset: 9, limit: 2 })).toBe('');
    });
    expect(counts).toMatchObject({ stubs: 0, refusals: 1, refusedDestinations: 0 });
  }, 180_000);
});
