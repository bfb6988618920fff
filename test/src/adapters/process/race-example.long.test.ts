// Suite: long (*.long.test.ts, run by `npm run test:hosts`): --process runs of a racing Python shim, one of them the random phase's whole default (about 6 s of CPU).
/**
 * The stat-after-read race example (examples/python/stat_after_read_shim.py) fails
 * POINTER-FULL in a --process run with a story that names the race; and the random phase alone,
 * tuned to the lie classes, finds the same bug within the --process default of histories.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defineAdapter, type Claim } from '../../../../src/core/contract.ts';
import { DEFAULT_PROCESS_RUNS } from '../../../../src/adapters/process/adapter.ts';
import { judgeRun } from '../../../../properties/run.ts';
import { cli } from '../../cli/helpers.ts';
import { STAT_AFTER_READ, sandboxesIn, sandboxHome } from './helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-race-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('the stat-after-read example over the protocol', () => {
  it('fails POINTER-FULL, and the story names the race: the lie class, then the rewrite right after the read', () => {
    // The corpus finds it whatever --runs is; one random history per band keeps the test short (.ci/run runs the default).
    // The directed race case, not the session band nor the whole crossed table (their 1 MiB files over a pipe).
    const quick = ['--runs', '1', '--sessions', '0', '--crossed-sample'];
    const r = cli(['run', '--process', STAT_AFTER_READ, ...quick, '--only', 'POINTER-FULL', '--no-save'], work, {
      TMPDIR: home,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL +POINTER-FULL/);
    const story = r.stdout.slice(r.stdout.indexOf('FAIL POINTER-FULL:'));
    expect(story).toMatch(
      /^ {2}lie class: stat-after-read race: the file is rewritten \(mtime and size kept\) right after the tool read it \(corpus case race-after-whole-read\)$/m,
    );
    const race = story.search(
      /\d+\. w1 reads a\.ts \(right after the tool returns, a\.ts is rewritten \(\d+ bytes, mtime kept at \d+\)\)/,
    );
    const lie = story.search(/✗ POINTER-FULL: said "unchanged, you hold all/);
    expect(race).toBeGreaterThan(-1);
    expect(lie).toBeGreaterThan(race);
    expect(sandboxesIn(home)).toEqual([]);
  }, 120_000);
});

/** The example's bug, in process: the version recorded is the disk's after the read, not the bytes read. */
const racy = defineAdapter({
  name: 'stat-after-read-in-process',
  capabilities: {
    arms: ['cap'],
    capParam: true,
    windows: true,
    diff: false,
    staleServe: false,
    forget: true,
    counters: false,
    persona: false,
    armResolver: false,
    seal: true,
    raceBarrier: true,
  },
  create(ctx) {
    const ledger = new Map<string, { version: string; given: number }>();
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    return {
      async read(args) {
        const { path, ...rest } = args;
        const key = `${posix.normalize(path)} ${JSON.stringify(rest)}`;
        const text = await ctx.read(args);
        const now = ctx.fs.stat(path);
        const version = `${now.mtimeMs}:${sha(await ctx.read(args))}`;
        const buf = Buffer.from(text);
        const seen = ledger.get(key);
        let start = seen?.version === version ? seen.given : 0;
        while (start > 0 && start < buf.length && (buf[start]! & 0xc0) === 0x80) start--;
        if (seen?.version === version && start >= buf.length) return `<<${ctx.seal} same:${buf.length}>>`;
        let end = Math.min(buf.length, start + ctx.cap);
        while (end > start && end < buf.length && (buf[end]! & 0xc0) === 0x80) end--;
        ledger.set(key, { version, given: end });
        if (seen === undefined && end === buf.length) return text;
        return `<<${ctx.seal} part:${start}:${end}:${buf.length}>>\n${buf.subarray(start, end).toString('utf8')}`;
      },
      forget: (path) => {
        for (const k of [...ledger.keys()])
          if (path === undefined || k.startsWith(`${posix.normalize(path)} `)) ledger.delete(k);
      },
    };
  },
  decode(text, { seal }): Claim {
    const same = new RegExp(`^<<${seal} same:(\\d+)>>$`).exec(text);
    if (same) return { kind: 'pointer', total: Number(same[1]) };
    const part = new RegExp(`^<<${seal} part:(\\d+):(\\d+):(\\d+)>>\\n`).exec(text);
    if (part)
      return {
        kind: 'slice',
        start: Number(part[1]),
        end: Number(part[2]),
        total: Number(part[3]),
        done: part[2] === part[3],
        payload: text.slice(part[0].length),
      };
    return { kind: 'verbatim' };
  },
});

describe('the random phase alone finds a stat-after-read race in the --process default of histories', () => {
  it('corpus off, the histories a process with the race barrier gets: POINTER-FULL fails', async () => {
    // transport 'process' draws exactly what a --process run draws for these capabilities (races through the barrier, no tool failures).
    const r = await judgeRun({
      adapter: racy,
      arm: 'cap',
      runs: DEFAULT_PROCESS_RUNS,
      seed: 20_261_130,
      transport: 'process',
      corpus: false,
      only: ['POINTER-FULL'],
      shrinkRuns: 0,
    });
    const rule = r.rules.find((x) => x.id === 'POINTER-FULL')!;
    expect(rule.status).toBe('fail');
    expect(rule.brokenBy?.random).toBeLessThanOrEqual(DEFAULT_PROCESS_RUNS);
    expect(rule.counterexample!.story.join('\n')).toMatch(/right after the tool returns, .* is rewritten/);
  });
});
