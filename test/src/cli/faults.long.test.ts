// Suite: long (*.long.test.ts, run by `npm run test:hosts`): every fault kind end to end, spawned (~54 s of CPU).
/**
 * Never a silent or hung run, for in-process adapters and the run's flags: each fault
 * is exit 2 with one line saying what and where, or a verdict — never a silent exit or a hang.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../../src/adapters/process/adapter.ts';
import { MAX_CAP, parseRunFlags } from '../../../src/cli/commands/run.ts';
import { MAX_RUNS } from '../../../src/cli/args.ts';
import { DEFAULT_SETTLE_MS } from '../../../src/harness/session.ts';
import { MIN_WATCHDOG_MS } from '../../../src/cli/watchdog.ts';
import { cli, cpuBudget, HERE, inProcess, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-faults-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const fixture = (name: string) => join(ROOT, 'test/fixtures/adapters', name);

/** One line on stderr, no stack, nothing on stdout (no report of a run that has no verdict). */
function oneLine(r: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

// Spawned runs (~3 s of CPU each): limits sized by CPU, not vitest's default.
describe('an adapter that calls process.exit does not end the kit with its code', { timeout: cpuBudget(4) }, () => {
  const cases: [string, string, RegExp][] = [
    ['in create()', 'exits-in-create.ts', /exits-in-create\.ts:3:\d+/],
    ['in read(), catching what that throws', 'exits-swallowed.ts', /exits-swallowed\.ts:10:\d+/],
    ['in a timer of its own', 'exits-in-timer.ts', /exits-in-timer\.ts:6:\d+/],
    ['while its module is imported', 'exits-on-load.ts', /exits-on-load\.ts:3:\d+/],
  ];
  for (const [what, file, where] of cases)
    it(what, () => {
      const r = cli(['run', '--adapter', fixture(file), '--runs', '2', '--no-save', '--timeout', '2000'], tmp);
      oneLine(
        r,
        new RegExp(
          `^readshim-conformance: adapter .*${file.replace('.', '\\.')}\\)? called process\\.exit\\(0\\) at .*: an adapter runs inside the kit and must not end it`,
        ),
      );
      expect(r.stderr).toMatch(where);
    });

  it('audit: a decoder module that exits while imported', () => {
    const r = cli(['audit', join(ROOT, 'examples/traces/clean.jsonl'), '--adapter', fixture('exits-on-load.ts')], tmp);
    oneLine(r, /adapter .*exits-on-load\.ts called process\.exit\(0\)/);
  });
});

describe('an adapter that does not parse: file, line and reason', { timeout: cpuBudget(3) }, () => {
  const dir = mkdtempSync(join(tmp, 'syntax-'));
  writeFileSync(
    join(dir, 'broken.ts'),
    'export default {\n  name: "broken",\n  create(ctx) { return { read: (a) => ctx.read(a) ; } },\n};\n',
  );
  writeFileSync(
    join(dir, 'broken.mjs'),
    'export default {\n  name: "broken",\n  create(ctx) { return { read: (a) => ctx.read(a) ; } },\n};\n',
  );
  writeFileSync(join(dir, 'entry.ts'), "import x from './broken.ts';\nexport default x;\n");
  writeFileSync(join(dir, 'broken.cjs'), 'module.exports = {\n  name: 1;\n};\n');
  writeFileSync(
    join(dir, 'parses.mjs'),
    "// parses; its top-level code throws a SyntaxError\nexport default JSON.parse('{bad');\n",
  );
  const cases: [string, string, RegExp][] = [
    ['TypeScript (tsx)', 'broken.ts', /failed to load: broken\.ts:3:50: Expected "}" but found ";"$/],
    [
      'an ES module (node --check locates it)',
      'broken.mjs',
      /failed to load: broken\.mjs:3: SyntaxError: Unexpected token ';'$/,
    ],
    [
      'a TypeScript module it imports',
      'entry.ts',
      /adapter entry\.ts failed to load: broken\.ts:3:50: Expected "}" but found ";"$/,
    ],
    ['CommonJS', 'broken.cjs', /failed to load: broken\.cjs:2: SyntaxError: Unexpected token ';'$/],
    [
      'a SyntaxError its code throws, not a parse error',
      'parses.mjs',
      /failed to load: parses\.mjs:2: SyntaxError: .*JSON/,
    ],
  ];
  // The first case through the spawned bin; the others through main(argv) in-process (the same
  // dispatcher and worker thread, where node itself imports a .mjs or .cjs, not vitest's loader).
  for (const [what, file, message] of cases)
    it(what, async () => {
      const args = ['run', '--adapter', file, '--runs', '1', '--no-save'];
      oneLine(file === cases[0]![1] ? cli(args, dir) : await inProcess(args, dir), message);
    });
});

describe(
  'an ES module written as .js in a CommonJS package is told how to say its type',
  { timeout: cpuBudget(3) },
  () => {
    const body =
      "export default { name: 'esm-js', capabilities: { levers: [], capParam: false, windows: true, staleServe: false,\n" +
      '  forget: true, counters: false, seal: false }, create: (ctx) => ({ read: (a) => ctx.read(a), forget() {} }),\n' +
      "  decode: () => ({ kind: 'verbatim' }) };\n";
    const project = (type: string | undefined): string => {
      const dir = mkdtempSync(join(tmp, 'scope-'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', ...(type ? { type } : {}) }));
      writeFileSync(join(dir, 'adapter.js'), body);
      return dir;
    };
    it('a CommonJS package: one line naming the package.json and the two ways out', async () => {
      const dir = project(undefined);
      oneLine(
        await inProcess(['run', '--adapter', 'adapter.js', '--runs', '1', '--no-save'], dir),
        /^readshim-conformance: adapter adapter\.js is an ES module \(import\/export\) in a CommonJS package \(package\.json has no "type": "module"\): rename it to \.mjs, or add "type": "module" to package\.json$/,
      );
    });
    it('the same file loads and is judged once the package says "type": "module"', async () => {
      const r = await inProcess(['run', '--adapter', 'adapter.js', '--runs', '1', '--no-save'], project('module'));
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/summary: \d+ passed, 0 failed/);
    });
    it('a CommonJS .js adapter (module.exports) in a CommonJS package is not told anything', async () => {
      const dir = project(undefined);
      writeFileSync(join(dir, 'adapter.js'), body.replace('export default', 'module.exports ='));
      const r = await inProcess(['run', '--adapter', 'adapter.js', '--runs', '1', '--no-save'], dir);
      expect(r.stderr).not.toMatch(/CommonJS package/);
      expect(r.code).toBe(0);
    });
  },
);

describe('a missing required capability is named with the full list', () => {
  it('every missing field at once, then the six required', async () => {
    const dir = mkdtempSync(join(tmp, 'caps-'));
    writeFileSync(
      join(dir, 'adapter.mjs'),
      "export default { name: 'few', capabilities: { levers: [], capParam: false, windows: true, staleServe: false,\n" +
        "  forget: true }, create: (ctx) => ({ read: (a) => ctx.read(a), forget() {} }), decode: () => ({ kind: 'verbatim' }) };\n",
    );
    oneLine(
      await inProcess(['run', '--adapter', 'adapter.mjs', '--runs', '1', '--no-save'], dir),
      /^readshim-conformance: adapter adapter\.mjs: capabilities lack counters, seal: each of capParam, windows, staleServe, forget, counters, seal is required, true or false \(docs\/guide\/adapter\.md "Capabilities"\)$/,
    );
  });
});

describe('flags with a bounded domain say the domain', () => {
  const domain = `from 4 to ${MAX_CAP} \\(bytes\\)`;
  const cases: [string, string[], RegExp][] = [
    [
      '--cap far above the bound',
      ['run', '--cap', '1000000000000'],
      new RegExp(`--cap must be an integer ${domain}, got "1000000000000"`),
    ],
    [
      '--cap one above the bound',
      ['run', '--cap', String(MAX_CAP + 1)],
      new RegExp(`--cap must be an integer ${domain}`),
    ],
    ['--cap not a number', ['run', '--cap', 'abc'], new RegExp(`--cap must be an integer ${domain}, got "abc"`)],
    ['--cap negative', ['run', '--cap', '-1'], new RegExp(`--cap must be an integer ${domain}, got "-1"`)],
    ['--cap below 4', ['run', '--cap', '3'], new RegExp(`--cap must be an integer ${domain}, got "3"`)],
    [
      '--timeout of zero',
      ['run', '--timeout', '0'],
      /--timeout must be an integer from 1 to 2147483647 \(ms\), got "0"/,
    ],
    // Node clamps a timer beyond 2^31−1 ms to 1 ms: the run would time out at once.
    [
      '--timeout beyond a timer',
      ['run', '--timeout', '2147483648'],
      /^readshim-conformance: run: --timeout must be an integer from 1 to 2147483647 \(ms\), got "2147483648"$/,
    ],
    [
      'bench --timeout beyond a timer',
      ['bench', '--process', 'true', '--timeout', '2147483648'],
      /bench: --timeout must be an integer from 1 to 2147483647 \(ms\)/,
    ],
    // fast-check takes seed | 0: 2^32 would silently be seed 0.
    [
      '--seed beyond 32 bits',
      ['run', '--seed', '4294967296'],
      /run: --seed must be an integer from 0 to 4294967295, got "4294967296"$/,
    ],
    [
      'bench --seed beyond 32 bits',
      ['bench', '--seed', '4294967296'],
      /bench: --seed must be an integer from 0 to 4294967295/,
    ],
    [
      '--runs beyond the documented maximum',
      ['run', '--runs', '1000000000'],
      /run: --runs must be an integer from 1 to 1000000 \(histories\), got "1000000000"$/,
    ],
    [
      'mutants --runs beyond the maximum',
      ['mutants', '--runs', '1000001'],
      /mutants: --runs must be an integer from 1 to 1000000 \(histories\)/,
    ],
  ];
  // Usage errors: main(argv) in-process (what the bin calls); the spawned bin is covered above.
  for (const [what, args, message] of cases) it(what, async () => oneLine(await inProcess(args, tmp), message));
  it('the bound itself is a cap', () => {
    expect(parseRunFlags(['--cap', String(MAX_CAP)]).cap).toBe(MAX_CAP);
    expect(parseRunFlags(['--cap', '4']).cap).toBe(4);
    expect(parseRunFlags(['--timeout', '2147483647']).timeoutMs).toBe(2 ** 31 - 1);
    expect(parseRunFlags(['--seed', '4294967295']).seed).toBe(2 ** 32 - 1);
    expect(parseRunFlags(['--runs', String(MAX_RUNS)]).runs).toBe(MAX_RUNS);
  });
  it('the CLI reference states the domains the code uses', () => {
    const readme = readFileSync(join(ROOT, 'docs/reference/cli.md'), 'utf8');
    expect(readme).toContain(`\`--runs\` at most ${MAX_RUNS.toLocaleString('en-US')}`);
    expect(readme).toContain('`--seed` from 0 to 4,294,967,295');
    expect(readme).toContain('`--timeout` from 1 to 2,147,483,647 ms');
  });
});

describe('--out where no file can be', { timeout: cpuBudget(3) }, () => {
  const file = join(tmp, 'a-file');
  writeFileSync(file, 'x');
  it('below a regular file (ENOTDIR): a usage error before the run', async () => {
    oneLine(
      await inProcess(['run', '--runs', '1', '--out', join(file, 'report.json')], tmp),
      /^readshim-conformance: run: --out .*a-file\/report\.json: .*a-file is not a directory \(a file is there\)$/,
    );
  });
  it('a directory', async () => {
    oneLine(
      await inProcess(['run', '--runs', '1', '--out', tmp], tmp),
      /--out .*: is a directory \(give a file name\)/,
    );
  });
  it('the failure database below a regular file: a usage error before the run, not an internal error after it', async () => {
    const r = await inProcess(
      [
        'run',
        '--adapter',
        fixture('ignores-forget.ts'),
        '--arm',
        'cap',
        '--runs',
        '40',
        '--only',
        'FORGET-RESETS',
        '--failures',
        join(file, 'db'),
      ],
      tmp,
      HERE,
    );
    oneLine(
      r,
      /^readshim-conformance: run: failure database .*a-file\/db: .*a-file is not a directory \(a file is there\) \(--failures <dir> or --no-save\)$/,
    );
  });
});

describe('the in-process settle timeout is --timeout', { timeout: cpuBudget(3) }, () => {
  it('a read that never settles ends the run after the given time, saying it', async () => {
    oneLine(
      await inProcess(
        ['run', '--adapter', fixture('never-settles.ts'), '--runs', '1', '--no-save', '--timeout', '300'],
        tmp,
        HERE,
      ),
      /did not settle within 300 ms/,
    );
  });
  it('the CLI reference documents both defaults and the cap bound with the numbers the code uses', () => {
    const readme = readFileSync(join(ROOT, 'docs/reference/cli.md'), 'utf8');
    const n = (x: number) => x.toLocaleString('en-US');
    expect(readme).toContain(`--timeout <ms>`);
    expect(readme).toContain(`${n(DEFAULT_TIMEOUT_MS)} ms for --process`);
    expect(readme).toContain(`${n(DEFAULT_SETTLE_MS)} ms in-process`);
    expect(readme).toContain(`at most ${n(MAX_CAP)}`);
  });
});

describe(
  'a synchronous loop in an adapter ends the run: the run is in a worker thread, watched',
  { timeout: cpuBudget(6) },
  () => {
    // --timeout 300 sets the settle timeout; the watchdog waits at least MIN_WATCHDOG_MS.
    const cases: [string, string, RegExp][] = [
      [
        'a read that spins forever (CPU)',
        'loops-in-read.ts',
        /while worker w1\.read\(\{"path":"[^"]+"\}\) was in progress/,
      ],
      [
        'a timer that blocks forever while a read is pending',
        'loops-in-timer.ts',
        /while worker w1\.read\(\{"path":"[^"]+"\}\) was in progress/,
      ],
      [
        'a module that blocks while it loads',
        'loops-on-load.ts',
        /while loading the module .*loops-on-load\.ts was in progress/,
      ],
    ];
    // The first case through the spawned bin; the others through main(argv) in-process (the same
    // watchdog in the same thread, without starting node and tsx once more).
    for (const [what, file, pending] of cases)
      it(what, async () => {
        const args = ['run', '--adapter', fixture(file), '--runs', '1', '--no-save', '--timeout', '300'];
        const r = file === cases[0]![1] ? cli(args, tmp) : await inProcess(args, tmp);
        oneLine(
          r,
          new RegExp(
            `^readshim-conformance: adapter .*${file.replace('.', '\\.')}: the kit's thread was blocked for more than ${MIN_WATCHDOG_MS} ms \\(a synchronous loop\\?\\)`,
          ),
        );
        expect(r.stderr).toMatch(pending);
      });

    it('a timer the adapter leaves running does not keep the kit alive after the report', () => {
      const r = cli(
        ['run', '--adapter', fixture('stuck-after-timer.ts'), '--runs', '2', '--only', 'POINTER-FULL', '--no-save'],
        tmp,
        {},
        cpuBudget(3),
      );
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/summary: 1 passed/);
    });

    it('object identity survives the thread: the reference as a module passes OFF-IDENTITY there', async () => {
      const r = await inProcess(
        [
          'run',
          '--adapter',
          join(ROOT, 'src/adapters/reference.ts'),
          '--runs',
          '5',
          '--no-save',
          '--only',
          'OFF-IDENTITY,POINTER-FULL',
          '--reporter',
          'json',
        ],
        tmp,
      );
      expect(r.code).toBe(0);
      const rules = (JSON.parse(r.stdout) as { rules: { id: string; status: string }[] }).rules;
      expect(rules.map((x) => x.status)).toEqual(['pass', 'pass']);
    });
  },
);

describe('--jobs and --shrink', { timeout: cpuBudget(6) }, () => {
  it('--jobs is for --process; both flags say their domain', async () => {
    oneLine(
      await inProcess(['run', '--jobs', '2', '--no-save'], tmp),
      /--jobs applies to --process, --hook and --agent runs/,
    );
    oneLine(
      await inProcess(['run', '--process', 'true', '--jobs', '0', '--no-save'], tmp),
      /--jobs must be an integer from 1 to 256, got "0"/,
    );
    oneLine(await inProcess(['run', '--shrink', '-1', '--no-save'], tmp), /--shrink must be an integer from 0 to/);
  });

  it('a spent budget is said under the story, and in JSON', async () => {
    const args = [
      'run',
      '--adapter',
      fixture('path-hash.ts'),
      '--arm',
      'cap',
      '--runs',
      '20',
      '--only',
      'POINTER-FULL',
      '--no-corpus',
      '--shrink',
      '2',
      '--no-save',
    ];
    const pretty = await inProcess(args, tmp, HERE);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toMatch(
      /\n {2}shrink budget spent after 2 histories; this is the smallest story found \(--shrink <n> raises the budget\)\n/,
    );
    const j = JSON.parse((await inProcess([...args, '--reporter', 'json'], tmp, HERE)).stdout) as {
      rules: { counterexample: { shrink: unknown } }[];
    };
    expect(j.rules[0]!.counterexample.shrink).toEqual({ histories: 2, budgetSpent: true });
    const ample = await inProcess([...args.slice(0, -3), '--no-save'], tmp, HERE);
    expect(ample.stdout).not.toMatch(/shrink budget spent/);
  });
});

describe(
  '--replay plays the trace: the printed command reproduces, the header decides',
  { timeout: cpuBudget(8) },
  () => {
    const dir = mkdtempSync(join(tmp, 'replay-'));
    const adapter = fixture('ignores-forget.ts');
    let saved = '';
    let command = '';
    it('a failing run prints a replay command that, copied as is, fails the same rule (exit 1, not 2)', async () => {
      // The run in-process (main(argv)); the printed command end to end, through a shell and the bin.
      const r = await inProcess(
        [
          'run',
          '--adapter',
          adapter,
          '--arm',
          'cap',
          '--runs',
          '80',
          '--only',
          'FORGET-RESETS,POINTER-FULL',
          '--timeout',
          '5000',
        ],
        dir,
        HERE,
      );
      expect(r.code).toBe(1);
      command = /^ {2}replay: (.*)$/m.exec(r.stdout)![1]!;
      expect(command).toMatch(
        /^npx readshim-conformance run --adapter \S+ignores-forget\.ts --timeout 5000 --only FORGET-RESETS,POINTER-FULL --replay \.readshim\/failures\/FORGET-RESETS-[0-9a-f]+\.jsonl$/,
      );
      saved = readdirSync(join(dir, '.readshim/failures')).find((f) => f.startsWith('FORGET-RESETS-'))!;
      // The command as a user pastes it into a shell, in a project where the kit is installed (this
      // checkout linked as node_modules/readshim-conformance): the real npx finds its bin (--no-install:
      // never the registry).
      mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
      symlinkSync(ROOT, join(dir, 'node_modules/readshim-conformance'));
      symlinkSync(
        '../readshim-conformance/bin/readshim-conformance.js',
        join(dir, 'node_modules/.bin/readshim-conformance'),
      );
      const sh = spawnSync('sh', ['-c', command.replace(/^npx /, 'npx --no-install ')], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, READSHIM_PROGRESS: '0', npm_config_update_notifier: 'false' },
        timeout: cpuBudget(8),
      });
      expect(sh.stderr).toBe('');
      expect(sh.status).toBe(1);
      expect(sh.stdout).toMatch(/FAIL +FORGET-RESETS/);
    });

    it('the banner tells the trace and its header, not the run defaults', async () => {
      const file = join('.readshim/failures', saved);
      const h = JSON.parse(readFileSync(join(dir, file), 'utf8').split('\n')[0]!);
      const r = await inProcess(['run', '--adapter', adapter, '--replay', file], dir, HERE);
      expect(r.code).toBe(1);
      const banner = r.stdout.split('\n')[0]!;
      expect(banner).toBe(
        `readshim-conformance run — adapter ignores-forget, replay of ${file}: arm ${h.arm}, cap ${h.cap}, seal ${h.seal} (from the trace)`,
      );
      expect(banner).not.toMatch(/seed 20261130|histories per cap band/);
    });

    it('flags that contradict the trace, or that only generated runs use, are exit 2', async () => {
      const file = join('.readshim/failures', saved);
      // Decided from the flags and the trace before any adapter loads: main(argv) in-process.
      oneLine(
        await inProcess(['run', '--adapter', adapter, '--arm', 'diff', '--replay', file], dir),
        /--arm diff, but .* was recorded under arm cap; a replay takes arm, cap and seal from its trace \(drop --arm\)/,
      );
      oneLine(
        await inProcess(['run', '--adapter', adapter, '--cap', '5', '--replay', file], dir),
        /--cap 5, but .* was recorded with cap \d+; a replay takes arm, cap and seal from its trace \(drop --cap\)/,
      );
      oneLine(
        await inProcess(['run', '--adapter', adapter, '--runs', '5', '--replay', file], dir),
        /--runs applies to generated histories; --replay plays the trace only/,
      );
      oneLine(
        await inProcess(['run', '--adapter', adapter, '--seed', '5', '--replay', file], dir),
        /--seed applies to generated histories/,
      );
      // The minimal example declares arm cap only: a trace recorded under arm all cannot be its replay.
      const other = join(dir, 'all.jsonl');
      writeFileSync(other, readFileSync(join(dir, file), 'utf8').replace('"arm":"cap"', '"arm":"all"'));
      oneLine(
        await inProcess(
          ['run', '--adapter', join(ROOT, 'examples/minimal-shim/adapter.ts'), '--replay', other],
          dir,
          HERE,
        ),
        /all\.jsonl was recorded under arm all, which adapter minimal-shim does not declare \(it declares cap\)/,
      );
    });
  },
);

describe('nothing is written by a run that fails on its flags', () => {
  it('no failure database, no report file', async () => {
    const dir = mkdtempSync(join(tmp, 'clean-'));
    mkdirSync(join(dir, 'out'));
    expect((await inProcess(['run', '--cap', '1000000000000', '--out', join(dir, 'out', 'r.json')], dir)).code).toBe(2);
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
    expect(readdirSync(dir)).toEqual(['out']);
  });
});
