// Suite: long (*.long.test.ts, run by `npm run test:hosts`): --runs 1 for every kind of subject, hooks and MCP servers spawned per history (442 s of wall beside identity.long, 7 Dec 2026: the hook runs play the crossed corpus, a hook process per read).
/**
 * `--runs 1` exercises every applicable rule for each kind of subject (the directed corpus does it
 * before the one random history per band), and hosts that compact whole workers get directed
 * whole-worker compaction cases (docs/LIE-CLASSES.md `compaction-whole-worker`, FORGET-RESETS).
 */
import { describe, expect, it } from 'vitest';
import { cpuBudget } from '../../cli/helpers.ts';
import { python } from '../process/helpers.ts';
import { HOOKS, json, run, type RunJson } from './helpers.ts';

interface Rule {
  readonly id: string;
  readonly status: string;
  readonly checksFrom: Readonly<Record<string, number>>;
  readonly counterexample?: { readonly story: readonly string[] };
}
const rules = (j: RunJson): readonly Rule[] => j.rules as unknown as readonly Rule[];
const unexercised = (j: RunJson): string[] =>
  rules(j)
    .filter((x) => x.status === 'unexercised')
    .map((x) => x.id);
const failedIds = (j: RunJson): string[] =>
  rules(j)
    .filter((x) => x.status === 'fail')
    .map((x) => x.id)
    .sort();
const fromCorpus = (j: RunJson, id: string): number => rules(j).find((x) => x.id === id)!.checksFrom.corpus ?? 0;
const one = async (flags: readonly string[]): Promise<{ code: number | null; j: RunJson }> => {
  const r = await run([...flags, '--runs', '1', '--reporter', 'json']);
  return { code: r.code, j: json(r) };
};

const mtime = ['--hook', `bash ${HOOKS}/mtime-dedup.sh`];
const mtimeCompact = ['--hook-compact', `bash ${HOOKS}/mtime-dedup-compact.sh`];
const content = ['--hook', `bash ${HOOKS}/content-dedup.sh`, '--hook-post', `bash ${HOOKS}/content-dedup-post.sh`];
const contentCompact = ['--hook-compact', `bash ${HOOKS}/content-dedup-compact.sh`];
const WHOLE = /^lie class: whole-worker compaction .*\(corpus case compact-worker-then-/;

// Each run starts hook, server or Python processes per history: limits sized by that CPU.
describe('--runs 1: no applicable rule unexercised, for each kind of subject', { timeout: cpuBudget(12) }, () => {
  it('an in-process shim (the reference)', async () => {
    const { code, j } = await one([]);
    expect(code).toBe(0);
    expect(unexercised(j)).toEqual([]);
    expect(fromCorpus(j, 'FORGET-RESETS')).toBeGreaterThan(0);
  });
  it('a process shim (examples/python/delivery_shim.py)', async () => {
    const { code, j } = await one(['--process', python('examples/python/delivery_shim.py')]);
    expect(code).toBe(0);
    expect(unexercised(j)).toEqual([]);
    expect(fromCorpus(j, 'FORGET-RESETS')).toBeGreaterThan(0);
  });
  it('a hook (examples/hooks/content-dedup*.sh, with its PostToolUse and compaction hooks)', async () => {
    const { code, j } = await one([...content, ...contentCompact]);
    expect(code).toBe(0);
    expect(unexercised(j)).toEqual([]);
    expect(fromCorpus(j, 'FORGET-RESETS')).toBeGreaterThan(0);
  });
  it('an MCP server (examples/mcp/session-cache-server.js --mcp-compact forget)', async () => {
    const { code, j } = await one(['--mcp', 'node examples/mcp/session-cache-server.js', '--mcp-compact', 'forget']);
    expect(code).toBe(0);
    expect(unexercised(j)).toEqual([]);
    expect(fromCorpus(j, 'FORGET-RESETS')).toBeGreaterThan(0);
  });
});

describe(
  'whole-worker compaction: a hook that keeps its record across it fails FORGET-RESETS at --runs 1',
  { timeout: cpuBudget(10) },
  () => {
    it('the mtime hook without its compaction hook fails FORGET-RESETS (a whole-worker case), with it only what it lies about', async () => {
      const untold = await one(mtime);
      expect(untold.code).toBe(1);
      expect(failedIds(untold.j)).toContain('FORGET-RESETS');
      expect(rules(untold.j).find((x) => x.id === 'FORGET-RESETS')!.counterexample!.story[0]).toMatch(WHOLE);
      const told = await one([...mtime, ...mtimeCompact]);
      // Keyed on the path and an mtime of whole seconds: a same-second edit, a window answered as the whole file.
      expect(failedIds(told.j)).toEqual(['FIRST-VERBATIM', 'POINTER-FULL']);
      expect(fromCorpus(told.j, 'FORGET-RESETS')).toBeGreaterThan(0);
    });
    it('the content-keyed twin without its compaction hook fails FORGET-RESETS and nothing else', async () => {
      const { code, j } = await one(content);
      expect(code).toBe(1);
      expect(failedIds(j)).toEqual(['FORGET-RESETS']);
      expect(rules(j).find((x) => x.id === 'FORGET-RESETS')!.counterexample!.story[0]).toMatch(WHOLE);
    });
  },
);
