/**
 * The rehearsal protocol behind every negative control: the copy is restored byte for byte; the
 * backup is taken by exclusive create, so a second rehearsal waits instead of backing up tampered
 * bytes (in one process and across processes); an interrupted rehearsal's backup is restored by
 * the next run; the tracked material is never written.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { BACKUP_NAME, recoverInterrupted, rehearse, RehearsalError, type RehearsalStep } from '../../gates/rehearsal.ts';
import { fixtureDir, sha256, SLOW } from './helpers.ts';

const CHILD = join(import.meta.dirname, 'fixtures', 'rehearse-child.ts');
const A = 'export const a = "é clean";\n';
const B = 'export const b = 2;\n';

function setup() {
  const source = fixtureDir({ 'a.ts': A, 'b.ts': B });
  const copyDir = join(mkdtempSync(join(tmpdir(), 'readshim-copy-')), 'copy');
  const hashes = () => [sha256(join(source, 'a.ts')), sha256(join(source, 'b.ts'))];
  const tracked = hashes();
  const clean = () => {
    expect(readFileSync(join(copyDir, 'a.ts'), 'utf8')).toBe(A);
    expect(readFileSync(join(copyDir, 'b.ts'), 'utf8')).toBe(B);
    expect(existsSync(join(copyDir, BACKUP_NAME))).toBe(false);
    expect(hashes()).toEqual(tracked); // the material itself was only read
  };
  return { source, copyDir, clean, opts: { copyDir, sourceRoot: source, files: ['a.ts', 'b.ts'] } };
}

function until(events: string[], want: string): Promise<void> {
  return (async () => {
    while (!events.includes(want)) await sleep(5);
  })();
}

describe('rehearse', () => {
  test('the run sees the tampered copy; afterwards the copy is byte-identical to the material', async () => {
    const { opts, copyDir, clean } = setup();
    const seen = await rehearse({ ...opts, target: 'a.ts', tamper: (t) => t!.replace('clean', 'tampered') }, async (dir) => readFileSync(join(dir, 'a.ts'), 'utf8'));
    expect(seen).toBe('export const a = "é tampered";\n');
    clean();
    expect(copyDir).not.toBe(opts.sourceRoot);
  });

  test('a copy damaged during the run (beyond the target) is reported, not passed off as clean', async () => {
    const { opts, copyDir } = setup();
    await expect(rehearse({ ...opts, target: 'a.ts', tamper: (t) => `${t}x` }, async () => {
      writeFileSync(join(copyDir, 'b.ts'), 'scribbled');
    })).rejects.toThrow(/b\.ts .* differs from the material/);
  });

  test('restores even when the run throws', async () => {
    const { opts, clean } = setup();
    await expect(rehearse({ ...opts, target: 'b.ts', tamper: () => 'broken(' }, async () => {
      throw new Error('gate crashed');
    })).rejects.toThrow('gate crashed');
    clean();
  });

  test('a new file as the target is removed again', async () => {
    const { opts, copyDir, clean } = setup();
    const seen = await rehearse({ ...opts, target: 'extra/new.ts', tamper: (t) => `${t ?? 'was absent'}\n` }, async (dir) => readFileSync(join(dir, 'extra/new.ts'), 'utf8'));
    expect(seen).toBe('was absent\n');
    expect(existsSync(join(copyDir, 'extra/new.ts'))).toBe(false);
    clean();
  });

  test('a tamper that changes nothing is refused: a control must control something', async () => {
    const { opts, clean } = setup();
    await expect(rehearse({ ...opts, target: 'a.ts', tamper: (t) => t! }, async () => 'ran')).rejects.toThrow(RehearsalError);
    clean();
  });

  test('refuses to run on the material itself', async () => {
    const { source } = setup();
    await expect(rehearse({ copyDir: source, sourceRoot: source, files: ['a.ts'], target: 'a.ts', tamper: () => 'x' }, async () => 0)).rejects.toThrow(/must not contain the material|tracked file/);
    expect(readFileSync(join(source, 'a.ts'), 'utf8')).toBe(A);
  });

  test('two concurrent rehearsals in one process: the second waits, and backs up clean bytes only', async () => {
    const { opts, clean } = setup();
    const events: string[] = [];
    const log = (who: string) => (s: RehearsalStep) => {
      events.push(`${who}:${s.kind}`);
      if (s.kind === 'backed-up') events.push(`${who}:sha=${s.sha256 === sha256(join(opts.sourceRoot, 'a.ts')) ? 'clean' : 'TAMPERED'}`);
    };
    const first = rehearse({ ...opts, target: 'a.ts', tamper: (t) => `${t}// first\n`, onStep: log('1') }, async (dir) => {
      await until(events, '2:waiting'); // hold the copy until the second rehearsal has tried to take it
      return readFileSync(join(dir, 'a.ts'), 'utf8');
    });
    await until(events, '1:tampered');
    const second = rehearse({ ...opts, target: 'a.ts', tamper: (t) => `${t}// second\n`, onStep: log('2') }, async (dir) => readFileSync(join(dir, 'a.ts'), 'utf8'));
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(`${A}// first\n`);
    expect(b).toBe(`${A}// second\n`); // not `// first` + `// second`: the second tampered a clean copy
    expect(events).toEqual([
      '1:backed-up', '1:sha=clean', '1:tampered', '2:waiting', '1:restored', '2:backed-up', '2:sha=clean', '2:tampered', '2:restored',
    ]);
    clean();
  });

  test('two concurrent rehearsals in two processes: the same interleaving', { timeout: SLOW }, async () => {
    const { opts, copyDir, clean } = setup();
    const signal = join(copyDir, '..', 'child-tampered');
    const go = join(copyDir, '..', 'go');
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, copyDir, opts.sourceRoot, 'hold', signal, go], { stdio: 'inherit' });
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    while (!existsSync(signal)) await sleep(10);
    expect(readFileSync(join(copyDir, 'a.ts'), 'utf8')).toBe(`${A}// tampered by the child\n`);
    const events: string[] = [];
    const seen = await rehearse({
      ...opts, target: 'a.ts', tamper: (t) => `${t}// parent\n`,
      onStep: (s) => {
        events.push(s.kind === 'waiting' ? `waiting for ${s.ownerPid === child.pid ? 'the child' : s.ownerPid}` : s.kind);
        if (s.kind === 'backed-up') events.push(s.sha256 === sha256(join(opts.sourceRoot, 'a.ts')) ? 'clean' : 'TAMPERED');
        if (s.kind === 'waiting') writeFileSync(go, 'go');
      },
    }, async (dir) => readFileSync(join(dir, 'a.ts'), 'utf8'));
    expect(await exited).toBe(0);
    expect(seen).toBe(`${A}// parent\n`);
    expect(events).toEqual(['waiting for the child', 'backed-up', 'clean', 'tampered', 'restored']);
    clean();
  });

  test('an interrupted rehearsal (killed mid-way) leaves a backup the next run restores from', { timeout: SLOW }, async () => {
    const { opts, copyDir, clean } = setup();
    const signal = join(copyDir, '..', 'child-tampered');
    const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, copyDir, opts.sourceRoot, 'die', signal, join(copyDir, '..', 'never')], { stdio: 'inherit' });
    expect(r.signal).toBe('SIGKILL');
    expect(existsSync(join(copyDir, BACKUP_NAME))).toBe(true);
    expect(readFileSync(join(copyDir, 'a.ts'), 'utf8')).toBe(`${A}// tampered by the child\n`);
    const events: string[] = [];
    const seen = await rehearse({ ...opts, target: 'b.ts', tamper: (t) => `${t}// next\n`, onStep: (s) => void events.push(s.kind) },
      async (dir) => readFileSync(join(dir, 'a.ts'), 'utf8'));
    expect(events).toEqual(['recovered', 'backed-up', 'tampered', 'restored']);
    expect(seen).toBe(A); // the next run saw a.ts restored before it ran
    clean();
  });

  test('a backup taken but never filled (killed before the tamper) is cleared; a live one is left alone', async () => {
    const { opts, copyDir, clean } = setup();
    await rehearse({ ...opts, target: 'a.ts', tamper: (t) => `${t}x` }, async () => 0); // make the copy
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(copyDir, BACKUP_NAME), `${JSON.stringify({ pid: Number(dead.stdout), token: 'gone' })}\n`);
    expect(recoverInterrupted(copyDir)).toBe(Number(dead.stdout));
    clean();
    writeFileSync(join(copyDir, BACKUP_NAME), `${JSON.stringify({ pid: process.ppid, token: 'live' })}\n`);
    expect(recoverInterrupted(copyDir)).toBeUndefined();
    expect(existsSync(join(copyDir, BACKUP_NAME))).toBe(true);
    await expect(rehearse({ ...opts, target: 'a.ts', tamper: (t) => `${t}y`, maxWaitMs: 100 }, async () => 0)).rejects.toThrow(/waited too long/);
  });
});
