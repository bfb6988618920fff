/**
 * A covering sample of the crossed corpus (RunOptions.crossed 'cover'): for the kit's own tests whose
 * point is not the whole table. Every condition row and every edit column the subject can play is
 * played at least once: the cells are taken along the table's diagonals (row r first with edit r),
 * and a cell is kept while its row or its column has none yet. Deterministic: the table alone decides.
 */
import { cellId, cells } from './table.ts';

/** How much of the crossed corpus a run plays: every cell (the default), or the covering sample. */
export type CrossedPlay = 'all' | 'cover';

/** The ids of the sampled cells, of those `playable` says the subject can play. */
export function coverSample(playable: (id: string) => boolean): ReadonlySet<string> {
  const all = cells();
  const rows = (kind: string) => [...new Set(all.filter((x) => x.edit.kind === kind).map((x) => x.condition.id))];
  const cols = (kind: string) => [...new Set(all.filter((x) => x.edit.kind === kind).map((x) => x.edit.id))];
  const diagonal = (x: (typeof all)[number]): number => {
    const r = rows(x.edit.kind).indexOf(x.condition.id);
    const c = cols(x.edit.kind);
    return (((c.indexOf(x.edit.id) - r) % c.length) + c.length) % c.length;
  };
  const ordered = all.map((x) => ({ x, d: diagonal(x) })).sort((a, b) => a.d - b.d);
  const kept = new Set<string>();
  const rowsIn = new Set<string>();
  const colsIn = new Set<string>();
  for (const { x } of ordered) {
    const id = cellId(x.condition.id, x.edit.id);
    if (!playable(id) || (rowsIn.has(x.condition.id) && colsIn.has(x.edit.id))) continue;
    kept.add(id);
    rowsIn.add(x.condition.id);
    colsIn.add(x.edit.id);
  }
  return kept;
}
