/**
 * readshim-conformance bench: every shim of the table through the same workload, side by side.
 * Baselines: the reference under each arm, and the mutants that model the naive designs of the
 * wild (src/bench/naive.ts: prebuilt in the package, built from the catalogue in a checkout; loaded
 * exactly like a third party's adapter). Writes nothing:
 * no failure database, no trace files (a mutant's temporary source tree and a process shim's
 * sandbox are removed when it is done).
 */
import { ARM_NAMES } from '../core/arms.ts';
import { leverList, modeOfArm, type Mode } from '../core/levers.ts';
import type { ShimAdapter } from '../core/contract.ts';
import { sealFor } from '../../properties/run.ts';
import { LIE_CLASS_IDS, type LieClassId } from '../../properties/corpus/classes.ts';
import { playCorpus } from '../../properties/corpus/play.ts';
import type { RuleId } from '../core/rules.ts';
import { NAIVE_DESIGNS, loadNaiveDesign, type NaiveDesign } from './naive.ts';
import { LIE_RULES, measure, type Measurement } from './measure.ts';
import type { Workload } from './workload.ts';
import { defined } from '../core/defined.ts';

export { NAIVE_DESIGNS };

export type Role = 'under test' | 'reference' | 'naive';
export type Baselines = 'all' | 'reference' | 'none';

/** The directed corpus (properties/corpus/) played against a bench row: the lie classes it showed. */
export interface CorpusLies {
  readonly played: number;
  /** Classes one of whose cases broke a lie rule (LIE_RULES), in catalogue order. */
  readonly classes: readonly LieClassId[];
  /** Those cases. */
  readonly cases: readonly string[];
}

export interface BenchRow extends Measurement {
  readonly shim: string;
  /** The arm or the declared levers it ran under. */
  readonly mode: Mode;
  readonly role: Role;
  readonly corpus: CorpusLies;
}

/** "all", or "levers pointer+cap" — a table cell. */
export function modeCell(m: Mode): string {
  return m.arm ?? `levers ${leverList(m.levers).join('+') || 'none'}`;
}

export interface Subject {
  readonly adapter: ShimAdapter;
  /** How it is reached (a process cannot have its read tool fail on purpose). Default in-process. */
  readonly transport?: 'in-process' | 'process';
  /** Modes to bench it under: each declared arm asked for, or its declared levers. */
  readonly modes: readonly Mode[];
}

export interface BenchOptions {
  readonly workload: Workload;
  readonly subject?: Subject;
  readonly baselines: Baselines;
  readonly onProgress?: (line: string) => void;
}

/** A naive design that cannot be built (its mutant no longer applies, or the kit has no sources). */
export class BaselineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaselineError';
  }
}

/**
 * Score order: shims without lies first, most saved first; then shims that lied, fewest lies first
 * (what they saved does not redeem a lie). Ties keep the order they were run in.
 */
export function byScore(a: BenchRow, b: BenchRow): number {
  if ((a.lies === 0) !== (b.lies === 0)) return a.lies === 0 ? -1 : 1;
  if (a.lies !== b.lies) return a.lies - b.lies;
  return b.savedPct - a.savedPct;
}

export async function runBench(o: BenchOptions): Promise<BenchRow[]> {
  const { params, events } = o.workload;
  const seal = sealFor(params.seed);
  const rows: BenchRow[] = [];
  const one = async (
    adapter: ShimAdapter,
    shim: string,
    mode: Mode,
    role: Role,
    transport: 'in-process' | 'process' = 'in-process',
  ): Promise<void> => {
    o.onProgress?.(`${shim} (${modeCell(mode)}): ${params.reads.toLocaleString('en-US')} reads`);
    const measured = await measure(
      adapter,
      {
        mode,
        cap: adapter.capabilities.cap ?? params.cap,
        seal,
        ...(adapter.capabilities.tool ? { tool: adapter.capabilities.tool } : {}),
      },
      events,
    );
    rows.push({ shim, mode, role, ...measured, corpus: await corpusLies(adapter, mode, seal, transport) });
  };

  if (o.subject !== undefined)
    for (const mode of o.subject.modes)
      await one(o.subject.adapter, o.subject.adapter.name, mode, 'under test', o.subject.transport);
  if (o.baselines !== 'none') {
    const reference = (await import('../adapters/reference.ts')).default;
    for (const arm of ARM_NAMES) await one(reference, 'reference', modeOfArm(arm), 'reference');
  }
  if (o.baselines === 'all')
    for (const id of NAIVE_DESIGNS) {
      let loaded: NaiveDesign;
      try {
        loaded = await loadNaiveDesign(id);
      } catch (e) {
        throw new BaselineError(
          `cannot build the naive design ${id}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`,
        );
      }
      try {
        await one(loaded.adapter, id, modeOfArm(loaded.arm), 'naive');
      } finally {
        await loaded.dispose();
      }
    }
  return rows.sort(byScore);
}

/** The corpus against one shim and mode: which lie classes it shows (the same cases a run plays first). */
export async function corpusLies(
  adapter: ShimAdapter,
  mode: Mode,
  seal: string,
  transport: 'in-process' | 'process',
): Promise<CorpusLies> {
  const broken = new Map<string, LieClassId>();
  const caps = adapter.capabilities;
  const report = await playCorpus(
    {
      adapter,
      mode,
      seal,
      ...(caps.tool ? { tool: caps.tool } : {}),
      ...defined({ fixedCap: caps.cap }),
      transport,
      targets: new Set<RuleId>(LIE_RULES),
      seed: 0,
      header: (cap, note) => ({ type: 'header', kit: '', specVersion: '', cap, levers: [], seal, note }),
    },
    { history: () => {}, fail: () => {}, broke: () => {} },
  );
  for (const c of report.cases) if (c.failed.length > 0) broken.set(c.id, c.lieClass);
  const classes = LIE_CLASS_IDS.filter((id) => [...broken.values()].includes(id));
  return { played: report.cases.filter((c) => c.played).length, classes, cases: [...broken.keys()] };
}
