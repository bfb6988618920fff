// Suite: long (*.long.test.ts, run by `npm run test:hosts`): bench on its default workload and determinism runs (~49 s of CPU).
/**
 * `readshim-conformance bench` as a user runs it: the default table, determinism, bad flags, the
 * shim under test (--adapter, --process), and that it writes nothing but --out.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARM_NAMES } from '../../../src/core/arms.ts';
import { NAIVE_DESIGNS } from '../../../src/bench/run.ts';
import { DEFAULT_WORKLOAD } from '../../../src/bench/workload.ts';
import { parseBenchFlags } from '../../../src/cli/commands/bench.ts';
import { UsageError } from '../../../src/core/errors.ts';
import { cli, inProcess, ROOT } from '../cli/helpers.ts';
import { DELIVERY, MTIME, sandboxesIn, sandboxHome } from '../adapters/process/helpers.ts';

interface Shim {
  shim: string;
  arm: string;
  role: string;
  bytesNaive: number;
  bytesDelivered: number;
  savedPct: number;
  lies: number;
}

const work = mkdtempSync(join(tmpdir(), 'readshim-bench-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
/** A fresh, empty working directory: whatever bench writes would show up in it. */
const project = (): string => mkdtempSync(join(work, 'p-'));
const small = ['--reads', '300', '--workers', '25', '--files', '40'];

