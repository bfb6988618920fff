/**
 * `run --hook "<cmd>"` as a kind of subject (src/adapters/kind.ts): its flags, their parsing,
 * the driver it opens (adapter.ts) and the flags that replay a trace with it. docs/guide/hook.md.
 */
import { UsageError } from '../../core/errors.ts';
import { hostToolProblem, pageProblem, type HostToolBound } from '../../core/host-tool.ts';
import { REINJECT_MAX_COUNT } from '../../core/reinject.ts';
import { defined } from '../../core/defined.ts';
import {
  DRIVER_SHARED_FLAGS,
  chosenHost,
  commonArgv,
  driverCommon,
  driverShared,
  driverSubject,
  flagWords,
  nonEmpty,
  type DriverCommon,
} from '../drivers/flags.ts';
import { quoteCommand, type SubjectKind } from '../kind.ts';
import { FORGET_KINDS, type ForgetKind } from './run.ts';

export interface HookFlags extends DriverCommon {
  readonly kind: 'hook';
  readonly command: string;
  readonly post?: string;
  readonly compact?: string;
  /** --hook-session-start: the SessionStart hook (startup, compact, clear). */
  readonly sessionStart?: string;
  /** --hook-forget: how the played host forgets a whole worker, cycling (compact, clear, rewind). */
  readonly forgets?: readonly ForgetKind[];
  /** --hook-subagents shared: a subagent's hooks run under its parent's session_id. */
  readonly subagents?: 'shared';
  /** --hook-tool: the played Read's bound as JSON (src/core/host-tool.ts), and its parsed value. */
  readonly tool?: { readonly raw: string; readonly bound: HostToolBound };
  /** --hook-reinject: files the played host re-attaches after a compaction (spec/SPEC.md "Re-injection after compaction"). */
  readonly reinject?: number;
}

/** --hook-reinject <n>: how many files the played host re-attaches after a compaction (src/core/reinject.ts). */
function reinjectCount(raw: string): number {
  const n = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > REINJECT_MAX_COUNT)
    throw new UsageError(
      `run: --hook-reinject takes a whole number of files from 1 to ${REINJECT_MAX_COUNT} (Claude Code re-attaches up to 5), got ${JSON.stringify(raw)}`,
    );
  return n;
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
  const p = hostToolProblem(v) ?? pageProblem(v, 'capabilities.tool');
  if (p !== undefined) throw new UsageError(`run: --hook-tool: ${p.replace('capabilities.tool', 'the bound')}`);
  return { raw, bound: v as HostToolBound };
}

/** --hook-forget compact,clear,rewind: the kinds in the order the host cycles through them. */
function forgetKinds(raw: string): ForgetKind[] {
  const kinds = raw.split(',');
  const bad = kinds.find((k) => !(FORGET_KINDS as readonly string[]).includes(k));
  if (raw === '' || bad !== undefined || new Set(kinds).size !== kinds.length)
    throw new UsageError(
      `run: --hook-forget takes distinct kinds from ${FORGET_KINDS.join(', ')}, comma-separated (e.g. compact,rewind), got ${JSON.stringify(raw)}`,
    );
  return kinds as ForgetKind[];
}

function parseHook(f: ReadonlyMap<string, string>, cap: number | undefined): HookFlags {
  nonEmpty('hook-post', f.get('hook-post'), 'bash examples/hooks/content-dedup-post.sh');
  nonEmpty('hook-compact', f.get('hook-compact'), 'bash examples/hooks/content-dedup-compact.sh');
  nonEmpty('hook-session-start', f.get('hook-session-start'), 'node examples/hooks/ledger-dedup.mjs');
  const sub = f.get('hook-subagents');
  if (sub !== undefined && sub !== 'shared' && sub !== 'own')
    throw new UsageError(
      `run: --hook-subagents takes "shared" (a subagent's hooks run under its parent's session_id) or "own", got ${JSON.stringify(sub)}`,
    );
  const reinject = f.has('hook-reinject') ? reinjectCount(f.get('hook-reinject')!) : undefined;
  const common = driverCommon(f, cap);
  return {
    kind: 'hook',
    command: f.get('hook')!,
    ...(f.has('hook-post') ? { post: f.get('hook-post')! } : {}),
    ...(f.has('hook-compact') ? { compact: f.get('hook-compact')! } : {}),
    ...(f.has('hook-session-start') ? { sessionStart: f.get('hook-session-start')! } : {}),
    ...(f.has('hook-forget') ? { forgets: forgetKinds(f.get('hook-forget')!) } : {}),
    ...(sub === 'shared' ? { subagents: 'shared' as const } : {}),
    ...(f.has('hook-tool') ? { tool: parseHookTool(f.get('hook-tool')!) } : {}),
    ...defined({ reinject }),
    ...common,
  };
}

export const hookKind: SubjectKind<HookFlags> = {
  name: 'hook',
  select: '--hook "<cmd>"',
  extra: [
    '--hook-post "<cmd>"',
    '--hook-compact "<cmd>"',
    '--hook-session-start "<cmd>"',
    '--hook-forget <compact,clear,rewind>',
    '--hook-subagents shared',
    "--hook-tool '<json>'",
    '--hook-reinject <n>',
    ...DRIVER_SHARED_FLAGS.usage,
  ],
  flags: [
    'hook',
    'hook-post',
    'hook-compact',
    'hook-session-start',
    'hook-forget',
    'hook-subagents',
    'hook-tool',
    'hook-reinject',
    ...DRIVER_SHARED_FLAGS.flags,
  ],
  hostExample: 'bash examples/hooks/content-dedup.sh',
  transport: 'process',
  isolatedHistories: true,
  isolate: true,
  eachHistory: 'a fresh sandbox and HOME',
  parse: (f, ctx) => (chosenHost(f, ctx) === 'hook' ? parseHook(f, ctx.cap) : undefined),
  async open(d, o) {
    const shared = await driverShared(d, o);
    const { openHookAdapter } = await import('./adapter.ts');
    const adapter = openHookAdapter({
      command: d.command,
      ...defined({ post: d.post }),
      ...defined({ compact: d.compact }),
      ...defined({ sessionStart: d.sessionStart }),
      ...defined({ forgets: d.forgets }),
      ...defined({ subagents: d.subagents }),
      ...(d.tool !== undefined ? { tool: d.tool.bound } : {}),
      ...defined({ reinject: d.reinject }),
      ...shared,
    });
    return driverSubject(adapter, true);
  },
  argv: (d, cap) => [
    ...flagWords([
      ['hook', d.command],
      ['hook-post', d.post],
      ['hook-compact', d.compact],
      ['hook-session-start', d.sessionStart],
      ['hook-forget', d.forgets?.join(',')],
      ['hook-subagents', d.subagents],
      ['hook-tool', d.tool?.raw],
      ['hook-reinject', d.reinject === undefined ? undefined : String(d.reinject)],
    ]),
    ...commonArgv(d, cap),
  ],
  who: (d) => quoteCommand('hook', d.command),
};
