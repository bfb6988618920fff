/**
 * The CI side of `run`: --baseline, --write-baseline, --shard and --reporter junit. Flags are
 * read (and a baseline parsed, so a bad one exits 2 before the run); after the run, finishRun
 * judges the result against the baseline, writes the report and returns the exit code.
 */
import type { RunResult } from '../../properties/run.ts';
import { reportJson } from '../core/schemas.ts';
import { isPartial, parseShard, type Shard } from '../../properties/shard.ts';
import { existsSync } from 'node:fs';
import {
  checkBaseline,
  baselineLines,
  formatBaseline,
  parseBaseline,
  type Baseline,
  type BaselineCheck,
} from '../../properties/baseline.ts';
import { readTextFile } from '../core/files.ts';
import { EXIT, UsageError } from '../core/errors.ts';
import { emit, progress, writeFileAtomic } from '../core/output.ts';
import { targetOf, writeProblem } from '../core/out-path.ts';
import { runJunit } from './report/junit.ts';
import { badgeOf, badgeSvg } from './report/badge.ts';
import { runHtml } from './report/html.ts';
import { runJson, runPretty, stoppedLine, type RunReportExtras } from './report/run.ts';

export type RunReporter = 'pretty' | 'json' | 'junit' | 'badge' | 'html';

const readBaseline = (file: string): Baseline => parseBaseline(file, readTextFile(file, 'baseline'));

/** The baseline at `file` if there is one (to keep its reasons when it is rewritten). */
const previousBaseline = (file: string): Baseline | undefined => (existsSync(file) ? readBaseline(file) : undefined);

export interface CiFlags {
  readonly baseline?: Baseline;
  readonly writeBaseline?: { readonly file: string; readonly previous?: Baseline };
  readonly shard?: Shard;
}

export function parseCiFlags(flags: ReadonlyMap<string, string>): CiFlags {
  const replay = flags.has('replay');
  const shardRaw = flags.get('shard');
  let shard: Shard | undefined;
  if (shardRaw !== undefined) {
    const s = parseShard(shardRaw);
    if (typeof s === 'string') throw new UsageError(`run: --shard: ${s}`);
    if (replay)
      throw new UsageError('run: --shard splits generated histories; --replay runs one trace (drop one of them)');
    shard = s;
  }
  const baselineFile = flags.get('baseline');
  const writeFile = flags.get('write-baseline');
  if (baselineFile !== undefined && writeFile !== undefined)
    throw new UsageError(
      'run: give --baseline <file> (check) or --write-baseline <file> (accept the current failures), not both',
    );
  if ((baselineFile !== undefined || writeFile !== undefined) && replay)
    throw new UsageError(
      `run: --${baselineFile !== undefined ? 'baseline' : 'write-baseline'} applies to a full run, not to --replay`,
    );
  if (writeFile !== undefined && shard !== undefined)
    throw new UsageError('run: --write-baseline needs the whole run, not one shard (run it without --shard)');
  if (writeFile !== undefined && flags.has('only'))
    throw new UsageError('run: --write-baseline needs every rule judged, not --only');
  if (writeFile !== undefined && flags.has('max-seconds'))
    throw new UsageError('run: --write-baseline needs the whole run, which --max-seconds may cut short (drop one)');
  // A baseline is read back once written (to check the run against it): a file, not a stream.
  const kind = writeFile !== undefined ? targetOf(writeFile).kind : undefined;
  if (kind === 'fd' || kind === 'stream')
    throw new UsageError(
      `run: --write-baseline ${writeFile}: the baseline is read back once written, so it must be a file (not -, a device or a pipe)`,
    );
  const unwritable = writeFile !== undefined ? writeProblem(writeFile) : undefined;
  if (unwritable !== undefined) throw new UsageError(`run: --write-baseline ${writeFile}: ${unwritable}`);
  const previous = writeFile !== undefined ? previousBaseline(writeFile) : undefined;
  return {
    ...(baselineFile !== undefined ? { baseline: readBaseline(baselineFile) } : {}),
    ...(writeFile !== undefined ? { writeBaseline: { file: writeFile, ...(previous ? { previous } : {}) } } : {}),
    ...(shard ? { shard } : {}),
  };
}

function report(
  result: RunResult,
  reporter: RunReporter,
  extras: RunReportExtras,
  check: BaselineCheck | undefined,
): string {
  if (reporter === 'html') return runHtml(result, extras);
  if (reporter === 'junit') return runJunit(result, extras, check);
  if (reporter === 'badge') return reportJson(badgeOf(result), 2, 'badge');
  if (reporter === 'json') {
    if (check === undefined && result.shard === undefined) return runJson(result, extras);
    const j = JSON.parse(runJson(result, extras)) as Record<string, unknown>;
    return reportJson(
      {
        ...j,
        ...(result.shard ? { shard: result.shard } : {}),
        ...(check
          ? {
              baseline: {
                file: check.file,
                ok: check.ok,
                accepted: check.accepted,
                newFailures: check.newFailures,
                fixed: check.fixed.map((f) => f.rule),
                ...(check.fixedBySpec.length > 0 ? { fixedBySpec: check.fixedBySpec } : {}),
                notRun: check.notRun,
                deferred: check.deferred,
              },
            }
          : {}),
      },
      2,
    );
  }
  const lines = [runPretty(result, extras)];
  if (result.shard && isPartial(result))
    lines.push(
      `shard ${result.shard.index}/${result.shard.count}: ${result.shard.units} of ${result.shard.totalUnits} work units; only violations are final here — combine every shard's JSON report for the run's verdict (docs/CI.md)`,
    );
  if (check) lines.push('', ...baselineLines(check));
  return lines.join('\n');
}

