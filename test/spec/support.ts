/**
 * Test rig for spec/: the real SPEC.md, temporary copies of the package (to run the CLI on a
 * tampered SPEC.md), and deliberately broken copies of the reference loaded as adapters.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { ShimAdapter } from '../../src/core/contract.ts';
import { findSpecFile, loadSpecText, type LoadedSpec } from '../../spec/load.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SPEC_FILE = findSpecFile(import.meta.url)!;
export const SPEC_TEXT = readFileSync(SPEC_FILE, 'utf8');

export function loadRealSpec(): LoadedSpec {
  return loadSpecText(SPEC_TEXT, 'spec/SPEC.md');
}

/** 1-based line of the (only) line of `text` that contains `needle`. */
export function lineOf(text: string, needle: string): number {
  const rows = text.split('\n');
  const hits = rows.flatMap((r, i) => (r.includes(needle) ? [i + 1] : []));
  if (hits.length !== 1)
    throw new Error(`expected one line containing ${JSON.stringify(needle)}, found ${hits.length}`);
  return hits[0]!;
}

/** Replaces exactly one occurrence; a missing or repeated target is a loud test failure. */
export function replaceOnce(text: string, from: string, to: string, what: string): string {
  const at = text.indexOf(from);
  if (at === -1) throw new Error(`${what}: target not found: ${JSON.stringify(from.slice(0, 80))}`);
  if (text.indexOf(from, at + 1) !== -1)
    throw new Error(`${what}: target occurs more than once: ${JSON.stringify(from.slice(0, 80))}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

const temps: string[] = [];

/** A fresh temporary directory with node_modules linked in; removed by cleanupTemps(). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `readshim-${prefix}-`));
  temps.push(dir);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

export function cleanupTemps(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Copies top-level entries of the package into `dir`. */
export function copyPackage(dir: string, entries: readonly string[]): void {
  for (const e of entries) cpSync(join(ROOT, e), join(dir, e), { recursive: true });
}

export interface SourceEdit {
  /** File under reference/. */
  readonly file: string;
  readonly from: string;
  readonly to: string;
}

/**
 * A copy of reference/ (with the adapter and what it imports) in a temp dir, `edits` applied to
 * the copy's source, loaded through tsx as a third-party adapter would be.
 */
export async function brokenReference(name: string, edits: readonly SourceEdit[]): Promise<ShimAdapter> {
  const dir = tempDir(`broken-${name.toLowerCase()}`);
  copyPackage(dir, ['reference', 'src/adapters', 'src/core', 'src/harness', 'package.json']);
  for (const e of edits) {
    const path = join(dir, 'reference', e.file);
    writeFileSync(path, replaceOnce(readFileSync(path, 'utf8'), e.from, e.to, `${name} in reference/${e.file}`));
  }
  const mod = (await tsImport(pathToFileURL(join(dir, 'src', 'adapters', 'reference.ts')).href, import.meta.url)) as {
    default: ShimAdapter;
  };
  return { ...mod.default, name: `broken:${name}` };
}