describe('bench --reporter json, default workload', () => {
  let code: number | null;
  let stderr: string;
  let j: {
    tool: string;
    command: string;
    version: string;
    specVersion: string;
    workload: Record<string, unknown>;
    shims: Shim[];
  };
  let cwd: string;
  beforeAll(async () => {
    cwd = project();
    const r = await inProcess(['bench', '--reporter', 'json'], cwd);
    code = r.code;
    stderr = r.stderr;
    j = JSON.parse(r.stdout);
  }, 300_000);
  const row = (shim: string, arm?: string): Shim => {
    const found = j.shims.filter((s) => s.shim === shim && (arm === undefined || s.arm === arm));
    expect(found, `${shim} ${arm ?? ''}`).toHaveLength(1);
    return found[0]!;
  };

  it('starts with the envelope, echoes its workload and exits 0', () => {
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(j).toMatchObject({ tool: 'readshim-conformance', command: 'bench' });
    expect(typeof j.version).toBe('string');
    expect(typeof j.specVersion).toBe('string');
    expect(j.workload).toMatchObject({ ...DEFAULT_WORKLOAD });
    expect(j.workload.actual).toMatchObject({ reads: DEFAULT_WORKLOAD.reads });
  });

  it('lists the reference under each arm and every naive design, with the four numbers', () => {
    expect(j.shims).toHaveLength(ARM_NAMES.length + NAIVE_DESIGNS.length);
    for (const arm of ARM_NAMES) expect(row('reference', arm).role).toBe('reference');
    for (const id of ['PATH-HASH-POINTER', 'PATH-ONLY', 'MTIME-KEYED', 'WINDOW-BLIND', 'NO-FORGET'])
      expect(row(id).role).toBe('naive');
    for (const s of j.shims) {
      for (const k of ['bytesNaive', 'bytesDelivered', 'lies'] as const)
        expect(Number.isSafeInteger(s[k]) && s[k] >= 0, `${s.shim} ${k}`).toBe(true);
      expect(s.savedPct).toBe(Math.round(1000 * (1 - s.bytesDelivered / s.bytesNaive)) / 10);
      expect(s.bytesNaive).toBe(j.shims[0]!.bytesNaive);
    }
  });

  it('the reference under A3 tells no lie and saves bytes; off saves nothing', () => {
    expect(row('reference', 'all').lies).toBe(0);
    expect(row('reference', 'all').savedPct).toBeGreaterThan(0);
    expect(row('reference', 'off').bytesDelivered).toBe(row('reference', 'off').bytesNaive);
  });

  it('PATH-HASH-POINTER and MTIME-KEYED lie', () => {
    expect(row('PATH-HASH-POINTER').lies).toBeGreaterThan(0);
    expect(row('MTIME-KEYED').lies).toBeGreaterThan(0);
  });

  it('is sorted by score: shims without lies first (most saved first), then by fewest lies', () => {
    const truthful = j.shims.filter((s) => s.lies === 0);
    expect(j.shims.slice(0, truthful.length)).toEqual(truthful);
    for (let i = 1; i < truthful.length; i++)
      expect(truthful[i - 1]!.savedPct).toBeGreaterThanOrEqual(truthful[i]!.savedPct);
    const liars = j.shims.slice(truthful.length);
    for (let i = 1; i < liars.length; i++) expect(liars[i - 1]!.lies).toBeLessThanOrEqual(liars[i]!.lies);
  });

  it('writes no file (no failure database, no traces)', () => {
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe('determinism', () => {
  it('the same seed gives the same numbers; another seed other numbers', async () => {
    const run = async (seed: string) => {
      const r = await inProcess(['bench', ...small, '--seed', seed, '--reporter', 'json'], project());
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout) as { workload: unknown; shims: Shim[] };
    };
    const a = await run('7');
    const b = await run('7');
    expect(b.shims).toEqual(a.shims);
    expect(b.workload).toEqual(a.workload);
    const c = await run('8');
    expect(c.shims.map((s) => s.bytesNaive)).not.toEqual(a.shims.map((s) => s.bytesNaive));
  }, 300_000);
});

describe('the pretty table', () => {
  it('shows the score first: the saving for a truthful shim, the lie count for a liar', () => {
    const cwd = project();
    const out = join(cwd, 'table.txt');
    // The one bench through the spawned bin; the others call main(argv) in-process (no node + tsx start).
    const r = cli(['bench', ...small, '--out', out], cwd);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readdirSync(cwd)).toEqual(['table.txt']);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^ {2}score +shim +arm +kind +plain tool \(B\) +delivered \(B\) +saved +lies +lie classes$/m);
    expect(text).toMatch(/^ {2}\d+\.\d% +reference +all +reference .* 0 +0$/m);
    expect(text).toMatch(/^ {2}\d+ lies? +PATH-HASH-POINTER +cap +naive /m);
    // Each row plays the directed corpus too: the classes it lied in are listed under the table.
    expect(text).toMatch(/^ {2}PATH-HASH-POINTER \(cap\): partial-then-pointer, /m);
    expect(text).toMatch(/^workload: seed \d+, 300 reads by 25 workers over 40 files/m);
  }, 300_000);
});

describe('bad flags', () => {
  it.each([
    [['--reads', '0'], /^bench: --reads must be an integer >= 1, got "0"$/],
    [['--reads', 'many'], /^bench: --reads must be an integer >= 1/],
    [['--workers', '5000'], /^bench: --workers must be an integer from 1 to the number of reads \(1844\), got 5000$/],
    [['--files', '-3'], /^bench: --files must be an integer >= 1/],
    [['--files', '20000'], /^bench: --files must be an integer from 1 to 10000/],
    [['--cap', '3'], /^bench: --cap must be an integer >= 4/],
    [['--seed', '1.5'], /^bench: --seed must be an integer from 0 to 4294967295/],
    [['--reread-rate', '1.5'], /^bench: --reread-rate must be a number from 0 to 1, got "1.5"$/],
    [['--edit-rate', '-0.1'], /^bench: --edit-rate must be a number from 0 to 1/],
    [['--window-rate', 'half'], /^bench: --window-rate must be a number from 0 to 1/],
    [['--compact-rate', '1e-2'], /^bench: --compact-rate must be a number from 0 to 1/],
    [['--same-mtime-rate', '2'], /^bench: --same-mtime-rate must be a number from 0 to 1/],
    [['--large-rate', ''], /^bench: --large-rate must be a number from 0 to 1/],
    [['--reporter', 'junit'], /^bench: --reporter must be one of pretty\|json/],
    [['--baselines', 'some'], /^bench: --baselines must be one of all\|reference\|none/],
    [['--baselines', 'none'], /^bench: --baselines none leaves nothing to bench/],
    [['--arm', 'cap'], /^bench: --arm chooses the arm of the shim under test/],
    [['--adapter', 'x.ts', '--arm', 'most'], /^bench: --arm must be one of off\|cap\|diff\|all/],
    [['--adapter', 'x.ts', '--process', 'y'], /not both/],
    [['--process', ' '], /^bench: --process needs a command line/],
    [['--timeout', '100'], /^bench: --timeout applies to --process only/],
    [['--runs', '3'], /^bench: unknown flag --runs/],
    [['--reads'], /^bench: --reads needs a value/],
  ])('%j is a usage error naming the flag', (args, message) => {
    expect(() => parseBenchFlags(args)).toThrow(UsageError);
    expect(() => parseBenchFlags(args)).toThrow(message);
  });

  it('the defaults parse to the documented workload', () => {
    expect(parseBenchFlags([])).toEqual({ workload: DEFAULT_WORKLOAD, baselines: 'all', reporter: 'pretty' });
    expect(parseBenchFlags(['--reread-rate', '.3', '--edit-rate=1', '--cap', '4096']).workload).toEqual({
      ...DEFAULT_WORKLOAD,
      rereadRate: 0.3,
      editRate: 1,
      cap: 4_096,
    });
  });

  it.each([[['--reread-rate', '1.5']], [['--workers', '5000']], [['--adapter', 'no/such/adapter.ts']]])(
    'from the command line, %j exits 2 with one line on stderr and writes nothing',
    async (...args) => {
      const cwd = project();
      const r = await inProcess(['bench', ...args[0], '--out', join(cwd, 'report.json')], cwd);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^readshim-conformance: (bench: |adapter module not found)/);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(readdirSync(cwd)).toEqual([]);
    },
  );
});

