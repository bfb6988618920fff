/**
 * The driver flags of `run` (--hook, --mcp, --agent and theirs): parsed and checked before anything
 * starts, and the driver adapter built from them (src/adapters/hook, src/adapters/mcp, src/adapters/agent);
 * src/cli/subjects.ts registers them as kinds of subject. README "Check a hook", "Check an MCP server".
 */
import { UsageError } from '../core/errors.ts';
import { HOST_TOOL_BINARY, hostToolProblem, type HostToolBinary, type HostToolBound } from '../core/host-tool.ts';
import { LEVER_NAMES, isLeverName, type LeverName } from '../core/levers.ts';
import { REINJECT_MAX_COUNT } from '../core/reinject.ts';
import { shellWord } from '../adapters/command.ts';
import { deltaRegex, pointerRegex } from '../adapters/drivers/decode.ts';
import { policiesProblem, type WithholdPolicy } from '../core/policies.ts';
import type { DriverAdapter } from '../adapters/drivers/driver.ts';
import type { Isolation } from '../adapters/isolate.ts';
import type { ArgMap } from '../adapters/mcp/tool.ts';
import { parseArgMap } from '../adapters/mcp/tool.ts';
import { defined } from '../core/defined.ts';

/** run --agent's flags (the block at the end of this file). */
export const AGENT_VALUE_FLAGS = ['agent', 'agent-profile', 'agent-command'] as const;
/** The flags --hook and --mcp share (src/cli/subjects.ts lists them once in usage). */
export const DRIVER_SHARED_FLAGS = {
  flags: ['pointer-pattern', 'decode', 'levers', 'delta-pattern', 'withheld-pattern', 'policy'],
  usage: [
    '--levers pointer,cap,diff|none',
    '--pointer-pattern <regex>',
    '--decode <module>',
    '--delta-pattern <regex>',
    '--withheld-pattern <regex> --policy <json>',
  ],
} as const;

interface Common {
  readonly levers?: readonly LeverName[];
  readonly pointerPattern?: string;
  readonly decode?: string;
  /** Spec 2.2: a change notice's named groups (src/adapters/drivers/decode.ts deltaRegex). */
  readonly deltaPattern?: string;
  /** Spec 2.2: the shim's own withholding, and the policy it declares (--policy, JSON). */
  readonly withheldPattern?: string;
  readonly policy?: { readonly raw: string; readonly policies: readonly WithholdPolicy[] };
}
export type DriverFlags =
  | (Common & {
      readonly kind: 'hook';
      readonly command: string;
      readonly post?: string;
      readonly compact?: string;
      /** --hook-tool: the played Read's bound as JSON (src/core/host-tool.ts), and its parsed value. */
      readonly tool?: { readonly raw: string; readonly bound: HostToolBound };
      /** --hook-reinject: files the played host re-attaches after a compaction (spec/SPEC.md "Re-injection after compaction"). */
      readonly reinject?: number;
    })
  | (Common & {
      readonly kind: 'mcp';
      readonly command: string;
      readonly tool?: string;
      readonly args?: ArgMap;
      readonly compactTool?: string;
      /** --mcp-binary (spec 2.1): how the server's read tool answers a file that is not UTF-8. */
      readonly binary?: HostToolBinary;
    })
  | AgentFlags;

const nonEmpty = (flag: string, v: string | undefined, example: string): string | undefined => {
  if (v !== undefined && v.trim() === '')
    throw new UsageError(`run: --${flag} needs a command line, e.g. --${flag} "${example}"`);
  return v;
};

/** --hook-reinject <n>: how many files the played host re-attaches after a compaction (src/core/reinject.ts). */
function reinjectCount(raw: string): number {
  const n = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > REINJECT_MAX_COUNT)
    throw new UsageError(
      `run: --hook-reinject takes a whole number of files from 1 to ${REINJECT_MAX_COUNT} (Claude Code re-attaches up to 5), got ${JSON.stringify(raw)}`,
    );
  return n;
}

