/**
 * Output paths that cannot be written are refused before the first history, with the real cause
 * (src/core/out-path.ts writeProblem). As root, chmod stops nothing: the read-only case is a tmpfs
 * mounted read-only here (EROFS), where the machine lets this process mount one; the EACCES case
 * is a folder without write permission for a non-root user, or /sys for root (skipped when neither
 * refuses a write).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cpuBudget, HERE, inProcess, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-unwritable-'));
const fixture = (name: string) => join(ROOT, 'test/fixtures/adapters', name);

/** A read-only tmpfs mounted for this file, or undefined where this process may not mount. */
function readOnlyMount(): string | undefined {
  const at = join(tmp, 'ro');
  mkdirSync(at);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', at], { stdio: 'ignore' });
    return at;
  } catch {
    return undefined;
  }
}

/** A folder this process may not create a file in (EACCES), or undefined. */
function deniedDir(): string | undefined {
  const own = join(tmp, 'denied');
  mkdirSync(own);
  chmodSync(own, 0o555);
  for (const d of [own, '/sys'])
    try {
      writeFileSync(join(d, 'probe'), '', { flag: 'wx' });
      rmSync(join(d, 'probe'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EACCES') return d;
    }
  return undefined;
}

const ro = readOnlyMount();
const denied = deniedDir();
afterAll(() => {
  if (ro !== undefined) execFileSync('umount', [ro]);
  chmodSync(join(tmp, 'denied'), 0o755);
  rmSync(tmp, { recursive: true, force: true });
});

function refused(r: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(message);
}

describe.skipIf(ro === undefined)(
  'a read-only file system (EROFS) is refused before the run',
  { timeout: cpuBudget(3) },
  () => {
    it('--out, through the bin: exit 2 naming EROFS, no history run', () => {
      const r = cli(
        ['run', '--adapter', fixture('ignores-forget.ts'), '--arm', 'cap', '--out', join(ro!, 'report.json')],
        tmp,
        { READSHIM_PROGRESS: '1' },
      );
      refused(
        r,
        /^readshim-conformance: run: --out .*\/ro\/report\.json: .*\/ro is not writable \(EROFS: read-only file system\)$/,
      );
    });
    it('--failures (a failing shim): EROFS, not ENOENT', async () => {
      const r = await inProcess(
        [
          'run',
          '--adapter',
          fixture('ignores-forget.ts'),
          '--arm',
          'cap',
          '--runs',
          '1',
          '--failures',
          join(ro!, 'db'),
        ],
        tmp,
        HERE,
      );
      refused(
        r,
        /^readshim-conformance: run: failure database .*\/ro\/db: .*\/ro is not writable \(EROFS: read-only file system\) \(--failures <dir> or --no-save\)$/,
      );
    });
    it('--write-baseline', async () => {
      refused(
        await inProcess(
          ['run', '--runs', '1', '--sessions', '0', '--write-baseline', join(ro!, 'baseline.json'), '--no-save'],
          tmp,
        ),
        /run: --write-baseline .*: .*\/ro is not writable \(EROFS/,
      );
    });
    it('bench --out', async () => {
      refused(
        await inProcess(['bench', '--out', join(ro!, 'bench.json')], tmp),
        /bench: --out .*: .*\/ro is not writable \(EROFS/,
      );
    });
  },
);

describe.skipIf(denied === undefined)('a folder without write permission (EACCES) is refused before the run', () => {
  it('--out', async () => {
    refused(
      await inProcess(
        ['run', '--runs', '1', '--sessions', '0', '--no-save', '--out', join(denied!, 'report.json')],
        tmp,
      ),
      /run: --out .*: .* is not writable \(EACCES: permission denied\)$/,
    );
  });
});

describe('the probe leaves nothing behind', () => {
  it('a writable --out folder holds only what was there', async () => {
    const dir = join(tmp, 'ok');
    mkdirSync(dir);
    const r = await inProcess(
      ['run', '--runs', '1', '--sessions', '0', '--no-save', '--only', 'FORGET-RESETS', '--out', join(dir, 'r.json')],
      tmp,
    );
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toEqual(['r.json']);
  });
});

describe('output that cannot be written after the run never loses the verdict', { timeout: cpuBudget(3) }, () => {
  const run = (dir: string, extra: string[]) =>
    inProcess(
      [
        'run',
        '--adapter',
        fixture('blocks-output.ts'),
        '--arm',
        'cap',
        '--runs',
        '1',
        '--only',
        'FORGET-RESETS',
        ...extra,
      ],
      tmp,
      { ...HERE, READSHIM_TEST_BLOCK: dir },
    );
  it('--out: the verdict in one line on stderr, exit 2', async () => {
    const dir = join(tmp, 'out-later');
    const r = await run(dir, ['--no-save', '--out', join(dir, 'r.json')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(
      /^readshim-conformance: run: verdict FAIL: 0 passed, 1 failed \(FORGET-RESETS\), 0 unexercised, \d+ n\/a; but cannot write .*out-later\/r\.json: .*out-later is not a directory \(a file is there\) \(the report is lost, exit 2\)$/,
    );
  });
  it('--write-baseline: the verdict in one line on stderr, exit 2', async () => {
    const dir = join(tmp, 'baseline-later');
    const r = await inProcess(
      [
        'run',
        '--adapter',
        fixture('blocks-output.ts'),
        '--arm',
        'cap',
        '--runs',
        '1',
        '--no-save',
        '--write-baseline',
        join(dir, 'b.json'),
      ],
      tmp,
      { ...HERE, READSHIM_TEST_BLOCK: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(
      /^readshim-conformance: run: verdict FAIL: \d+ passed, [1-9]\d* failed \(.*FORGET-RESETS.*\), .*; but cannot write .*baseline-later\/b\.json/,
    );
  });
  it('a failure trace that cannot be saved is printed, and the report still comes', async () => {
    const dir = join(tmp, 'db-later');
    const r = await run(dir, ['--failures', dir, '--reporter', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.failed).toBe(1);
    const [first, ...trace] = r.stderr.trim().split('\n');
    expect(first).toMatch(
      /^readshim-conformance: run: FORGET-RESETS failed, and its trace could not be saved \(cannot write .*db-later\/FORGET-RESETS-[0-9a-f]+\.jsonl: .*db-later is not a directory \(a file is there\)\); the trace follows:$/,
    );
    expect(trace.length).toBeGreaterThan(1);
    expect(JSON.parse(trace[0]!)).toMatchObject({ type: 'header' });
  });
});
