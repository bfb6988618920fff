/** The README command list .ci/packed runs from the tarball (dev/scripts/readme-commands.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  forInstall,
  INSTALLED_EXAMPLES,
  notRunFromTarball,
  readmeCommands,
} from '../../../dev/scripts/readme-commands.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('README commands', () => {
  it('takes the kit commands of sh blocks and prose: comments dropped, continuations joined, && split; never output samples', () => {
    const md = [
      '```sh',
      'npm ci && npx readshim-conformance run   # install, then check',
      'npx readshim-conformance run --hook "bash examples/hooks/a.sh" \\',
      '  --hook-compact "bash examples/hooks/b.sh"',
      'dev/scripts/install-agent-clis.sh claude-code',
      '```',
      'Run `npx readshim-conformance run --arm cap` in prose, or `npx readshim-conformance spec`.',
      '```',
      'npx readshim-conformance run --not-a-command-block',
      'and `npx readshim-conformance run --inline-in-output` neither',
      '```',
      '```ts',
      'npx readshim-conformance run --in-ts',
      '```',
    ].join('\n');
    expect(readmeCommands(md)).toEqual([
      { line: 2, command: 'npx readshim-conformance run' },
      {
        line: 3,
        command:
          'npx readshim-conformance run --hook "bash examples/hooks/a.sh" --hook-compact "bash examples/hooks/b.sh"',
      },
      { line: 7, command: 'npx readshim-conformance run --arm cap' },
      { line: 7, command: 'npx readshim-conformance spec' },
    ]);
  });

  it('addresses examples through the installed package, and only paths that start with examples/', () => {
    expect(
      forInstall('npx readshim-conformance run --process "python3 examples/python/x.py" --replay examples/t.jsonl'),
    ).toBe(
      `npx readshim-conformance run --process "python3 ${INSTALLED_EXAMPLES}python/x.py" --replay ${INSTALLED_EXAMPLES}t.jsonl`,
    );
    expect(forInstall('npx readshim-conformance run --adapter my/examples/a.ts')).toBe(
      'npx readshim-conformance run --adapter my/examples/a.ts',
    );
  });

  it("README's own list: every Check section's command is there, and only agent runs and mutants are left to .ci/run", () => {
    const commands = readmeCommands(readme).map((c) => c.command);
    for (const flag of ['--process', '--hook', '--mcp', '--agent'])
      expect(commands.some((c) => c.includes(flag))).toBe(true);
    expect(commands).toContain('npx readshim-conformance run');
    const skipped = commands.filter((c) => notRunFromTarball(c) !== undefined);
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((c) => c.includes('--agent') || c === 'npx readshim-conformance mutants')).toBe(true);
    expect(commands).toContain('npx readshim-conformance run --adapter examples/minimal-shim/adapter.ts');
  });
});
