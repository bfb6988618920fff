/** A worker reading through the reference shim from an in-memory disk (benchmarks only). */
import { createReadShim, decodeResponse, type ReadShim } from '../../../reference/index.ts';

export const CAP = 24_576;
export const SEAL = 'benchseal';

export class Disk {
  readonly #files = new Map<string, Buffer>();
  set(path: string, text: string): void {
    this.#files.set(path, Buffer.from(text, 'utf8'));
  }
  /** Decodes a fresh string per read, as a disk read would. */
  readonly tool = {
    execute: async (args: unknown): Promise<string> => {
      const b = this.#files.get((args as { path: string }).path);
      if (b === undefined) throw new Error('ENOENT');
      return b.toString('utf8');
    },
  };
}

export interface Worker {
  readonly disk: Disk;
  readonly shim: ReadShim;
  readonly read: (path: string) => Promise<string>;
}

export function worker(arm: unknown, cap = CAP): Worker {
  const disk = new Disk();
  const shim = createReadShim({ arm, cap, seal: SEAL });
  const tool = shim.wrapRead(disk.tool);
  return { disk, shim, read: async (path) => await tool.execute({ path }) };
}

/** Reads until the worker holds the file in full; returns the number of reads. */
export async function deliverFully(read: (path: string) => Promise<string>, path: string): Promise<number> {
  for (let i = 1; i <= 100_000; i++) {
    const res = await read(path);
    if (!res.startsWith(`[readshim ${SEAL}] `)) return i; // verbatim first read
    const c = decodeResponse(res, SEAL);
    if (c.kind === 'pointer' || c.kind === 'diff' || (c.kind === 'slice' && c.done)) return i;
  }
  throw new Error('deliverFully: no progress');
}

/** A tool that returns one of a few pre-decoded, distinct copies of the text: costs ~nothing. */
export function copyTool(text: string, copies = 4): { execute(args: unknown): Promise<string> } {
  const pool = Array.from({ length: copies }, () => Buffer.from(text, 'utf8').toString('utf8'));
  let n = 0;
  return { execute: async () => pool[n++ % copies]! };
}
