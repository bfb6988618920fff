/**
 * The naive designs bench compares against: mutants of the reference that model designs seen in
 * the wild (READ-SHIM-CONTRACT.md §2, §7, §8), loaded exactly like a third party's adapter. In a
 * checkout each is built from the mutant catalogue on demand (mutations/); the packed package
 * carries them prebuilt as JavaScript (bench/build-naive.ts, run by `npm run build` at prepack),
 * so an install benches them without the TypeScript sources — the same edits, compiled once.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ArmName } from '../core/arms.ts';
import type { ShimAdapter } from '../adapters/contract.ts';
import { loadAdapter } from '../adapters/load.ts';
import { ADAPTER_FILE } from '../mutations/workspace.ts';
import { loadMutantAdapter, mutantById } from '../mutations/index.ts';

export const NAIVE_DESIGNS: readonly string[] = Object.freeze(['PATH-HASH-POINTER', 'PATH-ONLY', 'MTIME-KEYED', 'WINDOW-BLIND', 'NO-FORGET']);

/** Where the build writes the prebuilt designs, next to this module (dist/bench/naive). */
export const PREBUILT = fileURLToPath(new URL('./naive', import.meta.url));

/** The prebuilt adapter module of design `id` under `dir`. */
export function prebuiltAdapterPath(id: string, dir: string = PREBUILT): string {
  return `${dir}/${id}/${ADAPTER_FILE.replace(/\.ts$/, '.js')}`;
}

export interface NaiveDesign {
  /** The design as an adapter; its name is the mutant's ID. */
  readonly adapter: ShimAdapter;
  /** The arm it runs under. */
  readonly arm: ArmName;
  dispose(): Promise<void>;
}

/**
 * Design `id`: prebuilt when this kit carries it, else built from the catalogue (which needs the
 * TypeScript sources: it rejects with MutantEditError without them).
 */
export async function loadNaiveDesign(id: string, dir: string = PREBUILT): Promise<NaiveDesign> {
  const spec = mutantById(id);
  if (spec === undefined || !NAIVE_DESIGNS.includes(id)) throw new RangeError(`${JSON.stringify(id)} is not a naive design (known: ${NAIVE_DESIGNS.join(', ')})`);
  const built = prebuiltAdapterPath(id, dir);
  if (!existsSync(built)) return loadMutantAdapter(id);
  const loaded = await loadAdapter(built);
  return { adapter: { ...loaded, name: id }, arm: spec.arm, dispose: async () => void (await loaded.close?.()) };
}
