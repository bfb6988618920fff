// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the run split in shards and combined, against whole runs (137 s of wall in a clean-clone CI run, 7 Dec 2026).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import reference from '../../src/adapters/reference.ts';
import { runConformance, type RunOptions, type RunResult } from '../../properties/run.ts';
import { combineShards, parseShard, shardUnits, workUnits } from '../../properties/shard.ts';
import { BROKEN } from '../fixtures/naive-shims.ts';
import { cpuBudget, HERE, inProcess, ROOT } from '../src/cli/helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-shard-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function sharded(base: RunOptions, n: number): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (let i = 1; i <= n; i++) out.push(await runConformance({ ...base, shard: { index: i, count: n } }));
  return out;
}

describe('work units and their shards', () => {
  it('every unit goes to exactly one shard, for any n', () => {
    const units = workUnits([1, 1, 6], 150);
    expect(units).toHaveLength(45);
    for (const n of [1, 2, 3, 4, 7, 45, 60]) {
      const seen = Array.from({ length: n }, (_, i) =>
        shardUnits(units, { index: i + 1, count: n }).map((u) => u.index),
      ).flat();
      expect(seen.sort((a, b) => a - b)).toEqual(units.map((u) => u.index));
    }
  });
  it('shards get about the same estimated work (every shard a share of the production band)', () => {
    const units = workUnits([1, 1, 6], 150);
    const loads = [1, 2, 3].map((i) => shardUnits(units, { index: i, count: 3 }).reduce((a, u) => a + u.weight, 0));
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(60);
  });
  it('i/n parsing', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('0/3')).toMatch(/index must be 1…3/);
    expect(parseShard('4/3')).toMatch(/index must be 1…3/);
    expect(parseShard('1/0')).toMatch(/count must be an integer >= 1/);
    expect(parseShard('1-3')).toMatch(/expected i\/n/);
  });
});

// Each case is three runs (whole, 2 and 4 shards), 3–8 s of CPU: limits sized by it, not vitest's default.
describe('the combined shards give the unsharded verdict, rule by rule', { timeout: cpuBudget(8) }, () => {
  const cases: [string, RunOptions][] = [
    ['the reference, arm all', { adapter: reference, arm: 'all', runs: 30, seed: 11 }],
    [
      'path-hash (a failure and two unexercised rules)',
      { adapter: BROKEN['path-hash']!.adapter, arm: 'cap', runs: 30, seed: 11 },
    ],
    [
      'shared-ledger (failures in several bands)',
      { adapter: BROKEN['shared-ledger']!.adapter, arm: 'cap', runs: 40, seed: 4 },
    ],
  ];
  for (const [what, base] of cases)
    it(what, async () => {
      const whole = await runConformance(base);
      for (const n of [2, 4]) {
        const parts = await sharded(base, n);
        const combined = combineShards(parts);
        // Statuses, checks, reasons and the counterexamples (stories, traces) all equal.
        expect(JSON.stringify(combined.rules)).toBe(JSON.stringify(whole.rules));
        expect(combined.summary).toEqual(whole.summary);
        expect(combined.caps).toEqual(whole.caps);
        expect(combined.claims).toEqual(whole.claims);
      }
    });

  it('combineShards refuses a missing shard or shards of different runs', async () => {
    const base: RunOptions = { adapter: reference, arm: 'cap', runs: 10, seed: 1 };
    const [a, b] = await sharded(base, 2);
    expect(() => combineShards([a!])).toThrow(/expected the 2 shards/);
    const other = await runConformance({ ...base, seed: 2, shard: { index: 2, count: 2 } });
    expect(() => combineShards([a!, other])).toThrow(/seed/);
    expect(combineShards([b!, a!]).summary).toEqual((await runConformance(base)).summary);
  });
});