/** The run's verdict in one line, for when its report cannot be written. */
function verdictLine(result: RunResult, check: BaselineCheck | undefined): string {
  const s = result.summary;
  const failed = result.rules.filter((r) => r.status === 'fail').map((r) => r.id);
  const unexercised = result.rules.filter((r) => r.status === 'unexercised').map((r) => r.id);
  const bad = s.failed + (isPartial(result) ? 0 : s.unexercised);
  const parts = [
    `${s.passed} passed`,
    `${s.failed} failed${failed.length > 0 ? ` (${failed.join(', ')})` : ''}`,
    `${s.unexercised} unexercised${unexercised.length > 0 ? ` (${unexercised.join(', ')})` : ''}`,
    `${s.na} n/a`,
  ];
  const verdict =
    result.stoppedEarly !== undefined && s.failed === 0
      ? 'INCOMPLETE (stopped by its time bound)'
      : check !== undefined
        ? check.ok
          ? 'PASS against the baseline'
          : 'FAIL against the baseline'
        : bad > 0
          ? 'FAIL'
          : 'PASS';
  return `verdict ${verdict}: ${parts.join(', ')}`;
}

/** "nothing was judged, not a pass: DIFF-COMPLETE, DIFF-BASE-HELD n/a (arm cap has no diff lever)". */
function nothingJudgedLine(result: RunResult): string {
  const why = new Map<string, string[]>();
  for (const r of result.rules) why.set(r.reason ?? 'n/a', [...(why.get(r.reason ?? 'n/a') ?? []), r.id]);
  const groups = [...why].map(
    ([reason, ids]) => `${ids.length > 4 ? `all ${ids.length} rules` : ids.join(', ')} n/a (${reason})`,
  );
  return `nothing was judged, not a pass: ${groups.join('; ')}`;
}

/**
 * Writes a file the run's verdict depends on; when it cannot be written after the run (the disk
 * filled, the folder went away), the verdict still reaches stderr in the one line of the usage
 * error (exit 2: the run's output is missing).
 */
async function keepVerdict(
  write: () => void | Promise<void>,
  result: RunResult,
  check: BaselineCheck | undefined,
): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    throw new UsageError(`run: ${verdictLine(result, check)}; but ${e.message} (the report is lost, exit 2)`);
  }
}

/** Where --reporter badge draws its SVG: beside the JSON, `.json` → `.svg`. */
export const badgeSvgPath = (out: string): string => out.replace(/\.json$/, '.svg');

/** Emits the report and returns the exit code (0 pass, 1 fail) under the CI flags. */
export async function finishRun(
  result: RunResult,
  ci: CiFlags,
  reporter: RunReporter,
  out: string | undefined,
  extras: RunReportExtras,
): Promise<number> {
  if (ci.writeBaseline) {
    const { file, previous } = ci.writeBaseline;
    await keepVerdict(() => writeFileAtomic(file, formatBaseline(result, previous)), result, undefined);
    const written = readBaseline(file);
    progress(`wrote baseline ${file}: ${written.entries.length} rule${written.entries.length === 1 ? '' : 's'}`);
    const check = checkBaseline(result, written);
    await keepVerdict(() => emit(report(result, reporter, extras, check), out), result, check);
    return check.ok ? EXIT.ok : EXIT.failed;
  }
  const check = ci.baseline ? checkBaseline(result, ci.baseline) : undefined;
  // --reporter badge: <name>.svg beside <name>.json (parseRunFlags checked the name).
  if (reporter === 'badge' && out !== undefined)
    await keepVerdict(() => writeFileAtomic(badgeSvgPath(out), `${badgeSvg(badgeOf(result))}\n`), result, check);
  await keepVerdict(() => emit(report(result, reporter, extras, check), out), result, check);
  // Stopped by its time bound (--max-seconds) before the end: never a pass, whatever it judged.
  if (result.stoppedEarly !== undefined) {
    process.stderr.write(`readshim-conformance: run: ${stoppedLine(result, extras.maxSeconds)!}\n`);
    return EXIT.failed;
  }
  if (check) return check.ok ? EXIT.ok : EXIT.failed;
  // Every rule n/a (a replayed trace that exercises none, --only naming rules n/a for the shim):
  // nothing was judged, and that is not a pass (as an audit that judged nothing, exit 1).
  if (!isPartial(result) && result.summary.passed + result.summary.failed + result.summary.unexercised === 0) {
    process.stderr.write(`readshim-conformance: run: ${nothingJudgedLine(result)}\n`);
    return EXIT.failed;
  }
  // A shard only sees part of the histories: "unexercised" is decided on the combined shards.
  const bad = result.summary.failed + (isPartial(result) ? 0 : result.summary.unexercised);
  return bad > 0 ? EXIT.failed : EXIT.ok;
}
