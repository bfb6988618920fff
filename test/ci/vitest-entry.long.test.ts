// Suite: long (*.long.test.ts, run by `npm run test:hosts`): vitest started again in a scratch project, running the entry point's whole run (about 11 s of CPU).
/**
 * The vitest entry point in a fork's own vitest run: a scratch project outside the repo whose
 * test file imports src/vitest-entry/index.ts from the repo path, run by vitest as a separate process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../src/cli/helpers.ts';
import { RULE_IDS } from '../../src/core/rules.ts';

const dir = mkdtempSync(join(tmpdir(), 'readshim-fork-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Assertion {
  fullName: string;
  title: string;
  status: string;
  failureMessages: string[];
}

const entry = JSON.stringify(join(ROOT, 'src/vitest-entry/index.ts'));
const fixture = (name: string) => JSON.stringify(join(ROOT, 'test/fixtures/adapters', name));

describe('describeConformance in a scratch vitest project', () => {
  let results: Assertion[] = [];
  let code: number | null = null;
  beforeAll(() => {
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      "export default { test: { include: ['*.test.ts'], testTimeout: 120000, hookTimeout: 120000 } };\n",
    );
    writeFileSync(
      join(dir, 'baseline.txt'),
      'POINTER-FULL # hash-keyed on purpose\nSLICE-CONTINUES # never continues\nPROGRESS # never continues\nSLICE-EXACT # listed, but it passes\n',
    );
    writeFileSync(
      join(dir, 'fork.test.ts'),
      [
        `import { describeConformance } from ${entry};`,
        `import reference from ${JSON.stringify(join(ROOT, 'src/adapters/reference.ts'))};`,
        `describeConformance({ name: 'broken', adapter: ${fixture('path-hash.ts')}, arm: 'cap', runs: 20, sessions: 0, seed: 5 });`,
        `describeConformance({ name: 'reference', adapter: reference, arm: 'all', runs: 10, sessions: 1, seed: 5, only: ['POINTER-FULL', 'DIFF-COMPLETE'] });`,
        `describeConformance({ name: 'baselined', adapter: ${fixture('path-hash.ts')}, arm: 'cap', runs: 20, sessions: 0, seed: 5, baseline: 'baseline.txt', only: ['POINTER-FULL', 'SLICE-CONTINUES', 'DONE-TRUE', 'SLICE-EXACT'] });`,
        `describeConformance({ name: 'no-load', adapter: ${fixture('does-not-load.ts')}, arm: 'cap', only: ['POINTER-FULL'] });`,
        `describeConformance({ name: 'exits', adapter: ${fixture('exits-swallowed.ts')}, arm: 'cap', runs: 5, only: ['POINTER-FULL', 'SLICE-EXACT'] });`,
        '',
      ].join('\n'),
    );
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST'),
    );
    const r = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        dir,
        '--config',
        join(dir, 'vitest.config.mjs'),
        '--reporter=json',
        `--outputFile=${join(dir, 'out.json')}`,
      ],
      {
        cwd: dir,
        encoding: 'utf8',
        env,
        timeout: 300_000,
      },
    );
    code = r.status;
    const report = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as {
      testResults: { assertionResults: Assertion[] }[];
    };
    results = report.testResults.flatMap((t) => t.assertionResults);
  }, 320_000);
  const get = (block: string, rule: string) => results.find((a) => a.fullName === `${block} ${rule}`);

  it('one it per rule; the fork run fails because a rule failed', () => {
    expect(code).toBe(1);
    expect(results.filter((a) => a.fullName.startsWith('broken '))).toHaveLength(RULE_IDS.length);
    expect(results.filter((a) => a.fullName.startsWith('reference '))).toHaveLength(2);
  });
  it('a failing rule fails with its story; an unexercised one fails; n/a is skipped; a passing rule passes', () => {
    const fail = get('broken', 'POINTER-FULL')!;
    expect(fail.status).toBe('failed');
    expect(fail.failureMessages[0]).toMatch(/POINTER-FULL: said "unchanged, you hold all/);
    expect(fail.failureMessages[0]).toMatch(/\n1\. worker w1 starts\n/);
    // The directed corpus plays in the vitest entry too, before its random histories.
    expect(fail.failureMessages[0]).toMatch(
      /^\(corpus partial-then-pointer, arm cap, cap 16\)\nlie class: partial read, then "unchanged"/m,
    );
    expect(fail.failureMessages[0]).toMatch(/✗ POINTER-FULL:/);
    expect(get('broken', 'PROGRESS')).toMatchObject({
      status: 'failed',
      failureMessages: [expect.stringMatching(/PROGRESS went unexercised/)],
    });
    expect(get('broken', 'DIFF-COMPLETE')!.status).toBe('skipped');
    expect(get('broken', 'SLICE-EXACT')!.status).toBe('passed');
    expect(get('reference', 'POINTER-FULL')!.status).toBe('passed');
    expect(get('reference', 'DIFF-COMPLETE')!.status).toBe('passed');
  });
  it('a baseline: listed failures are skipped, a listed rule that passes fails', () => {
    expect(get('baselined', 'POINTER-FULL')!.status).toBe('skipped');
    expect(get('baselined', 'SLICE-CONTINUES')!.status).toBe('skipped');
    expect(get('baselined', 'DONE-TRUE')!.status).toBe('passed');
    expect(get('baselined', 'SLICE-EXACT')).toMatchObject({
      status: 'failed',
      failureMessages: [expect.stringMatching(/SLICE-EXACT passes now: fixed — remove it from the baseline/)],
    });
  });
  it('an adapter that calls process.exit (and catches the throw) fails every test with one line naming it', () => {
    for (const rule of ['POINTER-FULL', 'SLICE-EXACT'])
      expect(get('exits', rule)).toMatchObject({
        status: 'failed',
        failureMessages: [
          expect.stringMatching(
            /^ExitCalled: adapter .*exits-swallowed\.ts called process\.exit\(0\) at .*exits-swallowed\.ts(:10:\d+)?: an adapter runs inside the kit/,
          ),
        ],
      });
  });
  it('an adapter that does not load fails its tests with the reason', () => {
    expect(get('no-load', 'POINTER-FULL')).toMatchObject({
      status: 'failed',
      failureMessages: [expect.stringMatching(/failed to load: this adapter module blows up on import/)],
    });
  });
});
