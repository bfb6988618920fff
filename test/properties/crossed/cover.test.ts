/**
 * The covering sample of the crossed corpus (RunOptions.crossed 'cover'): every condition row and
 * every edit column the subject can play keeps a played cell, far fewer than the whole table; the
 * cells a subject cannot play are never kept, and a row or column is dropped only when none of its
 * cells can be played.
 */
import { describe, expect, it } from 'vitest';
import { coverSample } from '../../../properties/crossed/cover.ts';
import { cellId, cells } from '../../../properties/crossed/table.ts';
import reference from '../../../src/adapters/reference.ts';
import { runConformance } from '../../../properties/run.ts';
import { CROSSED_CASES } from '../../../properties/crossed/cases.ts';
import { HERE, inProcess } from '../../src/cli/helpers.ts';

const ALL = cells().map((x) => ({ id: cellId(x.condition.id, x.edit.id), row: x.condition.id, col: x.edit.id }));
const covered = (kept: ReadonlySet<string>, playable: (id: string) => boolean) => {
  const left: string[] = [];
  for (const key of ['row', 'col'] as const)
    for (const v of new Set(ALL.filter((x) => playable(x.id)).map((x) => x[key])))
      if (!ALL.some((x) => x[key] === v && kept.has(x.id))) left.push(`${key} ${v}`);
  return left;
};

describe('coverSample', () => {
  it('every row and every column of the whole table, in at most rows + columns cells', () => {
    const kept = coverSample(() => true);
    expect(covered(kept, () => true)).toEqual([]);
    const rows = new Set(ALL.map((x) => x.row)).size;
    const cols = new Set(ALL.map((x) => x.col)).size;
    expect(kept.size).toBeLessThanOrEqual(rows + cols);
    expect(kept.size).toBeLessThan(ALL.length / 3);
    // Not one column for every row: the diagonals spread the edits over the conditions.
    expect(new Set(ALL.filter((x) => kept.has(x.id)).map((x) => x.col)).size).toBe(cols);
  });

  it('only playable cells; a row or column with a playable cell keeps one', () => {
    // Whole columns and a row's diagonal cells cannot be played: the sample finds the others.
    const blocked = (id: string) => /× (same-size-mtime-kept|form-only)$/.test(id) || id.startsWith('many-files × ');
    const playable = (id: string) => !blocked(id) || id === 'many-files × binary-same-size';
    const kept = coverSample(playable);
    expect([...kept].filter((id) => !playable(id))).toEqual([]);
    expect(covered(kept, playable)).toEqual([]);
    expect(kept.has('many-files × binary-same-size')).toBe(true);
  });

  it("a run with crossed: 'cover' plays the sample and tells the other crossed cases why not", async () => {
    const r = await runConformance({ adapter: reference, arm: 'all', runs: 0, seed: 3, crossed: 'cover' });
    playsTheSample(r.corpus!.cases);
    expect(r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised')).toEqual([]);
  });

  it('run --crossed-sample plays it too (docs/reference/cli.md)', async () => {
    const args = ['run', '--arm', 'cap', '--runs', '1', '--sessions', '0', '--no-save', '--reporter', 'json'];
    const r = await inProcess([...args, '--crossed-sample'], undefined, HERE);
    expect(r.code).toBe(0);
    playsTheSample((JSON.parse(r.stdout) as { corpus: { cases: readonly Outcome[] } }).corpus.cases);
  });
});

type Outcome = { readonly id: string; readonly played: boolean; readonly reason?: string };
/** The crossed cases played are the sample of those the run could play; far fewer than those. */
function playsTheSample(cases: readonly Outcome[]): void {
  const crossed = cases.filter((c) => CROSSED_CASES.some((x) => x.id === c.id));
  const outside = (c: Outcome) => !c.played && /covering sample/.test(c.reason ?? '');
  const playable = new Set(crossed.filter((c) => c.played || outside(c)).map((c) => c.id));
  const played = new Set(crossed.filter((c) => c.played).map((c) => c.id));
  expect(played).toEqual(coverSample((id) => playable.has(id)));
  expect(covered(played, (id) => playable.has(id))).toEqual([]);
  expect(played.size).toBeLessThan(playable.size / 3);
}
