// Suite: long (*.long.test.ts, run by `npm run test:hosts`): spawned runs in private mount namespaces, as root and as nobody (about 13 s of CPU).
/**
 * `--out /dev/stdout`, `--out -` and `--out <symlink>` work as root and as an unprivileged user, and
 * no writer replaces what is not a regular file (src/core/output.ts). The machine's own /dev is never
 * named: the /dev/stdout cases run in a private mount namespace (`unshare -m`) with a /dev of their
 * own, as root and, through setpriv, as the user nobody; where this process may not make a
 * namespace (not root), they are skipped with a message. The other writers (--write-baseline,
 * --failures, --reporter badge, bench --out) are checked through main() in this process.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuBudget, inProcess, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-outpaths-'));
chmodSync(tmp, 0o755); // nobody reads the script and writes its report beside it
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const BIN = join(ROOT, 'bin/readshim-conformance.js');
// Where the report goes, not what it judges: no session band, a covering sample of the crossed cases.
const LIGHT = ['--sessions', '0', '--crossed-sample'];
const RUN = `"${process.execPath}" "${BIN}" run --runs 1 --sessions 0 --crossed-sample --no-save --only FORGET-RESETS --reporter json`;

/** Whether this process may make a private mount namespace and mount there (root). */
const canUnshare =
  spawnSync('unshare', ['-m', '--propagation', 'private', 'true'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0;
if (!canUnshare)
  console.warn('skipped: the /dev/stdout cases need `unshare -m` (root) and setpriv; run as root to check them');

/**
 * Runs `script` (bash) in a private mount namespace whose /dev is a fresh tmpfs with the usual
 * links (/dev/stdout → /proc/self/fd/1): what a write there replaces, it replaces in the namespace only.
 */
function inNamespace(script: string): { code: number | null; stdout: string; stderr: string } {
  // Without its own /dev the script never runs: no case may reach the machine's real /dev/stdout.
  const setup = [
    'set -eu',
    'mount -t tmpfs tmpfs /dev || { echo "no private /dev: not run" >&2; exit 97; }',
    '[ -z "$(ls -A /dev)" ] || exit 97',
    'mknod -m 666 /dev/null c 1 3; mknod -m 666 /dev/zero c 1 5; mknod -m 666 /dev/urandom c 1 9',
    'ln -s /proc/self/fd /dev/fd; ln -s /proc/self/fd/1 /dev/stdout; ln -s /proc/self/fd/2 /dev/stderr',
    'set +e',
  ].join('\n');
  const file = join(tmp, `ns-${Math.random().toString(36).slice(2)}.sh`);
  writeFileSync(file, `${setup}\n${script}\n`);
  const r = spawnSync('unshare', ['-m', '--propagation', 'private', 'bash', file], {
    cwd: tmp,
    encoding: 'utf8',
    env: { ...process.env, READSHIM_PROGRESS: '0' },
    timeout: 300_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const summary = (text: string): unknown => (JSON.parse(text) as { summary: unknown }).summary;

describe.skipIf(!canUnshare)('--out /dev/stdout (a private /dev)', { timeout: cpuBudget(6) }, () => {
  it('as root: the report reaches stdout, /dev/stdout stays a link', () => {
    const r = inNamespace(`${RUN} --out /dev/stdout; echo "rc=$?" >&2; ls -l /dev/stdout >&2`);
    expect(r.stderr).toMatch(/rc=0/);
    expect(r.stderr).toMatch(/\/dev\/stdout -> \/proc\/self\/fd\/1/);
    expect(summary(r.stdout)).toMatchObject({ failed: 0 });
  });

  it('as root: with stdout a file, the report lands in that file', () => {
    const r = inNamespace(`${RUN} --out /dev/stdout > report.json; echo "rc=$?"; cat report.json`);
    expect(r.stdout).toMatch(/^rc=0\n\{/);
    expect(summary(r.stdout.replace(/^rc=0\n/, ''))).toMatchObject({ failed: 0 });
  });

  it('as the unprivileged user nobody: not refused, the report reaches stdout', () => {
    const r = inNamespace(
      `setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp ${RUN} --out /dev/stdout; echo "rc=$?" >&2`,
    );
    expect(r.stderr).toMatch(/rc=0/);
    expect(r.stderr).not.toMatch(/not writable/);
    expect(summary(r.stdout)).toMatchObject({ failed: 0 });
  });

  it('as nobody: --out - and --out <a link in a folder of its own>', () => {
    const r = inNamespace(
      [
        `mkdir -m 777 own && ln -s report.json own/link.json`,
        `setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp ${RUN} --out - > dash.json; echo "dash=$?" >&2`,
        `setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp ${RUN} --out own/link.json; echo "link=$?" >&2`,
        'ls -l own >&2',
      ].join('\n'),
    );
    expect(r.stderr).toMatch(/dash=0/);
    expect(r.stderr).toMatch(/link=0/);
    expect(r.stderr).toMatch(/link\.json -> report\.json/);
    expect(summary(readFileSync(join(tmp, 'dash.json'), 'utf8'))).toMatchObject({ failed: 0 });
    expect(summary(readFileSync(join(tmp, 'own/report.json'), 'utf8'))).toMatchObject({ failed: 0 });
  });
});

describe('every writer writes through a symlink and keeps it', { timeout: cpuBudget(4) }, () => {
  const linked = (name: string): { link: string; target: string } => {
    const dir = mkdtempSync(join(tmp, `${name}-`));
    const target = join(dir, `real-${name}`);
    const link = join(dir, name);
    symlinkSync(target, link);
    return { link, target };
  };

  it('--out and --write-baseline', async () => {
    const out = linked('report.json');
    const base = linked('baseline.json');
    const r = await inProcess(
      [
        'run',
        '--runs',
        '1',
        ...LIGHT,
        '--no-save',
        '--reporter',
        'json',
        '--out',
        out.link,
        '--write-baseline',
        base.link,
      ],
      tmp,
    );
    expect(r.code).toBe(0);
    for (const { link, target } of [out, base]) {
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe(target);
    }
    expect(summary(readFileSync(out.target, 'utf8'))).toMatchObject({ failed: 0 });
    expect(readFileSync(base.target, 'utf8')).toMatch(/^# readshim/);
  });

  it('--reporter badge: the JSON through its link, the SVG beside the link', async () => {
    const out = linked('badge.json');
    const r = await inProcess(
      [
        'run',
        '--runs',
        '1',
        ...LIGHT,
        '--no-save',
        '--only',
        'FORGET-RESETS',
        '--reporter',
        'badge',
        '--out',
        out.link,
      ],
      tmp,
    );
    expect(r.code).toBe(0);
    expect(lstatSync(out.link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(out.target, 'utf8'))).toMatchObject({ schemaVersion: 1 });
  });

  it('--failures: a failure database that is a link to a folder', async () => {
    const real = mkdtempSync(join(tmp, 'db-real-'));
    const link = join(tmp, 'db-link');
    symlinkSync(real, link);
    const r = await inProcess(
      [
        'run',
        '--adapter',
        join(ROOT, 'test/fixtures/adapters/ignores-forget.ts'),
        '--arm',
        'cap',
        '--runs',
        '1',
        ...LIGHT,
        '--only',
        'FORGET-RESETS',
        '--failures',
        link,
      ],
      tmp,
    );
    expect(r.code).toBe(1);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(real).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
  });

  it('--write-baseline to a pipe or `-` is refused: a baseline is read back', async () => {
    const r = await inProcess(['run', '--runs', '1', '--no-save', '--write-baseline', '-'], tmp);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^readshim-conformance: run: --write-baseline -: .*read back/);
  });

  it('a folder the write would need is made through a link to a folder', async () => {
    const real = mkdtempSync(join(tmp, 'folder-real-'));
    symlinkSync(real, join(tmp, 'folder-link'));
    mkdirSync(join(real, 'deep'));
    const r = await inProcess(
      [
        'bench',
        '--reads',
        '20',
        '--workers',
        '2',
        '--baselines',
        'reference',
        '--reporter',
        'json',
        '--out',
        join(tmp, 'folder-link/deep/b.json'),
      ],
      tmp,
    );
    expect(r.code).toBe(0);
    expect(lstatSync(join(tmp, 'folder-link')).isSymbolicLink()).toBe(true);
    expect(readdirSync(join(real, 'deep'))).toEqual(['b.json']);
  });
});
