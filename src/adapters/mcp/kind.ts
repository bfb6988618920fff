/**
 * `run --mcp "<cmd>"` as a kind of subject (src/adapters/kind.ts): its flags, their parsing, the
 * driver it opens (adapter.ts, which loads the MCP SDK only then) and the flags that replay a trace
 * with it. docs/guide/mcp.md.
 */
import { UsageError } from '../../core/errors.ts';
import { HOST_TOOL_BINARY, type HostToolBinary } from '../../core/host-tool.ts';
import { defined } from '../../core/defined.ts';
import {
  DRIVER_SHARED_FLAGS,
  chosenHost,
  commonArgv,
  driverCommon,
  driverShared,
  driverSubject,
  flagWords,
  type DriverCommon,
} from '../drivers/flags.ts';
import { quoteCommand, type SubjectKind } from '../kind.ts';
import { parseArgMap, type ArgMap } from './tool.ts';

export interface McpFlags extends DriverCommon {
  readonly kind: 'mcp';
  readonly command: string;
  readonly tool?: string;
  readonly args?: ArgMap;
  readonly compactTool?: string;
  /** --mcp-binary (spec 2.1): how the server's read tool answers a file that is not UTF-8. */
  readonly binary?: HostToolBinary;
}

/** --mcp-binary <mode>: how the server answers a file that is not UTF-8 (spec/SPEC.md "Bytes that are not text"). */
function mcpBinary(raw: string): HostToolBinary {
  if ((HOST_TOOL_BINARY as readonly string[]).includes(raw)) return raw as HostToolBinary;
  throw new UsageError(`run: --mcp-binary takes ${HOST_TOOL_BINARY.join('|')}, got ${JSON.stringify(raw)}`);
}

function parseMcp(f: ReadonlyMap<string, string>, cap: number | undefined): McpFlags {
  const common = driverCommon(f, cap);
  let args: ArgMap | undefined;
  if (f.has('mcp-args')) {
    const m = parseArgMap(f.get('mcp-args')!);
    if (typeof m === 'string') throw new UsageError(`run: ${m}`);
    args = m;
  }
  return {
    kind: 'mcp',
    command: f.get('mcp')!,
    ...(f.has('mcp-tool') ? { tool: f.get('mcp-tool')! } : {}),
    ...(args ? { args } : {}),
    ...(f.has('mcp-compact') ? { compactTool: f.get('mcp-compact')! } : {}),
    ...(f.has('mcp-binary') ? { binary: mcpBinary(f.get('mcp-binary')!) } : {}),
    ...common,
  };
}

export const mcpKind: SubjectKind<McpFlags> = {
  name: 'mcp',
  select: '--mcp "<cmd>"',
  extra: [
    '--mcp-tool <name>',
    '--mcp-args path=<a>,offset=<a>,limit=<a>',
    '--mcp-compact <tool>',
    '--mcp-binary base64|bytes|refuse',
    ...DRIVER_SHARED_FLAGS.usage,
  ],
  flags: ['mcp', 'mcp-tool', 'mcp-args', 'mcp-compact', 'mcp-binary', ...DRIVER_SHARED_FLAGS.flags],
  hostExample: 'node examples/mcp/hash-cache-server.js',
  // One client holds every server of a history: histories run one at a time.
  transport: 'process',
  isolatedHistories: false,
  isolate: true,
  eachHistory: 'the process anew',
  parse: (f, ctx) => (chosenHost(f, ctx) === 'mcp' ? parseMcp(f, ctx.cap) : undefined),
  async open(d, o) {
    const shared = await driverShared(d, o);
    const { openMcpAdapter } = await import('./adapter.ts');
    const adapter = await openMcpAdapter({
      command: d.command,
      ...defined({ tool: d.tool }),
      ...defined({ args: d.args }),
      ...defined({ compactTool: d.compactTool }),
      ...defined({ binary: d.binary }),
      ...(o.replay ? { prespawn: 0 } : {}),
      ...shared,
    });
    return driverSubject(adapter, false);
  },
  argv: (d, cap) => [
    ...flagWords([
      ['mcp', d.command],
      ['mcp-tool', d.tool],
      [
        'mcp-args',
        d.args === undefined
          ? undefined
          : Object.entries(d.args)
              .map(([k, v]) => `${k}=${v}`)
              .join(','),
      ],
      ['mcp-compact', d.compactTool],
      ['mcp-binary', d.binary],
    ]),
    ...commonArgv(d, cap),
  ],
  who: (d) => quoteCommand('mcp', d.command),
};
