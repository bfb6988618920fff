/**
 * A change notice applied to what the worker holds (spec/SPEC.md "Change notices"): the held
 * text's rows (lines with their endings) from `first` to `last` replaced by the body, or the body
 * inserted after row `after`. Nothing is searched for; rows that do not exist, or a stated row
 * count that is not the held version's, apply to nothing.
 */
import type { DeltaClaim } from '../../src/core/claims.ts';
import { splitLines } from '../../src/harness/lines.ts';
import type { StrictResult } from './strict-patch.ts';

export function applyDelta(held: string, claim: DeltaClaim): StrictResult {
  const rows = splitLines(held);
  const r = claim.replaces;
  const [keep, resume] = 'after' in r ? [r.after.value, r.after.value] : [r.first.value - 1, r.last.value];
  if (claim.base !== undefined && claim.base.value !== rows.length)
    return {
      ok: false,
      reason: `it says the version it applies to has ${claim.base.value} rows; the worker holds ${rows.length}`,
    };
  if (resume > rows.length || keep > resume)
    return {
      ok: false,
      reason: `${'after' in r ? `after row ${r.after.value}` : `rows ${r.first.value}–${r.last.value}`} of a held version of ${rows.length} rows`,
    };
  return { ok: true, text: rows.slice(0, keep).join('') + claim.text.body + rows.slice(resume).join('') };
}
