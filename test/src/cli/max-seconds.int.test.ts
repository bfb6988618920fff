/**
 * `run --max-seconds <s>`: a run bounded in time stops at a history boundary and is never a pass —
 * exit 1, saying in every report how far it got (seed, histories judged per band, what was not
 * reached); flags that need the whole run refuse it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess } from './helpers.ts';
import { sessionHistories } from '../../../properties/engine/session-band.ts';
import { parseXml } from '../../ci/xml.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-max-seconds-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const LONG = ['run', '--runs', '1000000', '--no-save', '--max-seconds', '1'];

describe('--max-seconds', () => {
  it('stops a run that would take hours: exit 1 (not a pass), the JSON says how far it got', async () => {
    const r = await inProcess([...LONG, '--reporter', 'json'], tmp);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      seed: number;
      summary: { failed: number };
      stoppedEarly: { maxSeconds: number; histories: number; planned: number };
      caps: { histories: number }[];
    };
    expect(report.summary.failed).toBe(0);
    expect(report.stoppedEarly.maxSeconds).toBe(1);
    // Three cap bands, and the session band's histories.
    expect(report.stoppedEarly.planned).toBe(3_000_000 + sessionHistories('in-process', 1_000_000));
    expect(report.stoppedEarly.histories).toBe(report.caps.reduce((a, c) => a + c.histories, 0));
    expect(report.stoppedEarly.histories).toBeLessThan(3_000_000);
    expect(r.stderr.trim()).toMatch(
      /^readshim-conformance: run: INCOMPLETE: stopped by its time bound \(--max-seconds 1\) at a history boundary: [\d,]+ of 3,066,667 random histories judged \(tiny [\d,]+, mid [\d,]+, production [\d,]+, session [\d,]+\);( [\d,]+ corpus cases not reached;)? seed 20261130 — not a pass/,
    );
  });

  it('JUnit: one more testcase fails, saying the run is incomplete', async () => {
    const r = await inProcess([...LONG, '--reporter', 'junit'], tmp);
    expect(r.code).toBe(1);
    const xml = parseXml(r.stdout);
    expect(Number(xml.attrs.failures)).toBe(1);
    const run = xml.children.find((s) => s.attrs.name!.endsWith('.run'))!;
    expect(run.children[0]!.attrs.name).toBe('complete');
    expect(run.children[0]!.children[0]!.attrs.message).toMatch(/^INCOMPLETE: stopped by its time bound/);
  });

  it('a run that ends within its bound is judged as usual', async () => {
    const r = await inProcess(['run', '--runs', '1', '--sessions', '0', '--no-save', '--max-seconds', '600'], tmp);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/INCOMPLETE/);
  });

  it('with --replay or --write-baseline: a usage error', async () => {
    for (const [extra, said] of [
      [['--replay', 'x.jsonl'], /--max-seconds bounds generated histories; --replay plays one trace/],
      [['--write-baseline', 'b.txt'], /--write-baseline needs the whole run, which --max-seconds may cut short/],
    ] as const) {
      const r = await inProcess(['run', '--max-seconds', '5', ...extra], tmp);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(said);
    }
  });
});
