/** GNU `diff -u` as a yardstick for the diff lever: its output size and its CPU (when installed). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './timing.ts';

export interface GnuDiff {
  /** Bytes of `diff -u --label a/NAME --label b/NAME old new` (headers without timestamps). */
  readonly bytes: number;
  /** CPU of the diff process (bash's `times` for its child), median. */
  readonly cpuMs: number;
}

/** Whether GNU diff is on PATH. */
export function gnuDiffInstalled(): boolean {
  const r = spawnSync('diff', ['--version'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('GNU diffutils');
}

/** Seconds as bash's `times` prints them ("0m0.012s") → milliseconds. */
const seconds = (s: string): number => {
  const m = /^(\d+)m([\d.]+)s$/.exec(s);
  if (m === null) throw new Error(`gnu diff: cannot read the time ${JSON.stringify(s)}`);
  return (Number(m[1]) * 60 + Number(m[2])) * 1000;
};

/** GNU diff of the two texts, its headers naming `name` as the reference's patch does. */
export function gnuDiff(oldText: string, newText: string, runs: number, name: string): GnuDiff {
  const dir = mkdtempSync(join(tmpdir(), 'readshim-gnu-'));
  try {
    writeFileSync(join(dir, 'old'), oldText);
    writeFileSync(join(dir, 'new'), newText);
    const cpus: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      // `times` prints the shell's own user/sys, then its children's: the second line is diff's.
      const script = 'diff -u --label "a/$1" --label "b/$1" old new > out; s=$?; times; wc -c < out; exit $((s > 1))';
      const r = spawnSync('bash', ['-c', script, 'gnu', name], { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`gnu diff failed: ${r.stderr}`);
      const [, children, size] = r.stdout.trim().split('\n');
      const [user, sys] = (children ?? '').trim().split(/\s+/);
      cpus.push(seconds(user ?? '') + seconds(sys ?? ''));
      bytes = Number(size);
    }
    return { bytes, cpuMs: median(cpus) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
