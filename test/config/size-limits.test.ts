/**
 * The size limits of product code (config/size-limits.json, enforced by config/eslint.config.js:
 * no function over 80 lines, no file over 600, blank lines and comments not counted) and their
 * checked exceptions: each names a product file with its reason, and each is still needed — a file
 * that came within the limit loses its exception.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../src/cli/helpers.ts';

interface SizeLimits {
  readonly folders: readonly string[];
  readonly limits: Readonly<Record<string, Record<string, unknown>>>;
  readonly exceptions: Readonly<Record<string, Readonly<Record<string, string>>>>;
}
const SIZES = JSON.parse(readFileSync(join(ROOT, 'config/size-limits.json'), 'utf8')) as SizeLimits;
const rules = Object.fromEntries(
  Object.entries(SIZES.limits).map(([rule, options]) => [rule, ['error', options]]),
) as Linter.RulesRecord;

describe('size limits of product code', () => {
  it('every exception names a product file that exists, under a limit the config sets, with a reason', () => {
    expect(Object.keys(SIZES.limits).sort()).toEqual(['max-lines', 'max-lines-per-function']);
    for (const [rule, files] of Object.entries(SIZES.exceptions)) {
      expect(Object.keys(SIZES.limits)).toContain(rule);
      for (const [file, reason] of Object.entries(files)) {
        expect(existsSync(join(ROOT, file)), file).toBe(true);
        expect(
          SIZES.folders.some((d) => file.startsWith(`${d}/`)),
          file,
        ).toBe(true);
        expect(reason.length, `${file}: its reason`).toBeGreaterThan(20);
      }
    }
  });

  it('every exception is still needed: enforced on its file, the limit is broken there', async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules }],
    });
    const stale: string[] = [];
    for (const [rule, files] of Object.entries(SIZES.exceptions))
      for (const r of await eslint.lintFiles(Object.keys(files)))
        if (!r.messages.some((m) => m.ruleId === rule))
          stale.push(`${r.filePath.slice(ROOT.length)}: within ${rule} now, drop its exception`);
    expect(stale).toEqual([]);
  });

  it('the check can see: a file within the limit is reported stale', async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules }],
    });
    const [r] = await eslint.lintFiles(['properties/rules/FORGET-RESETS.ts']);
    expect(r!.messages.filter((m) => m.ruleId === 'max-lines-per-function')).toEqual([]);
    const [big] = await eslint.lintFiles(['spec/parse.ts']);
    expect(big!.messages.some((m) => m.ruleId === 'max-lines')).toBe(true);
  });
});
