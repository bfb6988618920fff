/**
 * The failure database as a run writes it (src/cli/failure-log.ts): a trace saved when found, the
 * final one in its place, a file this run did not make never removed, nothing saved without a
 * folder, and every change told as it happens.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Trace } from '../../../src/core/trace.ts';
import { FailureLog, type FailedRule } from '../../../src/cli/failure-log.ts';
import { saveFailure } from '../../../src/cli/failures.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-failure-log-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A minimal valid trace; `n` writes make distinct traces. */
const trace = (n: number): Trace => ({
  header: { type: 'header', kit: '0.1.0', specVersion: '2.1', cap: 64, arm: 'cap', seed: 1, seal: 'abcdef012345' },
  events: Array.from({ length: n }, (_, i) => ({ type: 'write' as const, path: `f${i}.ts`, content: 'x', mtimeMs: i })),
});

describe('FailureLog', () => {
  it('saves the trace as found, then replaces it with the final one, telling each', () => {
    const dir = join(tmp, 'replace');
    const told: FailedRule[] = [];
    const log = new FailureLog(dir, (f) => told.push(f));
    log.note('FORGET-RESETS', trace(3), 'found');
    expect(readdirSync(dir)).toHaveLength(1);
    expect(log.failed()).toEqual([{ rule: 'FORGET-RESETS', file: join(dir, readdirSync(dir)[0]!), final: false }]);
    log.note('FORGET-RESETS', trace(1), 'final');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toBe(saveFailure(dir, 'FORGET-RESETS', trace(1)).replace(/^.*\//, ''));
    expect(told.map((f) => f.final)).toEqual([false, true]);
    // Confirming the final trace again changes nothing and tells nothing.
    log.note('FORGET-RESETS', trace(1), 'final');
    expect(told).toHaveLength(2);
  });

  it('never removes a trace it did not make (one an earlier run saved)', () => {
    const dir = join(tmp, 'earlier');
    const earlier = saveFailure(dir, 'SLICE-EXACT', trace(4));
    const log = new FailureLog(dir);
    log.note('SLICE-EXACT', trace(4), 'found');
    log.note('SLICE-EXACT', trace(2), 'final');
    expect(readdirSync(dir).sort()).toEqual(
      [earlier, saveFailure(dir, 'SLICE-EXACT', trace(2))].map((f) => f.replace(/^.*\//, '')).sort(),
    );
  });

  it('a found trace after the final one is ignored', () => {
    const dir = join(tmp, 'late');
    const log = new FailureLog(dir);
    log.note('POINTER-FULL', trace(1), 'final');
    log.note('POINTER-FULL', trace(5), 'found');
    expect(readdirSync(dir)).toHaveLength(1);
    expect(log.failed()[0]!.final).toBe(true);
  });

  it('without a folder (--no-save) or with an empty trace (a probe), the rule is told failed with no file', () => {
    const told: FailedRule[] = [];
    const log = new FailureLog(undefined, (f) => told.push(f));
    log.note('ARM-GUARD', { ...trace(0) }, 'final');
    log.note('SLICE-EXACT', trace(2), 'found');
    expect(told).toEqual([
      { rule: 'ARM-GUARD', final: true },
      { rule: 'SLICE-EXACT', final: false },
    ]);
  });

  it('a trace that cannot be saved is remembered with the reason, not thrown', () => {
    const blocked = join(tmp, 'blocked');
    writeFileSync(blocked, 'a file where the folder should be');
    const log = new FailureLog(join(blocked, 'db'));
    log.note('FORGET-RESETS', trace(1), 'final');
    expect(log.failed()).toEqual([{ rule: 'FORGET-RESETS', final: true }]);
    expect(log.unsaved('FORGET-RESETS')).toMatch(/cannot write .*blocked\/db\/FORGET-RESETS-.*not a directory/);
  });
});
