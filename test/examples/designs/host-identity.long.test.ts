// Suite: long (*.long.test.ts, run by `npm run test:hosts`): two default runs and four spawned Python runs of the host-identity twins (~53 s).
/**
 * Paths beyond spelling (spec/SPEC.md "Links and case"): a pointer shim keyed on the host's identity
 * of a file passes, in-process (examples/designs/host-identity.ts) and over the process protocol
 * (examples/python/host_identity_shim.py); each of its three lies is killed by its lie class's
 * corpus case, with that class's story. Fewer histories than a default run for the process twin
 * (each history starts Python anew).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostIdentity, type IdentityLie } from '../../../examples/designs/host-identity.ts';
import { DEFAULT_RUNS, runConformance } from '../../../properties/run.ts';
import { LIE_CLASSES, type LieClassId } from '../../../properties/corpus/classes.ts';
import { ROOT } from '../../src/cli/helpers.ts';
import { python, sandboxesIn, sandboxHome } from '../../src/adapters/process/helpers.ts';

const SEED = 20261130;
const LIES: readonly { lie: IdentityLie; caseInsensitive: boolean; rules: string[]; classes: LieClassId[] }[] = [
  { lie: 'own-lstat', caseInsensitive: false, rules: ['POINTER-FULL'], classes: ['link-own-lstat'] },
  {
    lie: 'spelling',
    caseInsensitive: true,
    rules: ['FORGET-RESETS', 'POINTER-FULL'],
    classes: ['case-folded-spelling', 'forget-other-name'],
  },
  { lie: 'forget-spelling', caseInsensitive: true, rules: ['FORGET-RESETS'], classes: ['forget-other-name'] },
];

describe('in-process: a shim keyed on the host identity of a file', () => {
  for (const caseInsensitive of [true, false])
    it(`passes the default run (caseInsensitive ${String(caseInsensitive)}); the link cases are played`, async () => {
      const r = await runConformance({ adapter: hostIdentity({ caseInsensitive }), runs: DEFAULT_RUNS, seed: SEED });
      expect(r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised').map((x) => x.id)).toEqual([]);
      const played = new Set(r.corpus!.cases.filter((c) => c.played).map((c) => c.id));
      for (const id of ['symlink-target-edit', 'symlink-retarget']) expect(played.has(id), id).toBe(true);
      for (const id of ['case-folded-ledger', 'forget-other-case']) expect(played.has(id), id).toBe(caseInsensitive);
    }, 120_000);

  for (const { lie, caseInsensitive, rules, classes } of LIES)
    it(`the ${lie} lie fails ${rules.join(', ')} with the story of its class`, async () => {
      const r = await runConformance({ adapter: hostIdentity({ lie, caseInsensitive }), runs: 0, seed: SEED });
      const failed = r.rules.filter((x) => x.status === 'fail');
      expect(failed.map((x) => x.id).sort()).toEqual(rules);
      const leads = failed.map((x) => x.counterexample!.story[0]!);
      for (const c of classes)
        expect(
          leads.some((l) => l.startsWith(`lie class: ${LIE_CLASSES[c]}`)),
          c,
        ).toBe(true);
    });
});

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-host-identity-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

function run(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/readshim-conformance.js'), 'run', '--no-save', ...args], {
    cwd: mkdtempSync(join(work, 'p-')),
    encoding: 'utf8',
    timeout: 280_000,
    env: { ...process.env, READSHIM_PROGRESS: '0', TMPDIR: home },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('over the process protocol: the Python twin', () => {
  it('keyed on realpath, case folded: passes on a case-insensitive host it declares, and the report says so', () => {
    const r = run(['--process', python('examples/python/host_identity_shim.py'), '--runs', '10']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(
      'ASSUMPTION: The host folds case (capabilities.caseInsensitive): A.ts and a.ts are one file.',
    );
    expect(r.stdout).toMatch(/summary: \d+ passed, 0 failed, \d+ n\/a, 0 unexercised/);
    expect(r.code).toBe(0);
    expect(sandboxesIn(home)).toEqual([]);
  }, 300_000);

  for (const { lie, rules, classes } of LIES.filter((l) => l.caseInsensitive))
    it(`--lie ${lie}: fails ${rules.join(', ')} with the story of its class`, () => {
      const r = run(['--process', `${python('examples/python/host_identity_shim.py')} --lie ${lie}`, '--runs', '3']);
      expect(r.code).toBe(1);
      for (const rule of rules) expect(r.stdout).toMatch(new RegExp(`FAIL ${rule}:`));
      for (const c of classes) expect(r.stdout).toContain(`lie class: ${LIE_CLASSES[c]}`);
    }, 300_000);

  it('--lie own-lstat: a link whose own lstat did not move is called unchanged after its target changed', () => {
    const r = run(['--process', `${python('examples/python/host_identity_shim.py')} --lie own-lstat`, '--runs', '3']);
    expect(r.code).toBe(1);
    const story = r.stdout.slice(r.stdout.indexOf('FAIL POINTER-FULL:'));
    expect(story).toContain(`lie class: ${LIE_CLASSES['link-own-lstat']}`);
    expect(story).toMatch(/symlink src\/l\.ts → a\.ts \(the link's own mtime \d+\)/);
    expect(sandboxesIn(home)).toEqual([]);
  }, 300_000);
});
