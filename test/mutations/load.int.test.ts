import { describe, expect, it } from 'vitest';
import reference from '../../src/adapters/reference.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import { MutantEditError, MUTANT_IDS, loadMutant, loadMutantAdapter } from '../../mutations/index.ts';
import { fn } from '../../mutations/edit.ts';
import { judgeHistory } from '../../properties/history.ts';
import { privateTmp, spec, treesOf } from './support.ts';
import { modeOfArm } from '../../src/core/levers.ts';

privateTmp();

const forgetThenReread: TraceEvent[] = [
  { type: 'worker', id: 'w1' },
  { type: 'write', path: 'src/b.ts', content: 'export const b = 1;\n', mtimeMs: 1000 },
  { type: 'read', worker: 'w1', path: 'src/b.ts' },
  { type: 'forget', worker: 'w1', path: './src/b.ts' },
  { type: 'read', worker: 'w1', path: 'src/b.ts' },
];
const kindOf = async (adapter: typeof reference, events: TraceEvent[]): Promise<string | undefined> => {
  const v = await judgeHistory(adapter, { mode: modeOfArm('cap'), cap: 64, seal: 'a1b2c3d4e5f6' }, events);
  const last = v.outcomes.at(-1)!;
  return last.kind === 'read' ? last.claim?.kind : undefined;
};

describe('loadMutantAdapter (the API bench uses)', () => {
  it('loads the mutated reference through the adapter loader, named by its ID, and disposes of its tree', async () => {
    expect(MUTANT_IDS).toContain('FORGET-ALIAS');
    const m = await loadMutantAdapter('FORGET-ALIAS');
    try {
      expect(m.adapter.name).toBe('FORGET-ALIAS');
      expect(m.arm).toBe('cap');
      expect(m.adapter.capabilities).toEqual(reference.capabilities);
      expect(treesOf('FORGET-ALIAS')).toHaveLength(1);
      // The one break: forget through an alias resets nothing, where the reference resets.
      expect(await kindOf(reference, forgetThenReread)).toBe('verbatim');
      expect(await kindOf(m.adapter, forgetThenReread)).toBe('pointer');
    } finally {
      await m.dispose();
    }
    expect(treesOf('FORGET-ALIAS')).toEqual([]);
  });

  it('refuses an unknown ID, naming the known ones', async () => {
    await expect(loadMutantAdapter('NO-SUCH-MUTANT')).rejects.toThrow(
      /unknown mutant "NO-SUCH-MUTANT" \(known: PATH-HASH-POINTER, /,
    );
  });

  it('fails loudly when its target is gone, and leaves no tree', async () => {
    const lost = spec('LOST-TARGET', ['POINTER-FULL'], (t) => {
      fn(t.file('reference/shim.ts'), 'noSuchFunction');
    });
    await expect(loadMutant(lost)).rejects.toThrow(MutantEditError);
    await expect(loadMutant(lost)).rejects.toThrow(/function noSuchFunction: not found in shim\.ts/);
    expect(treesOf('LOST-TARGET')).toEqual([]);
  });

  it('fails loudly when the edit changes nothing or breaks the syntax', async () => {
    await expect(
      loadMutant(spec('NO-EDIT', ['POINTER-FULL'], (t) => void t.file('reference/shim.ts'))),
    ).rejects.toThrow(/changed nothing/);
    await expect(
      loadMutant(
        spec('BAD-SYNTAX', ['POINTER-FULL'], (t) => void t.file('reference/utf8.ts').addStatements('export const = ;')),
      ),
    ).rejects.toThrow(/unparsable/);
    await expect(
      loadMutant(spec('NO-FILE', ['POINTER-FULL'], (t) => void t.file('reference/nothing.ts'))),
    ).rejects.toThrow(/no file reference\/nothing\.ts/);
  });

  it('removes the tree of a mutant that does not load', async () => {
    const boom = spec(
      'BOOM-ON-IMPORT',
      ['POINTER-FULL'],
      (t) => void t.file('reference/utf8.ts').addStatements("throw new Error('boom on import');"),
    );
    await expect(loadMutant(boom)).rejects.toThrow(/failed to load: boom on import/);
    expect(treesOf('BOOM-ON-IMPORT')).toEqual([]);
  });
});
