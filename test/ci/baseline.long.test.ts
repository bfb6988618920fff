// Suite: long (*.long.test.ts, run by `npm run test:hosts`): whole default runs of failing shims against baselines (about 11 s of CPU).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBaseline } from '../../properties/baseline.ts';
import { UsageError } from '../../src/core/errors.ts';
import { cpuBudget, HERE, inProcess, ROOT } from '../src/cli/helpers.ts';
import { RULE_IDS } from '../../src/core/rules.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-baseline-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// half-cap (examples/designs/half-cap.ts) fails exactly PROGRESS and FIRST-VERBATIM (spec/SPEC.md "Blame"): two rules.
// The baseline's plumbing, not the session band nor the whole crossed table: --sessions 0 spares each
// run its 400-operation histories, --crossed-sample all but a covering sample of the crossed cases.
const broken = [
  'run',
  '--adapter',
  join(ROOT, 'examples/designs/half-cap.ts'),
  '--runs',
  '10',
  '--sessions',
  '0',
  '--crossed-sample',
  '--no-save',
];
const file = (name: string, text: string) => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};

describe('baseline format', () => {
  it('one ID per line, the comment after it is the reason, blank and comment lines ignored', () => {
    const b = parseBaseline('b.txt', '# header\n\nFORGET-RESETS   # host compacts only on rewind\nPOINTER-FULL\n');
    expect(b.entries).toEqual([
      { rule: 'FORGET-RESETS', reason: 'host compacts only on rewind', line: 3 },
      { rule: 'POINTER-FULL', reason: '', line: 4 },
    ]);
  });
  it('an unknown ID, two IDs on a line, a repeated ID: usage errors naming file and line', () => {
    expect(() => parseBaseline('b.txt', 'POINTER-FULL\nPOINTER_FULL\n')).toThrow(
      new UsageError(
        `baseline b.txt:2: unknown rule ID "POINTER_FULL"; see \`readshim-conformance spec\` for the ${RULE_IDS.length} IDs`,
      ),
    );
    expect(() => parseBaseline('b.txt', 'POINTER-FULL DONE-TRUE\n')).toThrow(/b\.txt:1: one rule ID per line/);
    expect(() => parseBaseline('b.txt', 'DONE-TRUE\n# x\nDONE-TRUE # again\n')).toThrow(
      /b\.txt:3: DONE-TRUE is already listed on line 1/,
    );
  });
});

