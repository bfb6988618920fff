/**
 * readshim-conformance spec [--reporter pretty|json]
 * Executes the examples of spec/SPEC.md against the reference adapter (`levers=` examples against
 * the design shims of spec/designs).
 * Exit 0 all pass, 1 an example failed, 2 a malformed example (names the example and its line).
 */
import referenceAdapter from '../../adapters/reference.ts';
import { reportJson } from '../../core/schemas.ts';
import type { ShimAdapter } from '../../core/contract.ts';
import { parseArgs, oneOf } from '../args.ts';
import { EXIT, UsageError } from '../../core/errors.ts';
import { emit, envelope, progress } from '../../core/output.ts';
import { SpecError } from '../../../spec/model.ts';
import { findSpecFile, loadSpecFile, type LoadedSpec } from '../../../spec/load.ts';
import { runExamples, type ExampleResult } from '../../../spec/execute.ts';
import { defined } from '../../core/defined.ts';

export interface SpecCommandOptions {
  /** SPEC.md to execute; default: the nearest spec/SPEC.md above this module. */
  readonly specFile?: string;
  /** The shim the arm examples run against; default: the reference (`levers=` examples run their design shim). */
  readonly adapter?: ShimAdapter;
}

export interface SpecReport {
  readonly tool: string;
  readonly version: string;
  readonly specVersion: string;
  readonly command: string;
  readonly examples: readonly { id: string; rule: string; status: 'pass' | 'fail'; reason?: string; shim: string }[];
  readonly summary: { readonly passed: number; readonly failed: number };
}

function load(file: string): LoadedSpec {
  try {
    return loadSpecFile(file);
  } catch (e) {
    if (e instanceof SpecError) throw new UsageError(`malformed example: ${e.message}`);
    if (e instanceof Error && 'code' in e) throw new UsageError(`cannot read ${file}: ${e.message}`);
    throw e;
  }
}

export function specReport(results: readonly ExampleResult[]): SpecReport {
  const passed = results.filter((r) => r.status === 'pass').length;
  return {
    ...envelope('spec'),
    examples: results.map((r) => ({
      id: r.id,
      rule: r.rule,
      status: r.status,
      ...defined({ reason: r.reason }),
      shim: r.shim,
    })),
    summary: { passed, failed: results.length - passed },
  };
}

function pretty(report: SpecReport, main: string): string {
  const width = Math.max(0, ...report.examples.map((e) => e.id.length));
  const lines = report.examples.map((e) => {
    const on = e.shim === main ? '' : `  (${e.shim})`;
    return e.status === 'pass' ? `pass  ${e.id}${on}` : `FAIL  ${e.id.padEnd(width)}  ${e.reason ?? ''}${on}`;
  });
  const { passed, failed } = report.summary;
  lines.push('', `${passed + failed} examples: ${passed} passed, ${failed} failed`);
  return lines.join('\n');
}

export async function specCommand(argv: readonly string[], options: SpecCommandOptions = {}): Promise<number> {
  const args = parseArgs('spec', argv, { values: ['reporter'] });
  const reporter = oneOf('spec', 'reporter', args.flags.get('reporter'), ['pretty', 'json'] as const) ?? 'pretty';
  const file = options.specFile ?? findSpecFile(import.meta.url);
  if (file === undefined) throw new UsageError('cannot find spec/SPEC.md above this installation');
  const { examples } = load(file);
  const adapter = options.adapter ?? referenceAdapter;
  const designed = examples.filter((c) => c.example.levers !== undefined).length;
  progress(
    `spec: running ${examples.length} examples against ${adapter.name}${designed > 0 ? ` (${designed} of them against the design shims of spec/designs)` : ''}`,
  );
  const results = await runExamples(examples, adapter);
  const report = specReport(results);
  await emit(reporter === 'json' ? reportJson(report, 2) : pretty(report, adapter.name), undefined);
  return report.summary.failed === 0 ? EXIT.ok : EXIT.failed;
}

export default function spec(argv: readonly string[]): Promise<number> {
  return specCommand(argv);
}
