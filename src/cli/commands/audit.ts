/**
 * readshim-conformance audit <trace.jsonl> [--adapter <module> | --agent <name> | --agent-profile <module>] [--reporter pretty|json]
 * Judges a trace recorded in production with the run's oracle. An agent run's trace is judged from
 * the raw tool results it recorded, through the profile (src/adapters/agent/audit.ts): its header names
 * a built-in profile, or --agent / --agent-profile says which. Exit 0 no lie, 1 a lie or nothing
 * judged (a trace without a recorded response proves nothing, as an unexercised rule), 2 an
 * unreadable or foreign trace, or an event the audit cannot judge (named by its line).
 */
import type { Trace } from '../../core/trace.ts';
import type { ExitGuard } from '../../adapters/exit-guard.ts';
import { guardAdapter } from '../strays.ts';
import { auditTrace, AuditInputError, eventLines, nothingJudged } from '../../../properties/audit.ts';
import { oneOf, parseArgs } from '../args.ts';
import { EXIT, UsageError } from '../../core/errors.ts';
import { loadTraceFile } from '../failures.ts';
import { emit } from '../../core/output.ts';
import { auditJson, auditPretty } from '../report/audit.ts';
import { resolveAdapter } from '../../adapters/in-process/load.ts';

export default async function audit(argv: readonly string[]): Promise<number> {
  const p = parseArgs('audit', argv, {
    values: ['adapter', 'agent', 'agent-profile', 'reporter'],
    switches: ['verbose'],
    positionals: 1,
  });
  const file = p.positionals[0];
  if (file === undefined)
    throw new UsageError(
      'audit: which trace? usage: readshim-conformance audit <trace.jsonl> [--adapter <module> | --agent <name> | --agent-profile <module>] [--reporter pretty|json]',
    );
  const given = (['adapter', 'agent', 'agent-profile'] as const).filter((k) => p.flags.has(k));
  if (given.length > 1) throw new UsageError(`audit: give one of --${given.join(', --')}, not both`);
  const reporter = oneOf('audit', 'reporter', p.flags.get('reporter'), ['pretty', 'json'] as const) ?? 'pretty';
  const { trace, text } = loadTraceFile(file);
  const agent = await agentOf(file, trace, p.flags.get('agent'), p.flags.get('agent-profile'), given.length > 0);
  const who = agent !== undefined ? agent.adapter.name : `adapter ${p.flags.get('adapter') ?? 'reference'}`;
  // A decoder's process.exit must not end the audit silently (exit 2, src/adapters/exit-guard.ts).
  const module = agent === undefined ? p.flags.get('adapter') : undefined;
  return guardAdapter(module, who, (guard, named) =>
    judge(file, trace, text, p.flags.get('adapter'), reporter, guard, agent, named),
  );
}

type Auditor = ReturnType<typeof import('../../adapters/agent/audit.ts').agentAuditor>;

/**
 * The agent profile that judges the trace: --agent or --agent-profile, else the built-in one its
 * header names (`adapter: "agent:<name>"`). A trace with raw tool results and no profile: exit 2.
 */
async function agentOf(
  file: string,
  trace: Trace,
  name: string | undefined,
  module: string | undefined,
  chosen: boolean,
): Promise<Auditor | undefined> {
  const [{ BUILTIN_PROFILES }, { loadProfile }, { agentAuditor }] = await Promise.all([
    import('../../adapters/agent/profiles/index.ts'),
    import('../../adapters/agent/profile.ts'),
    import('../../adapters/agent/audit.ts'),
  ]);
  if (name !== undefined && !Object.hasOwn(BUILTIN_PROFILES, name))
    throw new UsageError(
      `audit: --agent takes one of ${Object.keys(BUILTIN_PROFILES).join(', ')} (or --agent-profile <module>), got ${JSON.stringify(name)}`,
    );
  if (name !== undefined) return agentAuditor(BUILTIN_PROFILES[name]!);
  if (module !== undefined) return agentAuditor(await loadProfile(module));
  if (chosen) return undefined;
  const named = /^agent:(.+)$/.exec(trace.header.adapter ?? '')?.[1];
  if (named !== undefined && Object.hasOwn(BUILTIN_PROFILES, named)) return agentAuditor(BUILTIN_PROFILES[named]!);
  const raw = trace.events.some((e) => e.type === 'read' && e.response !== undefined && 'raw' in e.response);
  if (raw)
    throw new UsageError(
      `audit: ${file} records an agent CLI's raw tool results${named !== undefined ? ` (adapter agent:${named})` : ''}: give the profile that reads them, --agent-profile <module>`,
    );
  return undefined;
}

async function judge(
  file: string,
  trace: Trace,
  text: string,
  adapterPath: string | undefined,
  reporter: 'pretty' | 'json',
  guard: ExitGuard,
  agent: Auditor | undefined,
  named: (adapterName: string) => void,
): Promise<number> {
  // The default decoder is the reference's: it reads the reference's response format.
  const adapter = agent?.adapter ?? (await resolveAdapter(adapterPath));
  named(adapter.name);
  try {
    let result;
    try {
      result = await auditTrace(trace, eventLines(text), adapter, agent?.fromRaw);
    } catch (e) {
      if (e instanceof AuditInputError)
        throw new UsageError(`${file}: ${e.message}${adapterPath !== undefined ? ` (decoder ${adapterPath})` : ''}`);
      throw e;
    }
    guard.check();
    const info = {
      trace: file,
      adapter: adapter.name,
      ...(trace.header.levers !== undefined ? { levers: trace.header.levers } : { arm: trace.header.arm ?? 'all' }),
      cap: trace.header.cap,
    };
    await emit(reporter === 'json' ? auditJson(result, info) : auditPretty(result, info), undefined);
    return result.lies.length > 0 || nothingJudged(result) ? EXIT.failed : EXIT.ok;
  } finally {
    await adapter.close?.();
  }
}
