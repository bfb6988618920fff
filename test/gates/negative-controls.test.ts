/**
 * Every gate's negative control on the real material: a temporary copy (one per gate, under
 * .readshim/rehearsal/) is tampered the way the gate exists to catch, the real CLI runs on it with
 * the real config, and must exit 1 naming the disease; the copy is then restored byte for byte
 * and the tracked files were never written. Controls of the same gate share a copy, so they also
 * rehearse the exclusive-create interleaving on real material.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { NEGATIVE_CONTROLS, referenceMaterial } from '../../gates/controls.ts';
import { GATE_IDS } from '../../gates/ids.ts';
import { BACKUP_NAME, rehearse } from '../../gates/rehearsal.ts';
import { ROOT, runCli, sha256, SLOW } from './helpers.ts';

const COPIES = join(ROOT, '.readshim', 'rehearsal');
const MATERIAL = referenceMaterial(ROOT);

interface Report {
  gates: Array<{ id: string; status: string; finding?: { file: string; line: number; node: string; message: string } }>;
}

test('every gate has a negative control', () => {
  expect([...new Set(NEGATIVE_CONTROLS.map((c) => c.gate))].sort()).toEqual([...GATE_IDS].sort());
});

describe.concurrent('negative controls on a temporary copy of the real material', () => {
  test.each(NEGATIVE_CONTROLS.map((c) => [c.id, c] as const))('%s', { timeout: SLOW }, async (_id, c) => {
    const tracked = existsSync(join(ROOT, c.target)) ? sha256(join(ROOT, c.target)) : undefined;
    const copyDir = join(COPIES, c.gate);
    let verified = -1;
    const r = await rehearse({
      copyDir, sourceRoot: ROOT, files: MATERIAL, target: c.target, tamper: c.tamper,
      onStep: (s) => void (s.kind === 'restored' && (verified = s.verified)),
    }, (dir) => runCli(['gates', '--config', join(dir, 'gates', 'reference.gates.json'), '--reporter', 'json']));
    expect(r.stderr).toBe('');
    expect(r.status, c.disease).toBe(1);
    const gate = (JSON.parse(r.stdout) as Report).gates.find((g) => g.id === c.gate);
    expect(gate?.status, c.disease).toBe('fail');
    const f = gate!.finding!;
    expect(f.file).toBe(c.expect.file);
    expect(f.line).toBeGreaterThan(0);
    expect(f.node).toContain(c.expect.node);
    if (c.expect.message !== undefined) expect(f.message).toContain(c.expect.message);
    // Restored byte for byte: rehearse checked every file of the copy against the material as it
    // copied it (others may edit the tracked tree meanwhile); the tracked target untouched.
    expect(verified).toBe(MATERIAL.length);
    if (tracked === undefined) expect(existsSync(join(copyDir, c.target))).toBe(false);
    else expect(sha256(join(ROOT, c.target))).toBe(tracked);
    expect(existsSync(join(copyDir, BACKUP_NAME))).toBe(false);
  });
});

test('a restored copy is green again: the tamper, not the copying, turned it red', { timeout: SLOW }, async () => {
  const copyDir = join(COPIES, 'GATE-ARMS-FROZEN');
  const r = await rehearse(
    { copyDir, sourceRoot: ROOT, files: MATERIAL, target: 'properties/__control_unrelated.ts', tamper: () => 'export const unrelated = 1;\n' },
    (dir) => runCli(['gates', '--config', join(dir, 'gates', 'reference.gates.json'), '--reporter', 'json']),
  );
  expect(r.status).toBe(0);
  expect((JSON.parse(r.stdout) as Report).gates.every((g) => g.status === 'pass')).toBe(true);
});
