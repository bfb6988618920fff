import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../../src/core/rules.ts';
import { SPEC_VERSION } from '../../../src/core/version.ts';
import { cpuBudget, HERE, inProcess, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const fixture = (name: string) => join(ROOT, 'test/fixtures/adapters', name);

/**
 * Every case through main(argv) in-process, the dispatcher the bin calls, adapter modules loaded in
 * this thread (HERE): starting node and tsx costs ~1 s of CPU a spawn or thread, and the bin and
 * the thread end to end are test/src/cli/faults.long.test.ts's job.
 */
describe('run: bad input is one clear line and exit 2', { timeout: cpuBudget(3) }, () => {
  const cases: [string, string[], RegExp][] = [
    ['unknown arm', ['run', '--arm', 'Diff'], /--arm must be one of off\|cap\|diff\|all/],
    ['bad cap', ['run', '--cap', '3'], /--cap must be an integer from 4 to 1048576 \(bytes\)/],
    ['non-numeric cap', ['run', '--cap', '4.5'], /--cap must be an integer/],
    ['unknown rule in --only', ['run', '--only', 'POINTER-FULL,NOPE'], /unknown rule NOPE/],
    ['unknown flag', ['run', '--colour'], /unknown flag --colour/],
    [
      'missing adapter module',
      ['run', '--adapter', 'nowhere/adapter.ts'],
      /adapter module not found: nowhere\/adapter.ts/,
    ],
    [
      'adapter that fails to load',
      ['run', '--adapter', fixture('does-not-load.ts')],
      /failed to load: this adapter module blows up on import/,
    ],
    ['adapter missing create()', ['run', '--adapter', fixture('no-create.ts')], /no create\(ctx\) function/],
    [
      'decoder that throws',
      ['run', '--adapter', fixture('decode-throws.ts'), '--arm', 'cap', '--runs', '5'],
      /decode\(\) threw .*cannot parse this response/,
    ],
    [
      'decoder with a malformed claim',
      ['run', '--adapter', fixture('bad-claim.ts'), '--arm', 'cap', '--runs', '5'],
      /malformed claim: slice claim needs non-negative integer/,
    ],
    [
      'unreadable replay trace',
      ['run', '--replay', join(tmp, 'missing.jsonl')],
      /cannot read trace .*missing\.jsonl: ENOENT/,
    ],
  ];
  for (const [what, args, message] of cases)
    it(what, async () => {
      const r = await inProcess(args, tmp, HERE);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  it('a replay file that is not a trace names its line', async () => {
    const f = join(tmp, 'foreign.jsonl');
    writeFileSync(
      f,
      '{"type":"header","kit":"0.1.0","specVersion":"1.0","cap":8,"arm":"cap","seal":"x"}\n{"type":"teleport"}\n',
    );
    const r = await inProcess(['run', '--replay', f], tmp);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/foreign\.jsonl is not a readshim trace: line 2: unknown event type "teleport"/);
  });
});

describe('run: verdicts, reports, the failure database', { timeout: cpuBudget(8) }, () => {
  it('the reference: exit 0, JSON with every rule and its checks', async () => {
    // The report's shape and verdict, not the whole crossed table (--crossed-sample: its covering sample).
    const r = await inProcess(['run', '--runs', '30', '--crossed-sample', '--reporter', 'json'], tmp);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      tool: 'readshim-conformance',
      command: 'run',
      adapter: 'reference',
      arm: 'all',
      specVersion: expect.any(String),
    });
    expect(j.rules.map((x: { id: string }) => x.id).sort()).toEqual([...RULE_IDS].sort());
    for (const x of j.rules) expect(x.checks).toBeGreaterThan(0);
    expect(j.summary).toEqual({ passed: RULE_IDS.length, failed: 0, na: 0, unexercised: 0 });
  });

  it('a broken shim: exit 1, a story, a saved trace that replays, and replays first next time', async () => {
    const dir = mkdtempSync(join(tmp, 'project-'));
    const r = await inProcess(
      // The failure database's plumbing, not the session band (--sessions 0: no 400-operation histories).
      // --crossed-sample: the covering sample of the crossed cases, not the whole table.
      [
        'run',
        '--adapter',
        fixture('ignores-forget.ts'),
        '--arm',
        'cap',
        '--runs',
        '80',
        '--sessions',
        '0',
        '--crossed-sample',
      ],
      dir,
      HERE,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL +FORGET-RESETS/);
    expect(r.stdout).toMatch(/the host compacts w1's transcript: forget/);
    const saved = readdirSync(join(dir, '.readshim/failures'));
    expect(saved.some((f) => f.startsWith('FORGET-RESETS-'))).toBe(true);
    const forgetTrace = saved.find((f) => f.startsWith('FORGET-RESETS-'))!;
    const replay = await inProcess(
      [
        'run',
        '--adapter',
        fixture('ignores-forget.ts'),
        '--arm',
        'cap',
        '--replay',
        join(dir, '.readshim/failures', forgetTrace),
      ],
      dir,
      HERE,
    );
    expect(replay.code).toBe(1);
    expect(replay.stdout).toMatch(/FAIL +FORGET-RESETS/);
    const next = await inProcess(
      [
        'run',
        '--adapter',
        fixture('ignores-forget.ts'),
        '--arm',
        'cap',
        '--runs',
        '1',
        '--sessions',
        '0',
        '--crossed-sample',
        '--reporter',
        'json',
      ],
      dir,
      { ...HERE, READSHIM_PROGRESS: '1' },
    );
    const j = JSON.parse(next.stdout);
    expect(j.rules.find((x: { id: string }) => x.id === 'FORGET-RESETS').counterexample.source).toMatch(
      /^replay .*\.readshim\/failures\/[A-Z-]+-[0-9a-f]+\.jsonl$/,
    );
    // Saved failures replay before any history is generated.
    const progress = next.stderr.split('\n');
    const replayed = progress.findIndex((l) => /replay \.readshim\/failures\/FORGET-RESETS-/.test(l));
    const generated = progress.findIndex((l) => / band: /.test(l));
    expect(replayed).toBeGreaterThan(-1);
    expect(generated).toBeGreaterThan(replayed);
  });

  it('--failures moves the database, --no-save writes none, a dotfile is ignored', async () => {
    const dir = mkdtempSync(join(tmp, 'moved-'));
    const args = [
      'run',
      '--adapter',
      fixture('ignores-forget.ts'),
      '--arm',
      'cap',
      '--runs',
      '40',
      '--sessions',
      '0',
      '--crossed-sample',
    ];
    expect((await inProcess([...args, '--no-save'], dir, HERE)).code).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    mkdirSync(join(dir, 'regressions'));
    writeFileSync(join(dir, 'regressions', '.gitkeep'), '');
    expect((await inProcess([...args, '--failures', 'regressions'], dir, HERE)).code).toBe(1);
    expect(readdirSync(join(dir, 'regressions')).some((f) => /^FORGET-RESETS-[0-9a-f]{10}\.jsonl$/.test(f))).toBe(true);
    expect(readdirSync(dir)).toEqual(['regressions']);
  });

  it('an unreadable or foreign entry in the failure database is reported in one line and skipped, never blocking the run', async () => {
    const conflict = '<<<<<<< HEAD\n{"type":"header"}\n=======\n{"type":"header"}\n>>>>>>> theirs\n';
    const cases: [string, (d: string) => void, RegExp][] = [
      [
        'a stray README',
        (d) => writeFileSync(join(d, 'README.md'), 'hello'),
        /^readshim-conformance: run: failure database: skipped .*README\.md: not a \.jsonl trace$/,
      ],
      [
        'a .jsonl that is not a trace',
        (d) => writeFileSync(join(d, 'x.jsonl'), '{"type":"header"}\n'),
        /^readshim-conformance: run: failure database: skipped .*x\.jsonl: .*x\.jsonl is not a readshim trace: line 1: header needs "kit" and "specVersion"$/,
      ],
      [
        'a merge conflict',
        (d) => writeFileSync(join(d, 'FORGET-RESETS-0123456789.jsonl'), conflict),
        /^readshim-conformance: run: failure database: skipped .*FORGET-RESETS-0123456789\.jsonl: .*is not a readshim trace: line 1: .* \(it holds a merge conflict marker\)$/,
      ],
      [
        'a trace of a newer spec version',
        (d) =>
          writeFileSync(
            join(d, 'new.jsonl'),
            '{"type":"header","kit":"9.0.0","specVersion":"99.0","cap":8,"arm":"cap","seal":"x"}\n',
          ),
        new RegExp(
          `skipped .*new\\.jsonl: .*new\\.jsonl is a trace of spec 99\\.0; this kit checks spec ${SPEC_VERSION.replace('.', '\\.')} and cannot read newer traces`,
        ),
      ],
      [
        'an unreadable entry (a directory named like a trace)',
        (d) => mkdirSync(join(d, 'dir.jsonl')),
        /^readshim-conformance: run: failure database: skipped .*dir\.jsonl: cannot read trace .*dir\.jsonl: EISDIR$/,
      ],
    ];
    for (const [what, make, message] of cases) {
      const dir = mkdtempSync(join(tmp, 'db-'));
      mkdirSync(join(dir, '.readshim/failures'), { recursive: true });
      make(join(dir, '.readshim/failures'));
      const r = await inProcess(
        ['run', '--runs', '1', '--sessions', '0', '--crossed-sample', '--only', 'FORGET-RESETS', '--reporter', 'json'],
        dir,
      );
      expect(r.code, what).toBe(0);
      expect(JSON.parse(r.stdout).summary.passed, what).toBe(1);
      expect(r.stderr.trim().split('\n'), what).toHaveLength(1);
      expect(r.stderr.trim(), what).toMatch(message);
    }
  });

  it('a failure database that is a file is exit 2 naming it', async () => {
    const file = join(tmp, 'plain-file');
    writeFileSync(file, '');
    const r = await inProcess(['run', '--runs', '1', '--sessions', '0', '--failures', file], tmp);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/failure database .*plain-file is not a directory/);
  });

  it('--out writes the report atomically and prints nothing to stdout', async () => {
    const out = join(tmp, 'report.json');
    const r = await inProcess(
      ['run', '--runs', '5', '--sessions', '0', '--crossed-sample', '--reporter', 'json', '--out', out],
      tmp,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a run that judged nothing is not a pass', { timeout: cpuBudget(3) }, () => {
  it('--replay of a header-only trace: exit 1, as audit of it', async () => {
    const f = join(tmp, 'header-only.jsonl');
    writeFileSync(f, '{"type":"header","kit":"0.1.0","specVersion":"2.0","cap":8,"arm":"cap","seal":"x"}\n');
    const r = await inProcess(['run', '--replay', f], tmp);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      `readshim-conformance: run: nothing was judged, not a pass: all ${RULE_IDS.length} rules n/a (the replayed trace does not exercise it)`,
    );
    expect((await inProcess(['audit', f], tmp)).code).toBe(1);
  });
  it('--only naming rules n/a for the shim: exit 1 naming them and why', async () => {
    const r = await inProcess(
      [
        'run',
        '--only',
        'DIFF-COMPLETE,DIFF-BASE-HELD',
        '--arm',
        'cap',
        '--runs',
        '1',
        '--no-save',
        '--reporter',
        'json',
      ],
      tmp,
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary).toMatchObject({ passed: 0, failed: 0, na: 2 });
    expect(r.stderr.trim()).toBe(
      'readshim-conformance: run: nothing was judged, not a pass: DIFF-COMPLETE, DIFF-BASE-HELD n/a (arm cap has no diff lever)',
    );
  });
});
