/**
 * The naive designs bench compares against: mutants of the reference that model designs seen in
 * the wild (docs/LIE-CLASSES.md), loaded exactly like a third party's adapter. In a
 * checkout each is built from the mutant catalogue on demand (mutations/); the packed package
 * carries them prebuilt, one bundled JavaScript file each (dev/bench/build-naive.ts, run by `npm run
 * build` at prepack), so an install benches them without the TypeScript sources — the same edits,
 * compiled once.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ArmName } from '../core/arms.ts';
import type { ShimAdapter } from '../core/contract.ts';
import { loadAdapter } from '../adapters/load.ts';

/** Each design and the arm its mutant runs under (test/src/bench/naive.test.ts keeps them equal to the catalogue's). */
export const NAIVE_ARMS: Readonly<Record<string, ArmName>> = Object.freeze({
  'PATH-HASH-POINTER': 'cap',
  'PATH-ONLY': 'cap',
  'MTIME-KEYED': 'cap',
  'WINDOW-BLIND': 'cap',
  'NO-FORGET': 'all',
});
export const NAIVE_DESIGNS: readonly string[] = Object.freeze(Object.keys(NAIVE_ARMS));

/** The edited adapter a prebuilt design is bundled from (mutations/workspace.ts ADAPTER_FILE, compiled). */
export const PREBUILT_ADAPTER = 'src/adapters/reference.js';

/** Where the build writes the prebuilt designs, next to the built modules (dist/naive). */
export const PREBUILT = fileURLToPath(new URL('./naive', import.meta.url));

/** The prebuilt adapter module of design `id` under `dir`: one bundled file. */
export function prebuiltAdapterPath(id: string, dir: string = PREBUILT): string {
  return `${dir}/${id}.js`;
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
  const arm = NAIVE_ARMS[id];
  if (arm === undefined)
    throw new RangeError(`${JSON.stringify(id)} is not a naive design (known: ${NAIVE_DESIGNS.join(', ')})`);
  const built = prebuiltAdapterPath(id, dir);
  // The catalogue is loaded only in a checkout: the package ships the prebuilt designs, not mutations/.
  if (!existsSync(built)) return (await import('../../mutations/index.ts')).loadMutantAdapter(id);
  const loaded = await loadAdapter(built);
  return { adapter: { ...loaded, name: id }, arm, dispose: async () => void (await loaded.close?.()) };
}
