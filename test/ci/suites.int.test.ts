/**
 * Every test file belongs to exactly one suite, by its suffix (config/vitest.suites.ts): unit or
 * integration, which npm test runs, or hosts, which `npm run test:hosts` runs. The file lists are the
 * ones vitest itself collects from config/vitest.config.ts and config/vitest.hosts.config.ts, so a new
 * file cannot fall out of both commands, and none runs twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createVitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { LONGEST_FIRST } from '../../config/vitest.hosts.config.ts';
import { notRunLine } from '../../config/vitest.not-run.ts';
import { suiteOf, TEST_FILE, type Suite } from '../../config/vitest.suites.ts';
import { ROOT } from '../src/cli/helpers.ts';

const onDisk: string[] = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .map((f) => `test/${f.split('\\').join('/')}`)
  .filter((f) => TEST_FILE.test(f) && !f.includes('/fixtures/'))
  .sort();

/** The files vitest collects under one config, each with the project it runs in ('' without projects). */
async function collected(config: string): Promise<[string, string][]> {
  const vitest = await createVitest('test', { config: join(ROOT, config), watch: false, reporters: [] });
  try {
    const specs = await vitest.globTestSpecifications();
    return specs.map((s): [string, string] => [relative(ROOT, s.moduleId), s.project.name]).sort();
  } finally {
    await vitest.close();
  }
}

const expected = (suites: readonly Suite[], name: (s: Suite) => string): [string, string][] =>
  onDisk.flatMap((f): [string, string][] => {
    const s = suiteOf(f);
    return s !== undefined && suites.includes(s) ? [[f, name(s)]] : [];
  });

describe('test suites', () => {
  it('every test file has a suite by its suffix', () => {
    expect(onDisk.length).toBeGreaterThan(0);
    expect(onDisk.filter((f) => suiteOf(f) === undefined)).toEqual([]);
  });

  it('npm test runs each unit and integration file once, in the project of its suite', async () => {
    expect(await collected('config/vitest.config.ts')).toEqual(expected(['unit', 'integration'], (s) => s));
  }, 60_000);

  it('npm run test:hosts runs exactly the hosts files', async () => {
    expect(await collected('config/vitest.hosts.config.ts')).toEqual(expected(['hosts'], () => ''));
  }, 60_000);

  it('the hosts order names hosts files only, and its sequencer starts them first, longest first', async () => {
    expect(LONGEST_FIRST.filter((f) => !onDisk.includes(f) || suiteOf(f) !== 'hosts')).toEqual([]);
    const vitest = await createVitest('test', {
      config: join(ROOT, 'config/vitest.hosts.config.ts'),
      watch: false,
      reporters: [],
    });
    try {
      const specs = await vitest.globTestSpecifications();
      const Sequencer = vitest.config.sequence.sequencer;
      const sorted = await new Sequencer(vitest).sort(specs);
      const order = sorted.map((s) => relative(ROOT, s.moduleId));
      expect(order.slice(0, LONGEST_FIRST.length)).toEqual(LONGEST_FIRST);
      expect([...order].sort()).toEqual(specs.map((s) => relative(ROOT, s.moduleId)).sort());
    } finally {
      await vitest.close();
    }
  }, 60_000);

  it('every *.long.test.ts file says on its first line why npm test cannot afford it', () => {
    const long = onDisk.filter((f) => f.endsWith('.long.test.ts'));
    expect(long.length).toBeGreaterThan(0);
    for (const f of long)
      expect(readFileSync(join(ROOT, f), 'utf8').split('\n')[0], f).toMatch(/^\/\/ Suite: long \(.+\): .{10,}/);
  });

  it("npm test's closing line counts the files it leaves out and names the command that runs them", () => {
    const line = notRunLine();
    expect(line).not.toContain('\n');
    const host = onDisk.filter((f) => f.endsWith('.host.test.ts')).length;
    const long = onDisk.filter((f) => f.endsWith('.long.test.ts')).length;
    expect(line).toContain(`${host} *.host.test.ts files`);
    expect(line).toContain(`${long} *.long.test.ts files`);
    expect(line).toContain('`npm run test:hosts`');
  });

  it('the commands: npm test is vitest run on config/vitest.config.ts, test:hosts uses the hosts config, .ci/run runs both', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.test).toBe('vitest run --config config/vitest.config.ts');
    expect(scripts['test:hosts']).toBe('vitest run --config config/vitest.hosts.config.ts');
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').split('\n');
    // npm test runs as README gives it, under /usr/bin/time where the machine has it.
    expect(ci.some((l) => l === 'npm test' || / npm test; else npm test; fi$/.test(l))).toBe(true);
    expect(ci).toContain('npm run test:hosts');
  });
});
