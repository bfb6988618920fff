import { describe, expect, it } from 'vitest';
import { chooseReadTool, parseArgMap, type ToolInfo } from '../../../../src/adapters/mcp/tool.ts';

const tool = (name: string, props: string[], required: string[] = []): ToolInfo => ({
  name,
  inputSchema: { properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])), required },
});
/** The tools @modelcontextprotocol/server-filesystem 2026.8.31 lists (names, properties, required). */
const FILESYSTEM: ToolInfo[] = [
  tool('read_file', ['path', 'tail', 'head'], ['path']),
  tool('read_text_file', ['path', 'tail', 'head'], ['path']),
  tool('read_media_file', ['path'], ['path']),
  tool('read_multiple_files', ['paths'], ['paths']),
  tool('write_file', ['path', 'content'], ['path', 'content']),
  tool('edit_file', ['path', 'edits', 'dryRun'], ['path', 'edits']),
  tool('create_directory', ['path'], ['path']),
  tool('list_directory', ['path'], ['path']),
  tool('list_directory_with_sizes', ['path', 'sortBy'], ['path']),
  tool('directory_tree', ['path', 'excludePatterns'], ['path']),
  tool('move_file', ['source', 'destination'], ['source', 'destination']),
  tool('search_files', ['path', 'pattern', 'excludePatterns'], ['path', 'pattern']),
  tool('get_file_info', ['path'], ['path']),
  tool('list_allowed_directories', []),
];

describe('chooseReadTool', () => {
  it('the filesystem server: no guessing among the tools that take a path alone', () => {
    const r = chooseReadTool(FILESYSTEM, undefined, {});
    expect(r).toMatch(
      /^8 tools of the server could read a file \(read_file, read_text_file, read_media_file, create_directory, list_directory, list_directory_with_sizes, directory_tree, get_file_info\); choose one with --mcp-tool/,
    );
  });
  it('read_text_file takes head/tail, not offset/limit: no windows', () => {
    expect(chooseReadTool(FILESYSTEM, 'read_text_file', {})).toEqual({ name: 'read_text_file', pathArg: 'path' });
  });
  it('the one tool that takes a path alone is chosen; offset and limit map when it takes both', () => {
    expect(
      chooseReadTool(
        [tool('read', ['file_path', 'offset', 'limit'], ['file_path']), tool('forget', [])],
        undefined,
        {},
      ),
    ).toEqual({ name: 'read', pathArg: 'file_path', offsetArg: 'offset', limitArg: 'limit' });
    expect(
      chooseReadTool([tool('read', ['p', 'from', 'count'], ['p'])], undefined, {
        path: 'p',
        offset: 'from',
        limit: 'count',
      }),
    ).toEqual({ name: 'read', pathArg: 'p', offsetArg: 'from', limitArg: 'count' });
    expect(chooseReadTool([tool('read', ['path', 'offset'])], undefined, {})).toEqual({
      name: 'read',
      pathArg: 'path',
    });
  });
  it.each([
    [
      [tool('write', ['path', 'content'], ['path', 'content'])],
      undefined,
      {},
      /no tool of the server can be called with a path alone/,
    ],
    [FILESYSTEM, 'cat', {}, /has no tool "cat" \(its tools: read_file, /],
    [FILESYSTEM, 'move_file', {}, /takes no path argument/],
    [
      FILESYSTEM,
      'read_text_file',
      { offset: 'start' },
      /maps offset to "start", which tool read_text_file does not take/,
    ],
    [FILESYSTEM, 'write_file', {}, /requires content, which a read does not give/],
  ] as const)('%#: a clear reason', (tools, wanted, map, why) => {
    expect(chooseReadTool(tools, wanted, map)).toMatch(why);
  });
});

describe('parseArgMap', () => {
  it('maps path, offset and limit', () => {
    expect(parseArgMap('path=file, offset=start,limit=lines')).toEqual({
      path: 'file',
      offset: 'start',
      limit: 'lines',
    });
  });
  it.each(['', 'path', 'head=n', 'path=a,path=b'])('%j is refused', (raw) => {
    expect(typeof parseArgMap(raw)).toBe('string');
  });
});
