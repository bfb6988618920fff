/**
 * The diff lever on the 20,000-line file, side by side with a plain jsdiff patch and GNU
 * `diff -u` on the same pair: outcome, bytes, CPU of the read after the change.
 */
import { FILE_HEADERS_ONLY, createTwoFilesPatch } from 'diff';
import { decodeResponse } from '../../../reference/index.ts';
import { progress } from '../../../src/core/output.ts';
import { BIG_OLD, CHANGES } from './inputs.ts';
import { gnuDiff, gnuDiffInstalled, type GnuDiff } from './gnu.ts';
import { SEAL, deliverFully, worker } from './rig.ts';
import { time } from './timing.ts';

/** jsdiff's own bound for the baseline: enough edits for every row but the rewrite and reversal. */
export const JSDIFF_MAX_EDITS = 1_000;

export interface LeverRun {
  readonly outcome: 'diff' | 'declined: whole file' | 'declined: slice' | string;
  readonly responseBytes: number;
  /** The patch alone (its `---`/`+++` headers and hunks), when a diff shipped. */
  readonly patchBytes: number | undefined;
  readonly cpuMs: number;
}

export interface DiffRow {
  readonly change: string;
  readonly expect: 'diff' | 'declined';
  readonly fileBytes: number;
  readonly diffArm: LeverRun;
  readonly allArm: LeverRun;
  /** createTwoFilesPatch with context 3 and maxEditLength JSDIFF_MAX_EDITS; bytes undefined: gave up. */
  readonly jsdiff: { readonly bytes: number | undefined; readonly cpuMs: number };
  readonly gnu: GnuDiff | undefined;
}

async function lever(arm: 'diff' | true, neu: string, runs: number, warmup: number): Promise<LeverRun> {
  const w = worker(arm);
  let last = '';
  const t = await time(
    runs,
    warmup,
    async () => {
      w.shim.forget();
      w.disk.set('big.ts', BIG_OLD);
      await deliverFully(w.read, 'big.ts');
      w.disk.set('big.ts', neu);
    },
    async () => {
      last = await w.read('big.ts');
    },
  );
  const c = decodeResponse(last, SEAL);
  const outcome =
    c.kind === 'diff' ? 'diff' : c.kind === 'slice' ? (c.done ? 'declined: whole file' : 'declined: slice') : c.kind;
  return {
    outcome,
    responseBytes: Buffer.byteLength(last),
    patchBytes: c.kind === 'diff' ? Buffer.byteLength(c.patch) : undefined,
    cpuMs: t.cpuMedianMs,
  };
}

export async function diffTable(quick: boolean): Promise<DiffRow[]> {
  const gnu = gnuDiffInstalled();
  const rows: DiffRow[] = [];
  for (const change of CHANGES) {
    progress(`reference-perf: diff lever, ${change.label}`);
    const runs = quick ? 3 : 15;
    const warmup = quick ? 1 : 3;
    const diffArm = await lever('diff', change.text, runs, warmup);
    const allArm = await lever(true, change.text, runs, warmup);
    let patch: string | undefined;
    const j = await time(
      quick ? 1 : 3,
      quick ? 0 : 1,
      () => undefined,
      () => {
        patch = createTwoFilesPatch('a/big.ts', 'b/big.ts', BIG_OLD, change.text, undefined, undefined, {
          context: 3,
          maxEditLength: JSDIFF_MAX_EDITS,
          headerOptions: FILE_HEADERS_ONLY,
        });
      },
    );
    rows.push({
      change: change.label,
      expect: change.expect,
      fileBytes: Buffer.byteLength(change.text),
      diffArm,
      allArm,
      jsdiff: { bytes: patch === undefined ? undefined : Buffer.byteLength(patch), cpuMs: j.cpuMedianMs },
      gnu: gnu ? gnuDiff(BIG_OLD, change.text, quick ? 3 : 7, 'big.ts') : undefined,
    });
  }
  return rows;
}
