// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the seven gates on the reference, a type-checked project of it (about 14 s of CPU; CI's gates step runs the same command).
/** `readshim-conformance gates` on the reference: every gate passes, in the fixed JSON and a line per gate. */
import { describe, expect, test } from 'vitest';
import { gatesPretty, type GatesReport } from '../../src/cli/commands/gates.ts';
import { GATE_IDS } from '../../gates/ids.ts';
import { runCli, SLOW } from './helpers.ts';

describe('gates on the reference (the CI run)', () => {
  // One run of the seven gates (a type-checked project of the reference: seconds of CPU), shared by
  // both reporters: the pretty report is gatesPretty of the very report the JSON carries.
  let run: Promise<{ status: number | null; stdout: string; stderr: string }> | undefined;
  const once = () => (run ??= runCli(['gates', '--reporter', 'json']));

  test('--reporter json: exit 0, every gate passes, each having judged something', { timeout: SLOW }, async () => {
    const r = await once();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as {
      tool: string;
      command: string;
      version: string;
      specVersion: string;
      gates: Array<{ id: string; status: string; checks: number; unit: string; finding?: unknown }>;
      skipped: unknown[];
      summary: { passed: number; failed: number; unexercised: number };
    };
    expect(report).toMatchObject({ tool: 'readshim-conformance', command: 'gates' });
    expect(typeof report.version).toBe('string');
    expect(typeof report.specVersion).toBe('string');
    expect(report.gates.map((g) => g.id)).toEqual([...GATE_IDS]);
    for (const g of report.gates) {
      expect(g, g.id).toMatchObject({ status: 'pass' });
      expect(g.finding, g.id).toBeUndefined();
      expect(g.checks, g.id).toBeGreaterThan(0);
      expect(g.unit.length).toBeGreaterThan(0);
    }
    expect(report.summary).toEqual({ passed: 7, failed: 0, unexercised: 0, skipped: 0 });
    expect(report.skipped).toEqual([]);
  });

  test('pretty: a line per gate', { timeout: SLOW }, async () => {
    const r = await once();
    expect(r.status).toBe(0);
    const pretty = gatesPretty(JSON.parse(r.stdout) as GatesReport);
    const lines = pretty.split('\n').filter((l) => /^(pass|FAIL) /.test(l));
    expect(lines.map((l) => l.split(/\s+/)[1])).toEqual([...GATE_IDS]);
    expect(lines.every((l) => l.startsWith('pass'))).toBe(true);
    expect(pretty).toContain('7 gates: 7 passed, 0 failed');
  });
});
