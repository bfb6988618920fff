/** bench reports: the JSON of docs/reference/cli.md "run" and the pretty table. */
import { leverList } from '../core/levers.ts';
import { reportJson } from '../core/schemas.ts';
import { envelope } from '../core/output.ts';
import { LIE_RULES } from './measure.ts';
import { modeCell, type BenchRow } from './run.ts';
import type { Workload } from './workload.ts';

const n = (x: number): string => x.toLocaleString('en-US');
const pct = (x: number): string => `${x.toFixed(1)}%`;

export function benchJson(w: Workload, rows: readonly BenchRow[], notes: readonly string[] = []): string {
  const report = {
    ...envelope('bench'),
    workload: { ...w.params, actual: w.stats },
    /** Rules whose violation makes a response a lie (one lie per response at most). */
    lieRules: LIE_RULES,
    shims: rows.map((r) => ({
      shim: r.shim,
      ...(r.mode.arm !== undefined ? { arm: r.mode.arm } : { levers: leverList(r.mode.levers) }),
      role: r.role,
      bytesNaive: r.bytesNaive,
      bytesDelivered: r.bytesDelivered,
      savedPct: r.savedPct,
      lies: r.lies,
      lieRules: r.lieRules,
      efficiency: r.efficiency,
      corpus: r.corpus,
    })),
    ...(notes.length > 0 ? { notes } : {}),
  };
  return `${reportJson(report, 2)}\n`;
}

/** The score column: what it saved when it never lied, else its lies. */
export const score = (r: BenchRow): string =>
  r.lies === 0 ? pct(r.savedPct) : `${n(r.lies)} ${r.lies === 1 ? 'lie' : 'lies'}`;

export function describeWorkloadLine(w: Workload): string[] {
  const p = w.params;
  const s = w.stats;
  const share = (k: number): string => (s.reads === 0 ? '0%' : pct((100 * k) / s.reads));
  return [
    `workload: seed ${p.seed}, ${n(s.reads)} reads by ${n(s.workers)} workers over ${n(s.files)} files (${n(s.filesOverCap)} larger than the ${n(p.cap)}-byte cap)`,
    `  ${share(s.rereadsUnchanged)} re-read unchanged text, ${n(s.rereadsChanged)} re-reads after a change, ${n(s.readsOverCap)} reads over the cap, ` +
      `${n(s.windowed)} windows, ${n(s.edits)} edits (${n(s.sameMtimeEdits)} kept the mtime), ${n(s.compactions)} compactions`,
  ];
}

export function benchPretty(w: Workload, rows: readonly BenchRow[], notes: readonly string[] = []): string {
  const head = ['score', 'shim', 'arm', 'kind', 'plain tool (B)', 'delivered (B)', 'saved', 'lies', 'lie classes'];
  const body = rows.map((r) => [
    score(r),
    r.shim,
    modeCell(r.mode),
    r.role,
    n(r.bytesNaive),
    n(r.bytesDelivered),
    pct(r.savedPct),
    n(r.lies),
    n(r.corpus.classes.length),
  ]);
  const right = new Set([4, 5, 6, 7, 8]);
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]): string =>
    `  ${cells.map((c, i) => (right.has(i) ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join('  ')}`.trimEnd();
  const out = ['readshim-conformance bench', '', ...describeWorkloadLine(w), '', line(head), ...body.map(line), ''];
  const liars = rows.filter((r) => r.lies > 0);
  if (liars.length > 0) {
    out.push('lies by rule (each lying response counted once, under its first rule):');
    for (const r of liars)
      out.push(
        `  ${r.shim} (${modeCell(r.mode)}): ${Object.entries(r.lieRules)
          .map(([k, v]) => `${k} ${n(v)}`)
          .join(', ')}`,
      );
    out.push('');
  }
  const classy = rows.filter((r) => r.corpus.classes.length > 0);
  if (classy.length > 0) {
    out.push('lie classes the directed corpus showed (docs/LIE-CLASSES.md):');
    for (const r of classy) out.push(`  ${r.shim} (${modeCell(r.mode)}): ${r.corpus.classes.join(', ')}`);
    out.push('');
  }
  const wasteful = rows.filter((r) => Object.keys(r.efficiency).length > 0);
  if (wasteful.length > 0) {
    out.push('efficiency (waste, not lies):');
    for (const r of wasteful)
      out.push(
        `  ${r.shim} (${modeCell(r.mode)}): ${Object.entries(r.efficiency)
          .map(([k, v]) => `${k} ${n(v.count)} (${n(v.bytes)} B)`)
          .join(', ')}`,
      );
    out.push('');
  }
  for (const note of notes) out.push(`note: ${note}`);
  out.push(
    'score = bytes saved at zero lies; a shim that lied is ranked by its lies (fewest first), whatever it saved.',
    `a lie = a response that breaks ${LIE_RULES.join(', ')} (oracle of properties/oracle/judge.ts).`,
    'lie classes = classes of docs/LIE-CLASSES.md whose directed case made the shim lie (they do not change the score).',
  );
  return `${out.join('\n')}\n`;
}
