import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { breaches, countsFrom, lowered, raised, type Counts } from '../../selfcheck/floors.ts';

const floors = JSON.parse(readFileSync(new URL('../../floors.json', import.meta.url), 'utf8')) as Counts;
const tmp = mkdtempSync(join(tmpdir(), 'readshim-floors-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const exactly = (f: Counts): Counts => structuredClone(f);

describe('floors', () => {
  it('the committed floors cover all four suites', () => {
    for (const suite of ['properties', 'spec', 'gates', 'mutants'] as const) expect(Object.keys(floors[suite]).length).toBeGreaterThan(0);
  });

  it('a suite running below its floor is a breach naming the suite and item', () => {
    const counts = exactly(floors);
    counts.mutants['killed by a named rule'] = floors.mutants['killed by a named rule']! - 1;
    counts.properties['POINTER-FULL'] = 0;
    expect(breaches(floors, counts)).toEqual([
      { suite: 'properties', item: 'POINTER-FULL', floor: floors.properties['POINTER-FULL'], got: 0 },
      { suite: 'mutants', item: 'killed by a named rule', floor: floors.mutants['killed by a named rule'], got: floors.mutants['killed by a named rule']! - 1 },
    ]);
    expect(breaches(floors, exactly(floors))).toEqual([]);
  });

  it('mutants the corpus alone kills breach the floor of kills without the corpus (the generators keep their strength)', () => {
    const dir = join(tmp, 'corpus-only');
    spawnSync('mkdir', ['-p', dir]);
    writeFileSync(join(dir, 'run.json'), JSON.stringify({ rules: [] }));
    writeFileSync(join(dir, 'spec.json'), JSON.stringify({ examples: [] }));
    writeFileSync(join(dir, 'gates.json'), JSON.stringify({ gates: [] }));
    const n = floors.mutants['killed without the corpus']!;
    const mutants = Array.from({ length: n }, (_, i) => ({ id: `M${i}`, status: 'killed', runsToKillWithoutCorpus: i === 0 ? null : 3 }));
    writeFileSync(join(dir, 'mutants.json'), JSON.stringify({ mutants }));
    const counts = countsFrom(dir);
    expect(counts.mutants).toEqual({ 'killed by a named rule': n, 'killed without the corpus': n - 1 });
    expect(breaches(floors, counts).filter((b) => b.suite === 'mutants')).toEqual([
      { suite: 'mutants', item: 'killed without the corpus', floor: n, got: n - 1 },
    ]);
  });

  it('raising never lowers a floor; lowering one is caught', () => {
    const less = exactly(floors);
    less.properties['POINTER-FULL'] = 1;
    expect(raised(floors, less).properties['POINTER-FULL']).toBe(floors.properties['POINTER-FULL']);
    expect(lowered(floors, less)).toEqual([{ suite: 'properties', item: 'POINTER-FULL', floor: floors.properties['POINTER-FULL'], got: 1 }]);
  });

  it('negative control: the CI check exits 1 naming the suite when a report falls below the floor', () => {
    const reports = join(tmp, 'reports');
    spawnSync('mkdir', ['-p', reports]);
    const rules = Object.entries(floors.properties).map(([id, n]) => ({ id, checks: n }));
    writeFileSync(join(reports, 'run.json'), JSON.stringify({ rules }));
    writeFileSync(join(reports, 'spec.json'), JSON.stringify({ examples: [{ id: 'x', status: 'pass' }] }));
    writeFileSync(join(reports, 'gates.json'), JSON.stringify({ gates: Object.entries(floors.gates).map(([id, n]) => ({ id, checks: n, status: 'pass' })) }));
    writeFileSync(join(reports, 'mutants.json'), JSON.stringify({ mutants: Array.from({ length: floors.mutants['killed by a named rule']! }, (_, i) => ({ id: `M${i}`, status: 'killed' })) }));
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'selfcheck/check.ts', 'floors', reports], { cwd: new URL('../..', import.meta.url), encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/floor breached: suite spec, examples passed: 1 < floor \d+/);
  });
});
