/**
 * Every test file belongs to exactly one suite (vitest.suites.ts): unit or integration, which npm
 * test runs, or hosts, which `npm run test:hosts` runs. The file lists are the ones vitest itself
 * collects from vitest.config.ts and vitest.hosts.config.ts, so a new file cannot fall out of both
 * commands, and none runs twice.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createVitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { notRunLine } from '../../vitest.not-run.ts';
import { FILES, FOLDERS, suiteOf, TEST_FILE, type Suite } from '../../vitest.suites.ts';
import { ROOT } from '../cli/helpers.ts';

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
  it('every test file is claimed by its folder or by an exception', () => {
    expect(onDisk.length).toBeGreaterThan(0);
    expect(onDisk.filter((f) => suiteOf(f) === undefined)).toEqual([]);
  });

  it('npm test runs each unit and integration file once, in the project of its suite', async () => {
    expect(await collected('vitest.config.ts')).toEqual(expected(['unit', 'integration'], (s) => s));
  }, 60_000);

  it('npm run test:hosts runs exactly the hosts files', async () => {
    expect(await collected('vitest.hosts.config.ts')).toEqual(expected(['hosts'], () => ''));
  }, 60_000);

  it('every exception names an existing test file, says why, and leaves its folder suite', () => {
    for (const [file, { suite, why }] of Object.entries(FILES)) {
      expect(existsSync(join(ROOT, file)) && TEST_FILE.test(file), file).toBe(true);
      expect(why.length, file).toBeGreaterThan(10);
      expect(FOLDERS[file.split('/')[1]!], file).not.toBe(suite);
    }
  });

  it('every folder in the table holds a test file', () => {
    for (const folder of Object.keys(FOLDERS))
      expect(
        onDisk.some((f) => f.startsWith(`test/${folder}/`)),
        folder,
      ).toBe(true);
  });

  it("npm test's closing line names every hosts folder and file and the command that runs them", () => {
    const line = notRunLine();
    expect(line).not.toContain('\n');
    for (const f of Object.keys(FOLDERS).filter((d) => FOLDERS[d] === 'hosts')) expect(line).toContain(`test/${f}`);
    for (const f of Object.keys(FILES).filter((d) => FILES[d]!.suite === 'hosts')) expect(line).toContain(f);
    expect(line).toContain('`npm run test:hosts`');
  });

  it('the commands: npm test is vitest run, test:hosts uses the hosts config, .ci/run runs both', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.test).toBe('vitest run');
    expect(scripts['test:hosts']).toBe('vitest run --config vitest.hosts.config.ts');
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').split('\n');
    // npm test runs as README gives it, under /usr/bin/time where the machine has it.
    expect(ci.some((l) => l === 'npm test' || / npm test; else npm test; fi$/.test(l))).toBe(true);
    expect(ci).toContain('npm run test:hosts');
  });
});
