/**
 * readshim-conformance audit <trace.jsonl> [--adapter <module>] [--reporter pretty|json]
 * Judges a trace recorded in production with the run's oracle. Exit 0 no lie, 1 a lie or nothing
 * judged (a trace without a recorded response proves nothing, as an unexercised rule), 2 an
 * unreadable or foreign trace, or an event the audit cannot judge (named by its line).
 */
import type { Trace } from '../../core/trace.ts';
import { withExitGuard, type ExitGuard } from '../../adapters/exit-guard.ts';
import { auditTrace, AuditInputError, eventLines, nothingJudged } from '../../properties/audit.ts';
import { oneOf, parseArgs } from '../args.ts';
import { EXIT, UsageError } from '../../core/errors.ts';
import { loadTraceFile } from '../failures.ts';
import { emit } from '../../core/output.ts';
import { auditJson, auditPretty } from '../report/audit.ts';
import { resolveAdapter } from '../in-process.ts';

export default async function audit(argv: readonly string[]): Promise<number> {
  const p = parseArgs('audit', argv, { values: ['adapter', 'reporter'], positionals: 1 });
  const file = p.positionals[0];
  if (file === undefined)
    throw new UsageError(
      'audit: which trace? usage: readshim-conformance audit <trace.jsonl> [--adapter <module>] [--reporter pretty|json]',
    );
  const reporter = oneOf('audit', 'reporter', p.flags.get('reporter'), ['pretty', 'json'] as const) ?? 'pretty';
  const { trace, text } = loadTraceFile(file);
  const who = `adapter ${p.flags.get('adapter') ?? 'reference'}`;
  // A decoder's process.exit must not end the audit silently (exit 2, adapters/exit-guard.ts).
  return withExitGuard(
    () => who,
    (guard) => judge(file, trace, text, p.flags.get('adapter'), reporter, guard),
    { strays: true },
  );
}

async function judge(
  file: string,
  trace: Trace,
  text: string,
  adapterPath: string | undefined,
  reporter: 'pretty' | 'json',
  guard: ExitGuard,
): Promise<number> {
  // The default decoder is the reference's: it reads the reference's response format.
  const adapter = await resolveAdapter(adapterPath);
  try {
    let result;
    try {
      result = await auditTrace(trace, eventLines(text), adapter);
    } catch (e) {
      if (e instanceof AuditInputError) throw new UsageError(`${file}: ${e.message}`);
      throw e;
    }
    guard.check();
    const info = {
      trace: file,
      adapter: adapter.name,
      ...(trace.header.levers !== undefined ? { levers: trace.header.levers } : { arm: trace.header.arm ?? 'all' }),
      cap: trace.header.cap,
    };
    emit(reporter === 'json' ? auditJson(result, info) : auditPretty(result, info), undefined);
    return result.lies.length > 0 || nothingJudged(result) ? EXIT.failed : EXIT.ok;
  } finally {
    await adapter.close?.();
  }
}
