/** The commands .ci/packed runs from the tarball (dev/scripts/readme-commands.ts): every sh block line of README.md and docs/, with its annotation. */
import { describe, expect, it } from 'vitest';
import {
  allCommands,
  annotation,
  docCommands,
  forInstall,
  INSTALLED_EXAMPLES,
  splitComment,
  withoutCheckoutSteps,
} from '../../../dev/scripts/readme-commands.ts';
import { ROOT } from '../../src/cli/helpers.ts';

describe('the commands of the docs', () => {
  it('takes every line of sh blocks: comment lines dropped, continuations joined; never output samples or code', () => {
    const md = [
      '```sh',
      '# a comment line, not a command',
      'npm ci && npx readshim-conformance run   # install, then check',
      'npx readshim-conformance run --hook "bash examples/hooks/a.sh" \\',
      '  --hook-compact "bash examples/hooks/b.sh"   # exit 1',
      'dev/scripts/install-agent-clis.sh claude-code   # skip',
      'npx readshim-conformance run --agent claude-code   # exit 1 host',
      '```',
      'Run `npx readshim-conformance run --arm cap` in prose: not a block.',
      '```',
      'npx readshim-conformance run --not-a-command-block',
      '```',
      '```ts',
      'npx readshim-conformance run --in-ts',
      '```',
    ].join('\n');
    expect(docCommands(md, 'X.md')).toEqual([
      { file: 'X.md', line: 3, command: 'npm ci && npx readshim-conformance run', exit: 0, host: false, skip: false },
      {
        file: 'X.md',
        line: 4,
        command:
          'npx readshim-conformance run --hook "bash examples/hooks/a.sh" --hook-compact "bash examples/hooks/b.sh"',
        exit: 1,
        host: false,
        skip: false,
      },
      {
        file: 'X.md',
        line: 6,
        command: 'dev/scripts/install-agent-clis.sh claude-code',
        exit: 0,
        host: false,
        skip: true,
      },
      {
        file: 'X.md',
        line: 7,
        command: 'npx readshim-conformance run --agent claude-code',
        exit: 1,
        host: true,
        skip: false,
      },
    ]);
  });

  it('an annotation is a comment of only its words; any other comment is prose; a # in quotes is no comment', () => {
    expect(annotation('exit 1')).toEqual({ exit: 1, host: false, skip: false });
    expect(annotation('exit 2 host')).toEqual({ exit: 2, host: true, skip: false });
    expect(annotation('host exit 1')).toEqual({ exit: 1, host: true, skip: false });
    expect(annotation('skip')).toEqual({ exit: 0, host: false, skip: true });
    for (const prose of ['install, then check', 'exit', 'exit one', 'exits 1', ''])
      expect(annotation(prose)).toBeUndefined();
    expect(splitComment(`npx x --pointer-pattern '^#same' --y   # exit 1`)).toEqual({
      code: `npx x --pointer-pattern '^#same' --y`,
      comment: 'exit 1',
    });
    expect(splitComment('echo a#b')).toEqual({ code: 'echo a#b', comment: undefined });
  });

  it("leaves out the checkout's install step, and addresses examples through the installed package", () => {
    expect(withoutCheckoutSteps('npm ci && npx readshim-conformance run')).toBe('npx readshim-conformance run');
    expect(withoutCheckoutSteps('npm ci')).toBeUndefined();
    expect(withoutCheckoutSteps('npm test')).toBeUndefined();
    expect(withoutCheckoutSteps('npm run test:hosts')).toBeUndefined();
    expect(withoutCheckoutSteps('npm run table -- --only reference')).toBeUndefined();
    expect(withoutCheckoutSteps('npm ci && npm test')).toBeUndefined();
    expect(withoutCheckoutSteps('npm install --save-dev readshim-conformance')).toBe(
      'npm install --save-dev readshim-conformance',
    );
    expect(withoutCheckoutSteps('npx readshim-conformance run --test')).toBe('npx readshim-conformance run --test');
    expect(withoutCheckoutSteps('npm install --prefix .agent-clis x@1')).toBe('npm install --prefix .agent-clis x@1');
    expect(
      forInstall('npx readshim-conformance run --process "python3 examples/python/x.py" --replay examples/t.jsonl'),
    ).toBe(
      `npx readshim-conformance run --process "python3 ${INSTALLED_EXAMPLES}python/x.py" --replay ${INSTALLED_EXAMPLES}t.jsonl`,
    );
    expect(forInstall('npx readshim-conformance run --adapter my/examples/a.ts')).toBe(
      'npx readshim-conformance run --adapter my/examples/a.ts',
    );
  });

  it("this checkout's docs: README's checks are there, agent runs are host, and what cannot run from an install is skipped", () => {
    const commands = allCommands(ROOT);
    const files = new Set(commands.map((c) => c.file));
    expect(files.has('README.md')).toBe(true);
    const run = commands.filter((c) => !c.skip && !c.host).map((c) => withoutCheckoutSteps(c.command));
    for (const flag of ['--process', '--hook', '--mcp']) expect(run.some((c) => c?.includes(flag))).toBe(true);
    expect(run).toContain('npx readshim-conformance run');
    expect(commands.filter((c) => c.command.includes('--agent')).every((c) => c.host)).toBe(true);
    // The filesystem MCP server is fetched without a prompt, at a pinned version.
    const fs = commands.find((c) => c.command.includes('server-filesystem'))!;
    expect(fs.command).toMatch(/npx -y @modelcontextprotocol\/server-filesystem@\d/);
    // A shipped example, never a test fixture.
    expect(commands.some((c) => c.command.includes('test/fixtures'))).toBe(false);
  });
});
