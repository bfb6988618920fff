/** --help of every command, and usage with no command (src/cli/main.ts, src/cli/usage.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_USAGE } from '../../../src/cli/usage.ts';
import { inProcess, ROOT } from './helpers.ts';

const COMMANDS = ['run', 'audit', 'spec', 'explain', 'mutants', 'gates', 'bench', 'table'];

describe('usage', () => {
  for (const name of COMMANDS)
    it(`${name} --help prints its usage on stdout, exit 0`, async () => {
      const r = await inProcess([name, '--help']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.split('\n')[0]).toBe('usage:');
      expect(r.stdout.split('\n')[1]).toMatch(new RegExp(`^readshim-conformance ${name} `));
      expect((await inProcess([name, '--out', 'x.json', '-h'])).stdout).toBe(r.stdout);
    });
  it('no command: one line on stderr naming the commands, exit 2, nothing on stdout', async () => {
    const r = await inProcess([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^readshim-conformance: no command: give one of run, audit, spec, explain, mutants, gates, bench, table/,
    );
  });
  it('--help alone: the usage on stdout, exit 0', async () => {
    const r = await inProcess(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: readshim-conformance <command>/);
  });
  it('the usages are docs/reference/cli.md (the CLI reference), line for line', () => {
    const page = readFileSync(join(ROOT, 'docs/reference/cli.md'), 'utf8');
    const block = page.split('# Commands (CLI reference)\n')[1]!.split('```\n')[1]!.split('```')[0]!;
    expect(block.trimEnd()).toBe(COMMANDS.map((c) => COMMAND_USAGE[c]).join('\n'));
  });
});