/** The driver flags, or undefined when neither --hook nor --mcp is given (then none of theirs may be). */
export function parseDriverFlags(f: ReadonlyMap<string, string>, cap: number | undefined): DriverFlags | undefined {
  const agent = parseAgentFlags(f);
  if (agent !== undefined) return agent;
  const hook = nonEmpty('hook', f.get('hook'), 'bash examples/hooks/content-dedup.sh');
  const mcp = nonEmpty('mcp', f.get('mcp'), 'node examples/mcp/hash-cache-server.js');
  const others = ['adapter', 'process'].filter((k) => f.has(k));
  if (hook !== undefined && mcp !== undefined) throw new UsageError('run: give --hook or --mcp, not both');
  if ((hook !== undefined || mcp !== undefined) && others.length > 0)
    throw new UsageError(`run: --${hook !== undefined ? 'hook' : 'mcp'} plays the host itself; drop --${others[0]}`);
  const owner: Record<string, 'hook' | 'mcp' | 'either'> = {
    'hook-post': 'hook',
    'hook-compact': 'hook',
    'hook-tool': 'hook',
    'hook-reinject': 'hook',
    'mcp-tool': 'mcp',
    'mcp-args': 'mcp',
    'mcp-compact': 'mcp',
    'mcp-binary': 'mcp',
    'pointer-pattern': 'either',
    decode: 'either',
    levers: 'either',
    'delta-pattern': 'either',
    'withheld-pattern': 'either',
    policy: 'either',
  };
  for (const [flag, who] of Object.entries(owner)) {
    if (!f.has(flag)) continue;
    const ok =
      who === 'either'
        ? hook !== undefined || mcp !== undefined
        : who === 'hook'
          ? hook !== undefined
          : mcp !== undefined;
    if (!ok)
      throw new UsageError(`run: --${flag} applies to ${who === 'either' ? '--hook and --mcp' : `--${who}`} only`);
  }
  if (hook === undefined && mcp === undefined) return undefined;
  nonEmpty('hook-post', f.get('hook-post'), 'bash examples/hooks/content-dedup-post.sh');
  nonEmpty('hook-compact', f.get('hook-compact'), 'bash examples/hooks/content-dedup-compact.sh');
  const reinject = f.has('hook-reinject') ? reinjectCount(f.get('hook-reinject')!) : undefined;
  let levers: LeverName[] | undefined;
  const raw = f.get('levers');
  if (raw !== undefined) {
    const names =
      raw === 'none'
        ? []
        : raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
    const bad = names.filter((n) => !isLeverName(n));
    if (bad.length > 0 || (raw !== 'none' && names.length === 0) || new Set(names).size !== names.length)
      throw new UsageError(
        `run: --levers takes distinct names from ${LEVER_NAMES.join(',')} (or none), got ${JSON.stringify(raw)}`,
      );
    levers = names as LeverName[];
    if (levers.includes('cap') && cap === undefined)
      throw new UsageError('run: --levers with cap needs --cap <bytes>: the fixed cap the hook or server keeps to');
  }
  const pattern = f.get('pointer-pattern');
  if (pattern !== undefined) pointerRegex(pattern);
  const delta = f.get('delta-pattern');
  if (delta !== undefined) deltaRegex(delta);
  const withheld = f.get('withheld-pattern');
  if (withheld !== undefined) pointerRegex(withheld, '--withheld-pattern');
  const policy = f.has('policy') ? parsePolicy(f.get('policy')!) : undefined;
  if ((withheld !== undefined) !== (policy !== undefined))
    throw new UsageError(
      'run: --withheld-pattern and --policy go together: the pattern finds the notice, the policy says when the shim may give it',
    );
  const common: Common = {
    ...(levers ? { levers } : {}),
    ...defined({ pointerPattern: pattern }),
    ...(f.has('decode') ? { decode: f.get('decode')! } : {}),
    ...defined({ deltaPattern: delta, withheldPattern: withheld, policy }),
  };
  if (hook !== undefined)
    return {
      kind: 'hook',
      command: hook,
      ...(f.has('hook-post') ? { post: f.get('hook-post')! } : {}),
      ...(f.has('hook-compact') ? { compact: f.get('hook-compact')! } : {}),
      ...(f.has('hook-tool') ? { tool: parseHookTool(f.get('hook-tool')!) } : {}),
      ...defined({ reinject }),
      ...common,
    };
  let args: ArgMap | undefined;
  if (f.has('mcp-args')) {
    const m = parseArgMap(f.get('mcp-args')!);
    if (typeof m === 'string') throw new UsageError(`run: ${m}`);
    args = m;
  }
  return {
    kind: 'mcp',
    command: mcp!,
    ...(f.has('mcp-tool') ? { tool: f.get('mcp-tool')! } : {}),
    ...(args ? { args } : {}),
    ...(f.has('mcp-compact') ? { compactTool: f.get('mcp-compact')! } : {}),
    ...(f.has('mcp-binary') ? { binary: mcpBinary(f.get('mcp-binary')!) } : {}),
    ...common,
  };
}

