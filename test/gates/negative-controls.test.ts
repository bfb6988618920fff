/**
 * Every gate's negative control on the real material: a fresh temporary copy of it is tampered
 * the way the gate exists to catch, the real CLI runs on it with the real config and must exit 1
 * naming the disease. Each control has its own copy (removed afterwards); the tracked files are
 * only ever read.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { NEGATIVE_CONTROLS, referenceMaterial } from './controls.ts';
import { GATE_IDS } from '../../gates/ids.ts';
import { copyMaterial, ROOT, runCli, sha256, SLOW } from './helpers.ts';

const MATERIAL = referenceMaterial(ROOT);

interface Report {
  gates: Array<{ id: string; status: string; checks: number; finding?: { file: string; line: number; node: string; message: string } }>;
}

test('every gate has a negative control', () => {
  expect([...new Set(NEGATIVE_CONTROLS.map((c) => c.gate))].sort()).toEqual([...GATE_IDS].sort());
});

async function gatesOn(tamper: (root: string) => void): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const copy = copyMaterial(MATERIAL);
  try {
    tamper(copy.root);
    return await runCli(['gates', '--config', join(copy.root, 'gates', 'reference.gates.json'), '--reporter', 'json']);
  } finally {
    copy.dispose();
  }
}

describe.concurrent('negative controls on a temporary copy of the real material', () => {
  test.each(NEGATIVE_CONTROLS.map((c) => [c.id, c] as const))('%s', { timeout: SLOW }, async (_id, c) => {
    const tracked = existsSync(join(ROOT, c.target)) ? sha256(join(ROOT, c.target)) : undefined;
    const r = await gatesOn((root) => {
      const path = join(root, c.target);
      const clean = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      const tampered = c.tamper(clean);
      expect(tampered).not.toBe(clean);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, tampered);
    });
    expect(r.stderr).toBe('');
    expect(r.status, c.disease).toBe(1);
    const gate = (JSON.parse(r.stdout) as Report).gates.find((g) => g.id === c.gate);
    expect(gate?.status, c.disease).toBe('fail');
    const f = gate!.finding!;
    expect(f.file).toBe(c.expect.file);
    expect(f.line).toBeGreaterThan(0);
    expect(f.node).toContain(c.expect.node);
    if (c.expect.message !== undefined) expect(f.message).toContain(c.expect.message);
    // The tracked material was only read.
    if (tracked === undefined) expect(existsSync(join(ROOT, c.target))).toBe(false);
    else expect(sha256(join(ROOT, c.target))).toBe(tracked);
  });
});

test('an untampered copy is green with the checkout\'s check counts: the tamper, not the copying, turns it red', { timeout: SLOW }, async () => {
  const [copied, tracked] = await Promise.all([
    gatesOn((root) => writeFileSync(join(root, 'properties', '__control_unrelated.ts'), 'export const unrelated = 1;\n')),
    runCli(['gates', '--reporter', 'json']),
  ]);
  expect(copied.status).toBe(0);
  const gates = (JSON.parse(copied.stdout) as Report).gates;
  expect(gates.every((g) => g.status === 'pass')).toBe(true);
  const counts = (r: Report): Record<string, number> => Object.fromEntries(r.gates.map((g) => [g.id, g.checks]));
  const checkout = counts(JSON.parse(tracked.stdout) as Report);
  // Only the oracle gate follows one more module (the unrelated file).
  expect({ ...counts({ gates }), 'GATE-ORACLE-INDEPENDENT': 0 }).toEqual({ ...checkout, 'GATE-ORACLE-INDEPENDENT': 0 });
  for (const g of gates) expect(g.checks, g.id).toBeGreaterThan(0);
});
