/**
 * readshim-conformance mutants: the registry, and the small API bench uses to load a mutant as
 * an adapter. A mutant is loaded exactly like a third party's --adapter module.
 */
import type { ArmName } from '../src/core/arms.ts';
import type { ShimAdapter } from '../src/core/contract.ts';
import { loadAdapter } from '../src/adapters/load.ts';
import { ADDITIONS, DESIGN_CATALOGUE } from './catalogue/index.ts';
import type { MutantSpec } from './spec.ts';
import { KIT_ROOT, materialise } from './workspace.ts';

export type { MutantSpec } from './spec.ts';
export { MutantEditError } from './edit.ts';

/** Every mutant, in catalogue order. */
export const MUTANTS: readonly MutantSpec[] = Object.freeze([...DESIGN_CATALOGUE, ...ADDITIONS]);

export const MUTANT_IDS: readonly string[] = Object.freeze(MUTANTS.map((m) => m.id));

export function mutantById(id: string): MutantSpec | undefined {
  return MUTANTS.find((m) => m.id === id);
}

export interface LoadedMutant {
  /** The mutated reference as an adapter; its name is the mutant's ID. */
  readonly adapter: ShimAdapter;
  /** The arm the mutant's truth-rule histories run under. */
  readonly arm: ArmName;
  /** Removes the mutant's temporary source tree (and closes the adapter). */
  dispose(): Promise<void>;
}

/**
 * Builds mutant `id` in a temporary directory and loads it through src/adapters/load.ts, as the CLI
 * loads a third party's --adapter module. Rejects with MutantEditError when its edit no longer
 * finds its target, UsageError when it does not load (its temporary tree is removed either way).
 * `root` is the kit whose reference is mutated (default: this one).
 */
export async function loadMutantAdapter(id: string, root: string = KIT_ROOT): Promise<LoadedMutant> {
  const spec = mutantById(id);
  if (spec === undefined)
    throw new RangeError(`unknown mutant ${JSON.stringify(id)} (known: ${MUTANT_IDS.join(', ')})`);
  return loadMutant(spec, root);
}

/** loadMutantAdapter for a spec that need not be in the catalogue (the kit's own tests). */
export async function loadMutant(spec: MutantSpec, root: string = KIT_ROOT): Promise<LoadedMutant> {
  const ws = materialise(spec, root);
  let loaded: ShimAdapter;
  try {
    loaded = await loadAdapter(ws.adapterPath);
  } catch (e) {
    ws.dispose();
    throw e;
  }
  const adapter: ShimAdapter = { ...loaded, name: spec.id };
  return {
    adapter,
    arm: spec.arm,
    dispose: async () => {
      try {
        await loaded.close?.();
      } finally {
        ws.dispose();
      }
    },
  };
}
