/**
 * `run --agent <name>` / `--agent-profile <module>` as a kind of subject (src/adapters/kind.ts):
 * its flags, their parsing (the built-in names are the profile registry's, profiles/index.ts), the
 * driver it opens (adapter.ts) and the flags that replay a trace with it. docs/guide/agent.md.
 */
import { UsageError } from '../../core/errors.ts';
import { defined } from '../../core/defined.ts';
import { driverSubject, flagWords } from '../drivers/flags.ts';
import { flagOrder, quoteCommand, type ParseContext, type SubjectKind } from '../kind.ts';
import { BUILTIN_PROFILES } from './profiles/index.ts';

export interface AgentFlags {
  readonly kind: 'agent';
  /** The built-in profile's name or the profile module's path (what the report quotes). */
  readonly command: string;
  readonly builtin: boolean;
  readonly agentCommand?: string;
}

/** --agent / --agent-profile and theirs, or undefined when neither is given (then --agent-command may not be). */
function parseAgent(f: ReadonlyMap<string, string>, ctx: ParseContext): AgentFlags | undefined {
  const name = f.get('agent');
  const module = f.get('agent-profile');
  if (name === undefined && module === undefined) {
    if (f.has('agent-command'))
      throw new UsageError('run: --agent-command applies to --agent and --agent-profile only');
    return undefined;
  }
  if (name !== undefined && module !== undefined)
    throw new UsageError('run: give --agent <name> or --agent-profile <module>, not both');
  const others = flagOrder(ctx.kinds.filter((k) => k.name !== 'agent')).filter((k) => f.has(k));
  if (others.length > 0)
    throw new UsageError(
      `run: --${name !== undefined ? 'agent' : 'agent-profile'} plays the model for an agent CLI; drop --${others[0]}`,
    );
  if (name !== undefined && !Object.hasOwn(BUILTIN_PROFILES, name))
    throw new UsageError(
      `run: --agent takes one of ${Object.keys(BUILTIN_PROFILES).join(', ')} (or --agent-profile <module>), got ${JSON.stringify(name)}`,
    );
  if (module !== undefined && module.trim() === '')
    throw new UsageError('run: --agent-profile needs a module path, e.g. --agent-profile examples/agent/profile.ts');
  const cmd = f.get('agent-command');
  if (cmd !== undefined && cmd.trim() === '')
    throw new UsageError('run: --agent-command needs a command line, e.g. --agent-command "/opt/claude/bin/claude"');
  return { kind: 'agent', command: name ?? module!, builtin: name !== undefined, ...defined({ agentCommand: cmd }) };
}

export const agentKind: SubjectKind<AgentFlags> = {
  name: 'agent',
  select: '--agent <name>',
  extra: ['--agent-profile <module>', '--agent-command "<cmd>"'],
  flags: ['agent', 'agent-profile', 'agent-command'],
  // A server, sandbox and CLI per history.
  transport: 'process',
  isolatedHistories: true,
  eachHistory: 'the process anew',
  // Each worker is a real CLI (qwen-code takes 4–16 s to its first request): 8 per band keeps a
  // default run within 10 minutes on 2 cores (docs/reference/performance.md "Agent CLIs").
  defaultRuns: 8,
  // Under --isolate a relay inside the namespace carries 127.0.0.1 to the kit's server (src/adapters/agent/relay.ts).
  isolate: true,
  parse: parseAgent,
  async open(d, o) {
    const [{ openAgentAdapter }, { loadProfile }] = await Promise.all([import('./adapter.ts'), import('./profile.ts')]);
    const profile = d.builtin ? BUILTIN_PROFILES[d.command]! : await loadProfile(d.command);
    const adapter = openAgentAdapter({
      profile,
      profileSource: d.builtin ? `built-in ${d.command}` : `module ${d.command}`,
      ...defined({ command: d.agentCommand }),
      ...defined({ timeoutMs: o.timeoutMs }),
      ...defined({ isolation: o.isolation }),
    });
    return driverSubject(adapter, true);
  },
  argv: (d) =>
    flagWords([
      [d.builtin ? 'agent' : 'agent-profile', d.command],
      ['agent-command', d.agentCommand],
    ]),
  who: (d) => quoteCommand('agent', d.command),
};
