/**
 * The real qwen-code CLI (the pinned version) played by the kit's model server, without the
 * oracle: each rule `run --agent qwen-code` fails is reproduced here as a scripted scenario
 * (read, an edit on disk as the story describes, re-read), asserting what the CLI sent back. A
 * missing CLI fails these tests with the install command; they never skip.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundedText, refusalOf } from '../../../../../src/harness/host-tool.ts';
import { openAgentAdapter } from '../../../../../src/adapters/agent/adapter.ts';
import { INSTALL_DIR } from '../../../../../src/adapters/agent/install.ts';
import { askVersion } from '../../../../../src/adapters/agent/version.ts';
import {
  QWEN_BINARY,
  QWEN_BLANK,
  QWEN_CUT,
  QWEN_STUB,
  qwenCode,
} from '../../../../../src/adapters/agent/profiles/qwen-code.ts';
import type { HistoryHandle, WorkerShim } from '../../../../../src/core/contract.ts';

const BIN = join(process.cwd(), INSTALL_DIR, 'node_modules', '.bin', qwenCode.binary);
const INSTALL = `the pinned CLI is missing: run dev/scripts/install-agent-clis.sh qwen-code (installs ${qwenCode.package}@${qwenCode.version} into ${INSTALL_DIR}/)`;
const T = 1_700_000_000_000;

async function scenario(f: (h: HistoryHandle, w: WorkerShim) => Promise<void>): Promise<void> {
  if (!existsSync(BIN)) throw new Error(INSTALL);
  const a = openAgentAdapter({ profile: qwenCode, profileSource: 'built-in qwen-code' });
  const h = await a.openHistory({ arm: undefined, levers: ['pointer', 'diff'], cap: 4096, seal: 's' });
  try {
    const w = await h.create({ workerId: 'w1' } as never);
    await f(h, w);
  } finally {
    await h.close();
  }
}

describe(`qwen-code ${qwenCode.version} (real CLI)`, () => {
  it('binary is a NUL within the first 4,096 bytes, unless the name says text or a BOM starts the file (refuse.*)', async () => {
    const tool = qwenCode.tool!;
    expect(tool.refuse).toMatchObject({ binary: true, binaryWithin: 4096, bomIsText: true });
    await scenario(async (h, w) => {
      const cases: [string, string, boolean][] = [
        ['early.lock', 'nul\u0000byte\nmore\n', true],
        ['early', 'nul\u0000byte\nmore\n', true],
        ['early.ts', 'nul\u0000byte\nmore\n', false],
        ['early.cfg', 'nul\u0000byte\nmore\n', false],
        ['at4095.lock', `${'x'.repeat(4095)}\u0000\n`, true],
        ['at4096.lock', `${'x'.repeat(4096)}\u0000\n`, false],
        ['bom.lock', '\uFEFFnul\u0000byte\n', false],
        ['text.bin', 'plain text\n', true], // refused by its name (refuse.extensions)
      ];
      for (const [name, text, refused] of cases) {
        h.write(name, text, T);
        const shown = await w.read({ path: name });
        expect(QWEN_BINARY.test(shown), name).toBe(refused);
        expect(refusalOf(text, undefined, undefined, text, tool, name) !== undefined, name).toBe(refused);
      }
    });
  }, 180_000);

  it('is installed at the pinned version', async () => {
    if (!existsSync(BIN)) throw new Error(INSTALL);
    expect(await askVersion(BIN, { PATH: process.env.PATH ?? '' })).toContain(qwenCode.version);
  }, 60_000);

  it('POINTER-FULL reproduced: an edit that keeps the mtime and the size gets the "unchanged" stub while the disk holds other bytes', async () => {
    await scenario(async (h, w) => {
      const shownFirst = h.write('a.ts', 'const keep = 1;\n', T);
      expect(await w.read({ path: 'a.ts' })).toBe(shownFirst);
      const onDisk = h.write('a.ts', 'const keep = 2;\n', T); // same mtime, same size: its cache says fresh
      const second = await w.read({ path: 'a.ts' });
      expect(second).toMatch(QWEN_STUB);
      expect(h.decode!(second, {} as never)).toMatchObject({ kind: 'pointer' });
      expect(onDisk).not.toBe(shownFirst); // the worker holds the old bytes, told they are current
    });
  }, 120_000);

  it("the normalisation its profile declares is what it does: trailing whitespace and a CRLF's \\r dropped (trim-end); the stub then points at that text", async () => {
    expect(qwenCode.tool?.normalize).toEqual(['bom', 'trim-end', 'split']);
    await scenario(async (h, w) => {
      const spaced = h.write('s.ts', 'const a = 1;  \n\tb();\t\n', T);
      const shown = await w.read({ path: 's.ts' });
      expect(shown).toBe('const a = 1;\n\tb();\n');
      expect(shown).not.toBe(spaced);
      expect(shown).toBe(boundedText(spaced, undefined, undefined, qwenCode.tool!)); // the declared ground truth
      // The unchanged re-read is the stub: true of the text the worker was shown.
      expect(await w.read({ path: 's.ts' })).toMatch(QWEN_STUB);
      const crlf = h.write('w.ts', 'crlf line 1\r\ncrlf line 2\r\n', T);
      expect(await w.read({ path: 'w.ts' })).toBe('crlf line 1\ncrlf line 2\n');
      expect(crlf).toContain('\r\n');
    });
  }, 120_000);

  it('a truthful path is exercised too: a moved mtime or size is re-read in full, windows are exact, a missing file is refused', async () => {
    await scenario(async (h, w) => {
      h.write('b.ts', 'let b = 1;\n', T);
      expect(await w.read({ path: 'b.ts' })).toBe('let b = 1;\n');
      const moved = h.write('b.ts', 'let b = 2;\n', T + 5_000);
      expect(await w.read({ path: 'b.ts' })).toBe(moved);
      const longer = h.write('b.ts', 'let b = 30;\n', T + 5_000); // same mtime, other size
      expect(await w.read({ path: 'b.ts' })).toBe(longer);
      const c = h.write('c.ts', 'one\ntwo\nthree\nfour\n', T);
      expect(await w.read({ path: 'c.ts', offset: 2, limit: 2 })).toBe(boundedText(c, 2, 2, qwenCode.tool!));
      expect(await w.read({ path: 'c.ts', offset: 3 })).toBe(boundedText(c, 3, undefined, qwenCode.tool!));
      const missing = await w.read({ path: 'missing.ts' });
      expect(h.decode!(missing, {} as never)).toEqual({ kind: 'refusal', reason: 'absent' });
    });
  }, 120_000);
  it('declared as it shows a file: a blank text as its words, a text over 25,000 units cut with its marker (SLICE-EXACT judges exactly the bytes shown)', async () => {
    const tool = qwenCode.tool!;
    await scenario(async (h, w) => {
      h.write('blank.txt', '  \n\t\n', T);
      const blank = await w.read({ path: 'blank.txt' });
      expect(blank).toBe(boundedText('  \n\t\n', undefined, undefined, tool));
      expect(blank).toBe(QWEN_BLANK);
      const big = h.write('big.txt', Array.from({ length: 400 }, (_, i) => `${i} ${'x'.repeat(240)}\n`).join(''), T);
      const shown = await w.read({ path: 'big.txt' });
      expect(shown).toBe(boundedText(big, undefined, undefined, tool));
      expect(shown.endsWith(QWEN_CUT)).toBe(true);
    });
  }, 180_000);
});