/** --policy's JSON: one withholding policy or a list of them (src/core/policies.ts); a driver has no seal. */
function parsePolicy(raw: string): { raw: string; policies: readonly WithholdPolicy[] } {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new UsageError(
      `run: --policy takes JSON, e.g. --policy '{"id":"big-file","wholeOverBytes":262144,"howTo":"read it with offset and limit"}', got ${JSON.stringify(raw)}`,
    );
  }
  const list = Array.isArray(v) ? v : [v];
  const p = policiesProblem(list, true);
  if (p !== undefined) throw new UsageError(`run: --policy: ${p.replace('capabilities.policies', 'the policy')}`);
  return { raw, policies: list as WithholdPolicy[] };
}

/** --mcp-binary <mode>: how the server answers a file that is not UTF-8 (spec/SPEC.md "Bytes that are not text"). */
function mcpBinary(raw: string): HostToolBinary {
  if ((HOST_TOOL_BINARY as readonly string[]).includes(raw)) return raw as HostToolBinary;
  throw new UsageError(`run: --mcp-binary takes ${HOST_TOOL_BINARY.join('|')}, got ${JSON.stringify(raw)}`);
}

/** --hook-tool's JSON: a host tool bound (src/core/host-tool.ts), checked like a process shim's `hello`. */
function parseHookTool(raw: string): { raw: string; bound: HostToolBound } {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new UsageError(
      `run: --hook-tool takes a JSON host tool bound, e.g. --hook-tool '{"maxLines":2000,"maxLineChars":2000}', got ${JSON.stringify(raw)}`,
    );
  }
  const p = hostToolProblem(v);
  if (p !== undefined) throw new UsageError(`run: --hook-tool: ${p.replace('capabilities.tool', 'the bound')}`);
  return { raw, bound: v as HostToolBound };
}

/** The driver adapter for the flags (the MCP SDK is loaded only when --mcp is given). */
export async function openDriver(
  d: DriverFlags,
  o: { timeoutMs?: number; cap?: number; replay: boolean; isolation?: Isolation },
): Promise<DriverAdapter> {
  if (d.kind === 'agent') return openAgent(d, o);
  const decoder =
    d.decode !== undefined ? await (await import('../adapters/drivers/decode.ts')).loadDecoder(d.decode) : undefined;
  const shared = {
    ...defined({ timeoutMs: o.timeoutMs }),
    ...defined({ levers: d.levers }),
    ...(d.levers?.includes('cap') && o.cap !== undefined ? { cap: o.cap } : {}),
    ...defined({ pointerPattern: d.pointerPattern }),
    ...defined({ deltaPattern: d.deltaPattern, withheldPattern: d.withheldPattern, policies: d.policy?.policies }),
    ...(decoder !== undefined ? { decoder, decoderModule: d.decode! } : {}),
    ...defined({ isolation: o.isolation }),
  };
  if (d.kind === 'hook') {
    const { openHookAdapter } = await import('../adapters/hook/adapter.ts');
    return openHookAdapter({
      command: d.command,
      ...defined({ post: d.post }),
      ...defined({ compact: d.compact }),
      ...(d.tool !== undefined ? { tool: d.tool.bound } : {}),
      ...defined({ reinject: d.reinject }),
      ...shared,
    });
  }
  const { openMcpAdapter } = await import('../adapters/mcp/adapter.ts');
  return openMcpAdapter({
    command: d.command,
    ...defined({ tool: d.tool }),
    ...defined({ args: d.args }),
    ...defined({ compactTool: d.compactTool }),
    ...defined({ binary: d.binary }),
    ...(o.replay ? { prespawn: 0 } : {}),
    ...shared,
  });
}

