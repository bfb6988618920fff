/**
 * readshim-conformance gates [--config <file>] [--reporter pretty|json]
 * Syntax-tree gates on a shim's source (default config: gates/reference.gates.json, the reference).
 * Exit 0 every configured gate passes, 1 a gate is red or judged nothing (unexercised), 2 a bad
 * config or an unreadable file.
 */
import { relative } from 'node:path';
import { reportJson } from '../../core/schemas.ts';
import { parseArgs, oneOf } from '../args.ts';
import { EXIT, UsageError } from '../../core/errors.ts';
import { emit, envelope, progress } from '../../core/output.ts';
import { GateConfigError } from '../../../gates/errors.ts';
import { defaultConfigPath, loadConfig } from '../../../gates/config.ts';
import { GateContext, type Finding } from '../../../gates/context.ts';
import { runGates, type GateStatus, type GatesRun } from '../../../gates/run.ts';
import type { GateId } from '../../../gates/ids.ts';
import { defined } from '../../core/defined.ts';

export interface GatesReport {
  readonly tool: string;
  readonly version: string;
  readonly specVersion: string;
  readonly command: string;
  /** The config file, relative to the working directory. */
  readonly config: string;
  readonly gates: readonly {
    readonly id: GateId;
    readonly status: GateStatus;
    /** Nodes the gate judged (a floor is kept on it); `unit` says what they are. */
    readonly checks: number;
    readonly unit: string;
    /** Why an unexercised gate is not a pass. */
    readonly reason?: string;
    readonly finding?: Finding;
    readonly moreFindings?: readonly Finding[];
  }[];
  /** Gates the config leaves out. */
  readonly skipped: readonly { readonly id: GateId; readonly reason: string }[];
  readonly summary: {
    readonly passed: number;
    readonly failed: number;
    readonly unexercised: number;
    readonly skipped: number;
  };
}

/** Why a gate with zero checks proves nothing. */
function unexercisedReason(unit: string): string {
  return `0 ${unit}: the gate judged nothing, so it proves nothing (does the config point at the code it must read?)`;
}

export function gatesReport(run: GatesRun, config: string): GatesReport {
  const count = (s: GateStatus): number => run.results.filter((r) => r.status === s).length;
  return {
    ...envelope('gates'),
    config,
    gates: run.results.map((r) => {
      const [finding, ...more] = r.findings;
      return {
        id: r.id,
        status: r.status,
        checks: r.checks,
        unit: r.unit,
        ...(r.status === 'unexercised' ? { reason: unexercisedReason(r.unit) } : {}),
        ...defined({ finding }),
        ...(more.length > 0 ? { moreFindings: more } : {}),
      };
    }),
    skipped: run.skipped.map((id) => ({ id, reason: 'not in the config' })),
    summary: {
      passed: count('pass'),
      failed: count('fail'),
      unexercised: count('unexercised'),
      skipped: run.skipped.length,
    },
  };
}

export function gatesPretty(report: GatesReport): string {
  const width = Math.max(...report.gates.map((g) => g.id.length), ...report.skipped.map((s) => s.id.length));
  const label = { pass: 'pass', fail: 'FAIL', unexercised: 'UNEXERCISED' } as const;
  const lw = Math.max(4, ...report.gates.map((g) => label[g.status].length));
  const lines = [`gates: ${report.config}`];
  for (const g of report.gates) {
    lines.push(`${label[g.status].padEnd(lw)}  ${g.id.padEnd(width)}  ${String(g.checks).padStart(5)} ${g.unit}`);
    if (g.reason !== undefined) lines.push(`      ${g.reason}`);
    for (const f of [...(g.finding ? [g.finding] : []), ...(g.moreFindings ?? [])])
      lines.push(`      ${f.file}:${f.line}  ${f.node}`, `        ${f.message}`);
  }
  for (const s of report.skipped) lines.push(`${'skip'.padEnd(lw)}  ${s.id.padEnd(width)}  (${s.reason})`);
  const { passed, failed, unexercised, skipped } = report.summary;
  lines.push(
    '',
    `${passed + failed + unexercised} gates: ${passed} passed, ${failed} failed${unexercised > 0 ? `, ${unexercised} unexercised` : ''}${skipped > 0 ? `, ${skipped} skipped` : ''}`,
  );
  return lines.join('\n');
}

export default async function gates(argv: readonly string[]): Promise<number> {
  const p = parseArgs('gates', argv, { values: ['config', 'reporter'] });
  const reporter = oneOf('gates', 'reporter', p.flags.get('reporter'), ['pretty', 'json'] as const) ?? 'pretty';
  const path = p.flags.get('config') ?? defaultConfigPath();
  let run: GatesRun;
  try {
    const config = loadConfig(path);
    progress(`gates: reading the source named by ${path}`);
    const ctx = GateContext.build(config);
    progress(`gates: ${ctx.project.getSourceFiles().length} files in the project; judging`);
    run = runGates(config, ctx);
  } catch (e) {
    if (e instanceof GateConfigError) throw new UsageError(`gates: ${e.message}`);
    throw e;
  }
  const report = gatesReport(run, relative(process.cwd(), path) || path);
  await emit(reporter === 'json' ? reportJson(report, 2) : gatesPretty(report), undefined);
  return report.summary.failed + report.summary.unexercised > 0 ? EXIT.failed : EXIT.ok;
}