describe('combineShards from the package entry, as docs/CI.md shows it', { timeout: cpuBudget(4) }, () => {
  it('the documented TypeScript runs and gives the unsharded verdict', async () => {
    const doc = readFileSync(join(ROOT, 'docs/CI.md'), 'utf8');
    const snippet = /In TypeScript, `combineShards`[\s\S]*?```ts\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(snippet).toMatch(/from 'readshim-conformance'/);
    expect(snippet).toMatch(/runs: 150/);
    // The doc's program, with the reference as its adapter and fewer histories.
    const file = join(tmp, 'doc-snippet.mts');
    writeFileSync(
      file,
      [
        `import adapter from ${JSON.stringify(join(ROOT, 'src/adapters/reference.ts'))};`,
        snippet!.replace('runs: 150', 'runs: 12'),
        'process.stdout.write(JSON.stringify(whole.rules.map((r) => [r.id, r.status, r.checks])));',
        '',
      ].join('\n'),
    );
    try {
      // cwd: the checkout, whose tsconfig maps the package name to its sources.
      const r = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      const whole = await runConformance({ adapter: reference, arm: 'cap', runs: 12, seed: 20261130 });
      expect(JSON.parse(r.stdout)).toEqual(whole.rules.map((x) => [x.id, x.status, x.checks]));
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('is the same function the package entry exports', async () => {
    const entry = await import('readshim-conformance');
    expect(entry.combineShards).toBe(combineShards);
  });
});

/**
 * main(argv) in-process, the adapter in this thread (HERE, test/src/cli/helpers.ts): sharding does not
 * depend on the thread, whose own tests are test/src/cli/faults.long.test.ts; each spawn or thread would
 * start node or tsx again (~1–1.5 s of CPU).
 */
describe('run --shard on the command line', { timeout: cpuBudget(10) }, () => {
  const fixture = join(ROOT, 'test/fixtures/adapters/path-hash.ts');
  const base = [
    'run',
    '--adapter',
    fixture,
    '--arm',
    'cap',
    '--runs',
    '20',
    '--seed',
    '9',
    '--no-save',
    '--reporter',
    'json',
  ];

  const recipe = (): string => {
    const doc = readFileSync(join(ROOT, 'docs/CI.md'), 'utf8');
    const program = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(program).toBeDefined();
    const file = join(tmp, 'readshim-combine.mjs');
    writeFileSync(file, program!);
    return file;
  };
  const combine = (files: string[]) => spawnSync(process.execPath, [recipe(), ...files], { encoding: 'utf8' });

  it('a shard exits 1 only for violations; the script of docs/CI.md combines the reports into the unsharded verdict', async () => {
    const files: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const r = await inProcess([...base, '--shard', `${i}/3`], tmp, HERE);
      const j = JSON.parse(r.stdout);
      expect(j.shard).toMatchObject({ index: i, count: 3 });
      expect(r.code).toBe(j.summary.failed > 0 ? 1 : 0);
      files.push(join(tmp, `shard-${i}.json`));
      writeFileSync(files[i - 1]!, r.stdout);
    }
    const whole = JSON.parse((await inProcess(base, tmp, HERE)).stdout);
    const c = combine(files);
    expect(c.stderr).toBe('');
    expect(c.status).toBe(1);
    const combined = JSON.parse(c.stdout);
    const pick = (rules: { id: string; status: string; checks: number }[]) =>
      rules.map(({ id, status, checks }) => ({ id, status, checks })).sort((a, b) => a.id.localeCompare(b.id));
    expect(pick(combined.rules)).toEqual(pick(whole.rules));
    expect(combined.ok).toBe(false);
    expect(combined.failing.sort()).toEqual(
      whole.rules
        .filter((r: { status: string }) => r.status === 'fail' || r.status === 'unexercised')
        .map((r: { id: string }) => r.id)
        .sort(),
    );
    const missing = combine([files[0]!, files[2]!]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/expected the reports of shards 1…n of one run, got shards 1, 3 of 3/);
  });

  it('with a baseline, the script flags a fixed entry only the combined shards can see, and passes a matching run', async () => {
    const run = async (name: string, text: string) => {
      const baseline = join(tmp, `${name}.txt`);
      writeFileSync(baseline, text);
      const files: string[] = [];
      for (const i of [1, 2]) {
        const r = await inProcess([...base, '--shard', `${i}/2`, '--baseline', baseline], tmp, HERE);
        expect(r.code).toBe(0);
        const f = join(tmp, `${name}-shard-${i}.json`);
        writeFileSync(f, r.stdout);
        files.push(f);
      }
      return files;
    };
    const stale = await run('stale', 'POINTER-FULL\nSLICE-CONTINUES\nPROGRESS\nDONE-TRUE # passes: fixed\n');
    const c = combine(stale);
    expect(c.status).toBe(1);
    expect(JSON.parse(c.stdout)).toMatchObject({ ok: false, newFailures: [], fixed: ['DONE-TRUE'] });
    const exact = combine(await run('exact', 'POINTER-FULL\nSLICE-CONTINUES\nPROGRESS\n'));
    expect(exact.status).toBe(0);
    expect(JSON.parse(exact.stdout)).toMatchObject({ ok: true, newFailures: [], fixed: [] });
  });

  it('bad --shard values and --shard with --replay are exit 2', async () => {
    for (const [args, message] of [
      [['--shard', '0/2'], /--shard: the shard index must be 1…2/],
      [['--shard', 'two'], /--shard: expected i\/n/],
      [['--shard', '1/2', '--replay', 'x.jsonl'], /--shard splits generated histories; --replay runs one trace/],
    ] as const) {
      const r = await inProcess(['run', ...args], tmp);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
