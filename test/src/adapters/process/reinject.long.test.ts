// Suite: long (*.long.test.ts, run by `npm run test:hosts`): --process default runs of the Python re-injection shim and its twin (about 7 s of CPU).
/**
 * Re-injection after compaction over the process protocol (spec/SPEC.md "Re-injection after
 * compaction", docs/reference/protocol.md `reinject`): a process declares capabilities.reinject in hello,
 * the report prints it, and the corpus case of `reinject-assumed` judges it
 * (examples/python/reinject_shim.py and its --assume-all twin).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { capabilitiesFrom } from '../../../../src/adapters/process/protocol.ts';
import { cli, cpuBudget } from '../../cli/helpers.ts';
import { python, sandboxHome } from './helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-reinject-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

interface Json {
  assumptions: string[];
  rules: { id: string; status: string; mechanisms?: { case: string }[]; counterexample?: { story: string[] } }[];
  corpus: { cases: { id: string; played: boolean }[] };
}

function run(...flags: string[]): { code: number | null; json: Json } {
  const r = cli(
    [
      'run',
      '--process',
      python('examples/python/reinject_shim.py', ...flags),
      '--runs',
      '1',
      '--only',
      'FORGET-RESETS',
      '--reporter',
      'json',
      '--no-save',
    ],
    work,
    { TMPDIR: home },
  );
  return { code: r.code, json: JSON.parse(r.stdout) as Json };
}

describe('reinject in hello', () => {
  it('crosses the pipe as declared, and a bad one is refused', () => {
    const base = { levers: ['pointer'], capParam: false, windows: true, staleServe: false, forget: true };
    const caps = { ...base, counters: false, seal: false };
    expect(capabilitiesFrom({ ...caps, reinject: { count: 2, order: 'recent' } })).toMatchObject({
      reinject: { count: 2, order: 'recent' },
    });
    expect(capabilitiesFrom({ ...caps, reinject: { count: 0, order: 'recent' } })).toMatch(
      /capabilities\.reinject\.count must be an integer from 1 to 64/,
    );
  });
});

describe('a process shim behind a host that re-attaches files', { timeout: cpuBudget(6) }, () => {
  it('keeping stubs for exactly the re-attached files, it passes: the case played, the assumption printed', () => {
    const { code, json } = run();
    expect(code).toBe(0);
    expect(json.assumptions.some((a) => a.includes('re-attaches the 2 files the worker requested most recently'))).toBe(
      true,
    );
    expect(json.corpus.cases.find((c) => c.id === 'reinject-then-pointer')?.played).toBe(true);
    expect(json.rules.find((r) => r.id === 'FORGET-RESETS')?.status).toBe('pass');
  });
  it('keeping every stub ("the host puts them back"), it fails FORGET-RESETS in the reinject case', () => {
    const { code, json } = run('--assume-all');
    expect(code).toBe(1);
    const rule = json.rules.find((r) => r.id === 'FORGET-RESETS')!;
    expect(rule.status).toBe('fail');
    // Spec 2.2: a file the host re-attached whole covers its windows too, so compact-worker-then-window
    // no longer breaks it; the class this shim lies in is the story's.
    expect([rule.counterexample!.story[0], ...(rule.mechanisms ?? []).map((m) => m.case)].join('\n')).toMatch(
      /reinject-then-pointer/,
    );
  });
});
