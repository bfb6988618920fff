/**
 * A temporary copy of this kit (sources, bin, config; node_modules linked), for negative controls
 * that tamper with the kit itself: the tracked files are never touched while other tests run.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Never copied: installs, history, build output, local state. */
const SKIP = new Set(['node_modules', '.git', 'dist', 'scratch', '.readshim', 'coverage', 'reports', '.stryker-tmp']);

export interface KitCopy {
  readonly root: string;
  dispose(): void;
}

export function copyKit(): KitCopy {
  const root = mkdtempSync(join(tmpdir(), 'readshim-kit-copy-'));
  try {
    for (const entry of readdirSync(ROOT))
      if (!SKIP.has(entry)) cpSync(join(ROOT, entry), join(root, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}