// main(argv) in-process, the adapter in this thread (HERE, test/src/cli/helpers.ts): baselines do not
// depend on the thread (test/src/cli/faults.long.test.ts tests it); a spawn would start node and tsx again.
describe('run --baseline / --write-baseline', { timeout: cpuBudget(6) }, () => {
  it('--write-baseline writes the current failures atomically; the run then passes against it', async () => {
    const out = join(tmp, 'written', 'readshim-baseline.txt');
    const w = await inProcess([...broken, '--write-baseline', out], tmp, HERE);
    expect(w.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(
      text
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'))
        .map((l) => l.split(/\s/)[0]),
    ).toEqual(['PROGRESS', 'FIRST-VERBATIM']);
    expect(readdirSync(join(tmp, 'written'))).toEqual(['readshim-baseline.txt']);
    const again = await inProcess([...broken, '--baseline', out], tmp, HERE);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/baseline .*: 2 known failures accepted \(PROGRESS, FIRST-VERBATIM\)/);
  });

  it('rewriting keeps the reasons a person wrote', async () => {
    const f = file('kept.txt', 'PROGRESS  # our slices stay below the cap until v2\n');
    expect((await inProcess([...broken, '--write-baseline', f], tmp, HERE)).code).toBe(0);
    expect(readFileSync(f, 'utf8')).toMatch(/^PROGRESS +# our slices stay below the cap until v2$/m);
  });

  it('another rule failing fails the run', async () => {
    const r = await inProcess([...broken, '--baseline', file('empty.txt', '# nothing is known to fail\n')], tmp, HERE);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/NEW FAILURE +PROGRESS is not in the baseline/);
    expect(r.stdout).toMatch(/NEW FAILURE +FIRST-VERBATIM is not in the baseline/);
  });

  it('a listed rule that passes fails the run: fixed — remove it from the baseline', async () => {
    const r = await inProcess(
      [
        ...broken,
        '--baseline',
        file('stale.txt', 'PROGRESS # known\nFIRST-VERBATIM # known\nPOINTER-FULL # fixed since\n'),
        '--reporter',
        'json',
      ],
      tmp,
      HERE,
    );
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.baseline).toMatchObject({
      ok: false,
      accepted: ['PROGRESS', 'FIRST-VERBATIM'],
      newFailures: [],
      fixed: ['POINTER-FULL'],
    });
    const p = await inProcess([...broken, '--baseline', join(tmp, 'stale.txt')], tmp, HERE);
    expect(p.stdout).toMatch(/FIXED +POINTER-FULL passes now — remove it from the baseline/);
  });

  it('spec 2.2: a baseline of spec 2.1 whose listed rules pass only because 2.2 judges them otherwise says so, and passes', async () => {
    const old = file(
      'v21.txt',
      '# readshim-conformance baseline (spec 2.1): rules this shim is known to fail.\nPROGRESS # by design\nFIRST-VERBATIM # by design\nISOLATION # blamed in 2.1\nFORGET-RESETS # blamed in 2.1\n',
    );
    const r = await inProcess([...broken, '--baseline', old, '--reporter', 'json'], tmp, HERE);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).baseline).toMatchObject({
      ok: true,
      accepted: ['PROGRESS', 'FIRST-VERBATIM'],
      fixed: [],
      fixedBySpec: ['ISOLATION', 'FORGET-RESETS'],
    });
    const p = await inProcess([...broken, '--baseline', old], tmp, HERE);
    expect(p.stdout).toMatch(/FIXED BY SPEC 2\.2 +ISOLATION passes now only because spec 2\.2 judges it differently/);
    // The same list under the current spec: a fix, which fails the run until the lines go.
    const now = file('v22.txt', readFileSync(old, 'utf8').replace('(spec 2.1)', '(spec 2.2)'));
    expect((await inProcess([...broken, '--baseline', now], tmp, HERE)).code).toBe(1);
  });

  it('the reference with an empty baseline passes; with a listed rule it fails', async () => {
    expect(
      (
        await inProcess(
          [
            'run',
            '--runs',
            '10',
            '--sessions',
            '0',
            '--crossed-sample',
            '--no-save',
            '--baseline',
            file('none.txt', ''),
          ],
          tmp,
          HERE,
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await inProcess(
          [
            'run',
            '--runs',
            '10',
            '--sessions',
            '0',
            '--crossed-sample',
            '--no-save',
            '--baseline',
            file('one.txt', 'DIFF-COMPLETE\n'),
          ],
          tmp,
          HERE,
        )
      ).code,
    ).toBe(1);
  });

  const bad: [string, string[], RegExp][] = [
    ['unknown rule ID', ['--baseline', '@unknown'], /baseline .*unknown\.txt:2: unknown rule ID "NOT-A-RULE"/],
    ['missing baseline file', ['--baseline', join(tmp, 'missing.txt')], /cannot read baseline .*missing\.txt: ENOENT/],
    ['both flags', ['--baseline', '@unknown', '--write-baseline', 'x.txt'], /not both/],
    [
      '--write-baseline with --shard',
      ['--write-baseline', 'x.txt', '--shard', '1/2'],
      /--write-baseline needs the whole run/,
    ],
    [
      '--write-baseline with --only',
      ['--write-baseline', 'x.txt', '--only', 'POINTER-FULL'],
      /--write-baseline needs every rule judged/,
    ],
    [
      '--baseline with --replay',
      ['--baseline', '@unknown', '--replay', 'x.jsonl'],
      /--baseline applies to a full run, not to --replay/,
    ],
  ];
  for (const [what, args, message] of bad)
    it(`exit 2 before running: ${what}`, async () => {
      const f = file('unknown.txt', '# ok\nNOT-A-RULE\n');
      const r = await inProcess(['run', ...args.map((a) => (a === '@unknown' ? f : a))], tmp, HERE);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    });
});