/** The flags that replay a trace with the same driver. */
export function driverArgv(d: DriverFlags): string[] {
  const parts: string[] = [];
  const add = (flag: string, v: string | undefined): void => {
    if (v !== undefined) parts.push(`--${flag} ${shellWord(v)}`);
  };
  if (d.kind === 'agent') return agentArgv(d);
  if (d.kind === 'hook') {
    add('hook', d.command);
    add('hook-post', d.post);
    add('hook-compact', d.compact);
    add('hook-tool', d.tool?.raw);
    add('hook-reinject', d.reinject === undefined ? undefined : String(d.reinject));
  } else {
    add('mcp', d.command);
    add('mcp-tool', d.tool);
    if (d.args !== undefined)
      add(
        'mcp-args',
        Object.entries(d.args)
          .map(([k, v]) => `${k}=${v}`)
          .join(','),
      );
    add('mcp-compact', d.compactTool);
    add('mcp-binary', d.binary);
  }
  if (d.levers !== undefined) add('levers', d.levers.length === 0 ? 'none' : d.levers.join(','));
  add('pointer-pattern', d.pointerPattern);
  add('delta-pattern', d.deltaPattern);
  add('withheld-pattern', d.withheldPattern);
  add('policy', d.policy?.raw);
  add('decode', d.decode);
  return parts;
}

// ---- run --agent (src/adapters/agent, README "Check an agent CLI") ----

export interface AgentFlags {
  readonly kind: 'agent';
  /** The built-in profile's name or the profile module's path (what the report quotes). */
  readonly command: string;
  readonly builtin: boolean;
  readonly agentCommand?: string;
  readonly levers?: readonly LeverName[];
}

/** --agent / --agent-profile and theirs, or undefined when neither is given (then --agent-command may not be). */
export function parseAgentFlags(f: ReadonlyMap<string, string>): AgentFlags | undefined {
  const name = f.get('agent');
  const module = f.get('agent-profile');
  if (name === undefined && module === undefined) {
    if (f.has('agent-command'))
      throw new UsageError('run: --agent-command applies to --agent and --agent-profile only');
    return undefined;
  }
  if (name !== undefined && module !== undefined)
    throw new UsageError('run: give --agent <name> or --agent-profile <module>, not both');
  const others = [
    'adapter',
    'process',
    'hook',
    'mcp',
    'hook-post',
    'hook-compact',
    'hook-tool',
    'hook-reinject',
    'mcp-tool',
    'mcp-args',
    'mcp-compact',
    'mcp-binary',
    'pointer-pattern',
    'decode',
    'levers',
    'delta-pattern',
    'withheld-pattern',
    'policy',
  ].filter((k) => f.has(k));
  if (others.length > 0)
    throw new UsageError(
      `run: --${name !== undefined ? 'agent' : 'agent-profile'} plays the model for an agent CLI; drop --${others[0]}`,
    );
  if (name !== undefined && !Object.hasOwn(AGENT_NAMES, name))
    throw new UsageError(
      `run: --agent takes one of ${Object.keys(AGENT_NAMES).join(', ')} (or --agent-profile <module>), got ${JSON.stringify(name)}`,
    );
  if (module !== undefined && module.trim() === '')
    throw new UsageError('run: --agent-profile needs a module path, e.g. --agent-profile examples/agent/profile.ts');
  const cmd = f.get('agent-command');
  if (cmd !== undefined && cmd.trim() === '')
    throw new UsageError('run: --agent-command needs a command line, e.g. --agent-command "/opt/claude/bin/claude"');
  return {
    kind: 'agent',
    command: name ?? module!,
    builtin: name !== undefined,
    ...defined({ agentCommand: cmd }),
  };
}

/** The built-in names (kept here so flag parsing loads no profile). */
const AGENT_NAMES: Readonly<Record<string, true>> = Object.freeze({
  'claude-code': true,
  'qwen-code': true,
  'gemini-cli': true,
});

async function openAgent(d: AgentFlags, o: { timeoutMs?: number; isolation?: Isolation }): Promise<DriverAdapter> {
  const [{ openAgentAdapter }, { BUILTIN_PROFILES }, { loadProfile }] = await Promise.all([
    import('../adapters/agent/adapter.ts'),
    import('../adapters/agent/profiles/index.ts'),
    import('../adapters/agent/profile.ts'),
  ]);
  const profile = d.builtin ? BUILTIN_PROFILES[d.command]! : await loadProfile(d.command);
  return openAgentAdapter({
    profile,
    profileSource: d.builtin ? `built-in ${d.command}` : `module ${d.command}`,
    ...defined({ command: d.agentCommand }),
    ...defined({ timeoutMs: o.timeoutMs }),
    ...defined({ isolation: o.isolation }),
  });
}

function agentArgv(d: AgentFlags): string[] {
  return [
    `--${d.builtin ? 'agent' : 'agent-profile'} ${shellWord(d.command)}`,
    ...(d.agentCommand !== undefined ? [`--agent-command ${shellWord(d.agentCommand)}`] : []),
  ];
}
