// Suite: long (*.long.test.ts, run by `npm run test:hosts`): every gate's negative control on fresh tampered copies of the real material (126 s of wall in a clean-clone CI run, 7 Dec 2026).
/**
 * Every gate's negative control on the real material: a fresh temporary copy of it is tampered
 * the way the gate exists to catch, and the control's own gate, configured by the real config,
 * must fail naming the disease. Each control has its own copy (removed afterwards); the tracked
 * files are only ever read. The gate is judged in-process (one type-checked project of the files
 * its section names, not all seven gates' in a spawned CLI: seconds of CPU each); the first
 * control also runs the real CLI end to end on its copy, which must exit 1 for it.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { NEGATIVE_CONTROLS, referenceMaterial, type NegativeControl } from './controls.ts';
import { loadConfig, type GatesConfig } from '../../gates/config.ts';
import { GATE_IDS, type GateId } from '../../gates/ids.ts';
import { runGates, type GatesRun } from '../../gates/run.ts';
import { copyMaterial, ROOT, runCli, sha256, SLOW } from './helpers.ts';

const MATERIAL = referenceMaterial(ROOT);

interface Report {
  gates: Array<{
    id: string;
    status: string;
    checks: number;
    finding?: { file: string; line: number; node: string; message: string };
  }>;
}

test('every gate has a negative control', () => {
  expect([...new Set(NEGATIVE_CONTROLS.map((c) => c.gate))].sort()).toEqual([...GATE_IDS].sort());
});

/** The real config of a copy, or of the checkout; `only` keeps one gate's section. */
function config(root: string, only?: GateId): GatesConfig {
  const c = loadConfig(join(root, 'gates', 'reference.gates.json'));
  return only === undefined ? c : { ...c, gates: { [only]: c.gates[only] } };
}

interface Judged {
  readonly run: GatesRun;
  /** The CLI's exit code and json report on the same copy, for the end-to-end control. */
  readonly cli?: { status: number | null; stdout: string; stderr: string };
}

async function gatesOn(tamper: (root: string) => void, only?: GateId, endToEnd = false): Promise<Judged> {
  const copy = copyMaterial(MATERIAL);
  try {
    tamper(copy.root);
    const run = runGates(config(copy.root, only));
    if (!endToEnd) return { run };
    return {
      run,
      cli: await runCli(['gates', '--config', join(copy.root, 'gates', 'reference.gates.json'), '--reporter', 'json']),
    };
  } finally {
    copy.dispose();
  }
}

const tamperWith =
  (c: NegativeControl) =>
  (root: string): void => {
    const path = join(root, c.target);
    const clean = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    const tampered = c.tamper(clean);
    expect(tampered).not.toBe(clean);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, tampered);
  };

describe.concurrent('negative controls on a temporary copy of the real material', () => {
  test.each(NEGATIVE_CONTROLS.map((c, i) => [c.id, c, i === 0] as const))(
    '%s',
    { timeout: SLOW },
    async (_id, c, endToEnd) => {
      const tracked = existsSync(join(ROOT, c.target)) ? sha256(join(ROOT, c.target)) : undefined;
      const { run, cli } = await gatesOn(tamperWith(c), c.gate, endToEnd);
      expect(run.results.map((g) => g.id)).toEqual([c.gate]);
      const gate = run.results[0]!;
      expect(gate.status, c.disease).toBe('fail');
      const f = gate.findings[0]!;
      expect(f.file).toBe(c.expect.file);
      expect(f.line).toBeGreaterThan(0);
      expect(f.node).toContain(c.expect.node);
      if (c.expect.message !== undefined) expect(f.message).toContain(c.expect.message);
      if (cli !== undefined) {
        // End to end: the real CLI with every gate of the real config, on the same tampered copy.
        expect(cli.stderr).toBe('');
        expect(cli.status, c.disease).toBe(1);
        const reported = (JSON.parse(cli.stdout) as Report).gates.find((g) => g.id === c.gate);
        expect(reported?.status, c.disease).toBe('fail');
        expect(reported!.finding).toEqual(f);
      }
      // The tracked material was only read.
      if (tracked === undefined) expect(existsSync(join(ROOT, c.target))).toBe(false);
      else expect(sha256(join(ROOT, c.target))).toBe(tracked);
    },
  );
});

test(
  "an untampered copy is green with the checkout's check counts: the tamper, not the copying, turns it red",
  { timeout: SLOW },
  async () => {
    const { run: copied } = await gatesOn((root) =>
      writeFileSync(join(root, 'properties', '__control_unrelated.ts'), 'export const unrelated = 1;\n'),
    );
    const tracked = runGates(config(ROOT));
    expect(copied.results.map((g) => g.id)).toEqual([...GATE_IDS]);
    expect(copied.results.every((g) => g.status === 'pass')).toBe(true);
    const counts = (r: GatesRun): Record<string, number> => Object.fromEntries(r.results.map((g) => [g.id, g.checks]));
    // Only the oracle gate follows one more module (the unrelated file).
    expect({ ...counts(copied), 'GATE-ORACLE-INDEPENDENT': 0 }).toEqual({
      ...counts(tracked),
      'GATE-ORACLE-INDEPENDENT': 0,
    });
    for (const g of copied.results) expect(g.checks, g.id).toBeGreaterThan(0);
  },
);
