/**
 * The CI side of `run`: --baseline, --write-baseline, --shard and --reporter junit. Flags are
 * read (and a baseline parsed, so a bad one exits 2 before the run); after the run, finishRun
 * judges the result against the baseline, writes the report and returns the exit code.
 */
import type { RunResult } from '../properties/run.ts';
import { isPartial, parseShard, type Shard } from '../properties/shard.ts';
import { existsSync } from 'node:fs';
import { checkBaseline, baselineLines, formatBaseline, parseBaseline, type Baseline, type BaselineCheck } from '../properties/baseline.ts';
import { readTextFile } from '../core/files.ts';
import { EXIT, UsageError } from '../core/errors.ts';
import { emit, progress, writeFileAtomic } from '../core/output.ts';
import { runJunit } from './report/junit.ts';
import { badgeOf, badgeSvg } from './report/badge.ts';
import { runHtml } from './report/html.ts';
import { runJson, runPretty, type RunReportExtras } from './report/run.ts';

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
    if (replay) throw new UsageError('run: --shard splits generated histories; --replay runs one trace (drop one of them)');
    shard = s;
  }
  const baselineFile = flags.get('baseline');
  const writeFile = flags.get('write-baseline');
  if (baselineFile !== undefined && writeFile !== undefined)
    throw new UsageError('run: give --baseline <file> (check) or --write-baseline <file> (accept the current failures), not both');
  if ((baselineFile !== undefined || writeFile !== undefined) && replay)
    throw new UsageError(`run: --${baselineFile !== undefined ? 'baseline' : 'write-baseline'} applies to a full run, not to --replay`);
  if (writeFile !== undefined && shard !== undefined)
    throw new UsageError('run: --write-baseline needs the whole run, not one shard (run it without --shard)');
  if (writeFile !== undefined && flags.has('only'))
    throw new UsageError('run: --write-baseline needs every rule judged, not --only');
  const previous = writeFile !== undefined ? previousBaseline(writeFile) : undefined;
  return {
    ...(baselineFile !== undefined ? { baseline: readBaseline(baselineFile) } : {}),
    ...(writeFile !== undefined ? { writeBaseline: { file: writeFile, ...(previous ? { previous } : {}) } } : {}),
    ...(shard ? { shard } : {}),
  };
}

function report(result: RunResult, reporter: RunReporter, extras: RunReportExtras, check: BaselineCheck | undefined, out?: string): string {
  if (reporter === 'html') return runHtml(result, extras, out);
  if (reporter === 'junit') return runJunit(result, extras, check);
  if (reporter === 'badge') return JSON.stringify(badgeOf(result), null, 2);
  if (reporter === 'json') {
    if (check === undefined && result.shard === undefined) return runJson(result, extras);
    const j = JSON.parse(runJson(result, extras)) as Record<string, unknown>;
    return JSON.stringify(
      {
        ...j,
        ...(result.shard ? { shard: result.shard } : {}),
        ...(check
          ? { baseline: { file: check.file, ok: check.ok, accepted: check.accepted, newFailures: check.newFailures, fixed: check.fixed.map((f) => f.rule), notRun: check.notRun, deferred: check.deferred } }
          : {}),
      },
      null,
      2,
    );
  }
  const lines = [runPretty(result, extras)];
  if (result.shard && isPartial(result)) lines.push(`shard ${result.shard.index}/${result.shard.count}: ${result.shard.units} of ${result.shard.totalUnits} work units; only violations are final here — combine every shard's JSON report for the run's verdict (docs/CI.md)`);
  if (check) lines.push('', ...baselineLines(check));
  return lines.join('\n');
}

/** Where --reporter badge draws its SVG: beside the JSON, `.json` → `.svg`. */
export const badgeSvgPath = (out: string): string => out.replace(/\.json$/, '.svg');

/** Emits the report and returns the exit code (0 pass, 1 fail) under the CI flags. */
export function finishRun(result: RunResult, ci: CiFlags, reporter: RunReporter, out: string | undefined, extras: RunReportExtras): number {
  if (ci.writeBaseline) {
    writeFileAtomic(ci.writeBaseline.file, formatBaseline(result, ci.writeBaseline.previous));
    const written = readBaseline(ci.writeBaseline.file);
    progress(`wrote baseline ${ci.writeBaseline.file}: ${written.entries.length} rule${written.entries.length === 1 ? '' : 's'}`);
    const check = checkBaseline(result, written);
    emit(report(result, reporter, extras, check, out), out);
    return check.ok ? EXIT.ok : EXIT.failed;
  }
  const check = ci.baseline ? checkBaseline(result, ci.baseline) : undefined;
  // --reporter badge: <name>.svg beside <name>.json (parseRunFlags checked the name).
  if (reporter === 'badge' && out !== undefined) writeFileAtomic(badgeSvgPath(out), `${badgeSvg(badgeOf(result))}\n`);
  emit(report(result, reporter, extras, check, out), out);
  if (check) return check.ok ? EXIT.ok : EXIT.failed;
  // A shard only sees part of the histories: "unexercised" is decided on the combined shards.
  const bad = result.summary.failed + (isPartial(result) ? 0 : result.summary.unexercised);
  return bad > 0 ? EXIT.failed : EXIT.ok;
}
