/** The driver flags of `run`: checked before anything starts (usage errors, exit 2). */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/core/errors.ts';
import { hookKind } from '../../../../src/adapters/hook/kind.ts';
import { parseRunFlags } from '../../../../src/cli/commands/run.ts';

describe('run --hook / --mcp flags', () => {
  it.each([
    [['--hook-post', 'x'], /--hook-post applies to --hook only/],
    [['--hook', 'x', '--process', 'y'], /--hook plays the host itself; drop --process/],
    [['--mcp', 'x', '--adapter', 'y'], /--mcp plays the host itself; drop --adapter/],
    [['--hook', 'x', '--mcp', 'y'], /give --hook or --mcp, not both/],
    [['--hook', ' '], /--hook needs a command line/],
    [['--hook', 'x', '--levers', 'cap'], /--levers with cap needs --cap <bytes>/],
    [['--hook', 'x', '--levers', 'pointer,slice'], /--levers takes distinct names from pointer,cap,diff/],
    [['--hook', 'x', '--levers', 'diff,diff'], /--levers takes distinct names/],
    [['--levers', 'pointer'], /--levers applies to --hook and --mcp only/],
    [['--hook', 'x', '--pointer-pattern', '(unclosed'], /--pointer-pattern is not a regular expression/],
    [['--mcp', 'x', '--mcp-args', 'head=n'], /--mcp-args takes path=<arg>,offset=<arg>,limit=<arg>/],
    [['--mcp-tool', 'x'], /--mcp-tool applies to --mcp only/],
    [['--hook', 'x', '--mcp-compact', 'forget'], /--mcp-compact applies to --mcp only/],
    [['--mcp', 'x', '--hook-tool', '{}'], /--hook-tool applies to --hook only/],
    [['--hook', 'x', '--hook-tool', 'maxLines:2000'], /--hook-tool takes a JSON host tool bound/],
    [['--hook', 'x', '--hook-tool', '{"maxLines":0}'], /--hook-tool: the bound\.maxLines must be an integer >= 1/],
    [['--hook', 'x', '--hook-tool', '{"maxline":3}'], /--hook-tool: the bound has unknown key "maxline"/],
    [['--hook', 'x', '--hook-tool', '{"maxTokens":0}'], /--hook-tool: the bound\.maxTokens must be an integer >= 1/],
  ])('%j is a usage error', (argv, why) => {
    expect(() => parseRunFlags(argv)).toThrow(UsageError);
    expect(() => parseRunFlags(argv)).toThrow(why);
  });

  it('--hook-tool: the played Read as a host tool bound, kept verbatim for the replay line', () => {
    const raw = '{"maxLines":2000,"maxLineChars":2000,"refuse":{"maxBytes":262144}}';
    const d = parseRunFlags(['--hook', 'x', '--hook-tool', raw]).subject;
    expect(d).toMatchObject({ kind: 'hook', tool: { raw, bound: JSON.parse(raw) } });
  });

  it('parses what a driver needs', () => {
    expect(
      parseRunFlags([
        '--hook',
        'bash h.sh {root}',
        '--hook-post',
        'p',
        '--hook-compact',
        'c',
        '--levers',
        'cap,pointer',
        '--cap',
        '4096',
        '--pointer-pattern',
        'seen',
      ]).subject,
    ).toEqual({
      kind: 'hook',
      command: 'bash h.sh {root}',
      post: 'p',
      compact: 'c',
      levers: ['cap', 'pointer'],
      pointerPattern: 'seen',
    });
    expect(
      parseRunFlags([
        '--mcp',
        'npx s {root}',
        '--mcp-tool',
        'read_text_file',
        '--mcp-args',
        'path=file',
        '--levers',
        'none',
      ]).subject,
    ).toEqual({
      kind: 'mcp',
      command: 'npx s {root}',
      tool: 'read_text_file',
      args: { path: 'file' },
      levers: [],
    });
    expect(parseRunFlags(['--hook', 'h']).runs).toBe(25);
    expect(parseRunFlags([]).subject).toEqual({ kind: 'adapter' });
  });

  it('a --decode module that does not exist is a usage error naming it', async () => {
    await expect(
      hookKind.open({ kind: 'hook', command: 'x', decode: 'nowhere.ts' }, { replay: false }),
    ).rejects.toThrow(/decoder module not found: nowhere.ts/);
  });
});
