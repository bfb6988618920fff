/**
 * Which tool of an MCP server is the read tool, and how the kit's request maps onto its arguments
 * (docs/guide/mcp.md): --mcp-tool names it, else the one tool that can be called with a
 * path alone; --mcp-args maps path / offset / limit onto its argument names. Windows are declared
 * only where the tool takes both a first line and a line count. No guessing: ambiguity is exit 2.
 */

export interface ToolInfo {
  readonly name: string;
  readonly inputSchema: {
    readonly properties?: Readonly<Record<string, unknown>>;
    readonly required?: readonly string[];
  };
}

/** --mcp-args: the tool's argument names for the kit's path, offset (1-based first line) and limit (lines). */
export interface ArgMap {
  readonly path?: string;
  readonly offset?: string;
  readonly limit?: string;
}

export interface ReadTool {
  readonly name: string;
  readonly pathArg: string;
  /** Both present, or neither (no windows). */
  readonly offsetArg?: string;
  readonly limitArg?: string;
}

/** Argument names that take a file's path, tried in this order. */
export const PATH_NAMES: readonly string[] = Object.freeze(['path', 'file_path', 'filePath', 'file', 'filename']);

/** Parses `path=file,offset=start,limit=lines`; a string says what is wrong. */
export function parseArgMap(raw: string): ArgMap | string {
  const out: Record<string, string> = {};
  for (const part of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(path|offset|limit)=([^=\s]+)$/.exec(part);
    if (m === null)
      return `--mcp-args takes path=<arg>,offset=<arg>,limit=<arg> (any of them), got ${JSON.stringify(part)}`;
    if (out[m[1]!] !== undefined) return `--mcp-args maps ${m[1]} twice`;
    out[m[1]!] = m[2]!;
  }
  if (Object.keys(out).length === 0) return '--mcp-args maps nothing';
  return out;
}

const propsOf = (t: ToolInfo): Readonly<Record<string, unknown>> => t.inputSchema.properties ?? {};

/** The read tool as `t` would be called, or why it cannot be. */
function asReadTool(t: ToolInfo, map: ArgMap): ReadTool | string {
  const props = propsOf(t);
  const names = Object.keys(props);
  for (const k of ['path', 'offset', 'limit'] as const) {
    const name = map[k];
    if (name !== undefined && !names.includes(name))
      return `--mcp-args maps ${k} to "${name}", which tool ${t.name} does not take (it takes ${names.join(', ') || 'no arguments'})`;
  }
  const pathArg = map.path ?? PATH_NAMES.find((n) => names.includes(n));
  if (pathArg === undefined)
    return `tool ${t.name} takes no path argument (${PATH_NAMES.join(', ')}); map it with --mcp-args path=<arg> (it takes ${names.join(', ') || 'no arguments'})`;
  const offsetArg = map.offset ?? (names.includes('offset') ? 'offset' : undefined);
  const limitArg = map.limit ?? (names.includes('limit') ? 'limit' : undefined);
  const windows = offsetArg !== undefined && limitArg !== undefined;
  const mapped = new Set([pathArg, ...(windows ? [offsetArg, limitArg] : [])]);
  const missing = (t.inputSchema.required ?? []).filter((r) => !mapped.has(r));
  if (missing.length > 0) return `tool ${t.name} requires ${missing.join(', ')}, which a read does not give`;
  return { name: t.name, pathArg, ...(windows ? { offsetArg, limitArg } : {}) };
}

/** The read tool of a server, or a one-line reason (exit 2) naming the tools. */
export function chooseReadTool(tools: readonly ToolInfo[], wanted: string | undefined, map: ArgMap): ReadTool | string {
  const all = tools.map((t) => t.name).join(', ') || '(none)';
  if (wanted !== undefined) {
    const t = tools.find((x) => x.name === wanted);
    if (t === undefined) return `the server has no tool ${JSON.stringify(wanted)} (its tools: ${all})`;
    return asReadTool(t, map);
  }
  const candidates = tools.map((t) => asReadTool(t, map)).filter((x): x is ReadTool => typeof x !== 'string');
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0)
    return `no tool of the server can be called with a path alone (its tools: ${all}); choose one with --mcp-tool <name> and map its arguments with --mcp-args`;
  return `${candidates.length} tools of the server could read a file (${candidates.map((c) => c.name).join(', ')}); choose one with --mcp-tool <name>`;
}