describe('the shim under test joins the table', () => {
  it('--adapter: benched under each arm it declares, first among equals; a liar makes exit 1', async () => {
    const ok = await inProcess(
      [
        'bench',
        ...small,
        '--baselines',
        'reference',
        '--adapter',
        join(ROOT, 'examples/minimal-shim/adapter.ts'),
        '--reporter',
        'json',
      ],
      project(),
    );
    expect(ok.code).toBe(0);
    const j = JSON.parse(ok.stdout) as { shims: Shim[] };
    expect(j.shims.filter((s) => s.role === 'under test').map((s) => [s.shim, s.arm])).toEqual([
      ['minimal-shim', 'cap'],
    ]);
    expect(j.shims.filter((s) => s.role === 'reference')).toHaveLength(4);
    expect(j.shims.filter((s) => s.role === 'naive')).toHaveLength(0);

    const liar = await inProcess(
      [
        'bench',
        ...small,
        '--baselines',
        'none',
        '--adapter',
        join(ROOT, 'test/fixtures/adapters/path-hash.ts'),
        '--arm',
        'cap',
        '--reporter',
        'json',
      ],
      project(),
    );
    expect(liar.code).toBe(1);
    const l = JSON.parse(liar.stdout) as { shims: Shim[] };
    expect(l.shims).toHaveLength(1);
    expect(l.shims[0]!.lies).toBeGreaterThan(0);
  }, 300_000);

  it('--process: a delivery-keyed shim tells no lie, an mtime-keyed one lies when edits keep the mtime; no sandbox is left', async () => {
    const home = sandboxHome();
    try {
      const env = { TMPDIR: home };
      const d = await inProcess(
        ['bench', ...small, '--baselines', 'none', '--process', DELIVERY, '--reporter', 'json'],
        project(),
        env,
      );
      expect(d.stderr).toBe('');
      expect(d.code).toBe(0);
      const dj = JSON.parse(d.stdout) as { shims: Shim[] };
      expect(dj.shims.map((s) => [s.shim, s.lies])).toEqual([['process:py-delivery', 0]]);
      expect(dj.shims[0]!.savedPct).toBeGreaterThan(0);
      // Every edit keeps the mtime: a shim that trusts the mtime must be caught.
      const m = await inProcess(
        ['bench', ...small, '--same-mtime-rate', '1', '--baselines', 'none', '--process', MTIME, '--reporter', 'json'],
        project(),
        env,
      );
      expect(m.code).toBe(1);
      expect((JSON.parse(m.stdout) as { shims: Shim[] }).shims[0]!.lies).toBeGreaterThan(0);
      expect(sandboxesIn(home)).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 300_000);
});
