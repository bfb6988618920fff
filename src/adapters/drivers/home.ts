/**
 * A fresh HOME directory per history (hooks and MCP servers keep state there): made empty, removed
 * when the history ends or the kit exits, so no state crosses histories.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onKitExit } from '../process/cleanup.ts';

export const HOME_PREFIX = 'readshim-home-';

export class ScratchHome {
  readonly path: string;
  readonly #unregister: () => void;
  #removed = false;

  constructor(base: string = tmpdir()) {
    this.path = realpathSync(mkdtempSync(join(base, HOME_PREFIX)));
    this.#unregister = onKitExit(() => this.remove());
  }

  remove(): void {
    if (this.#removed) return;
    this.#removed = true;
    this.#unregister();
    rmSync(this.path, { recursive: true, force: true });
  }
}
