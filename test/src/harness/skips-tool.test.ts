/** Answers that skip the tool (spec/SPEC.md PASSTHROUGH): judged by the truth rules against what the tool returns now. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modeOfLevers } from '../../../src/core/levers.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';
import { judgeHistory } from '../../../properties/history.ts';
import { tellStory } from '../../../properties/story.ts';
import { cpuBudget, HERE, inProcess, ROOT } from '../cli/helpers.ts';
import { skipsTool } from '../../fixtures/skips-tool.ts';

const config = { mode: modeOfLevers(['pointer']), cap: 24576, seal: 'spec-seal' };

describe('a shim that answers from ctx.fs without calling the tool', () => {
  it('a content-hash check that never lies passes: a re-read the tool would fail, answered unchanged without calling it, is not a PASSTHROUGH lie', async () => {
    const events: TraceEvent[] = [
      { type: 'write', path: 'a.ts', content: 'one\n', mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts', fail: 'EIO' }, // skipped: the tool was never called
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ];
    const v = await judgeHistory(skipsTool(true), config, events);
    expect(v.violations).toEqual([]);
    const skipped = v.outcomes.find((o) => o.index === 2);
    expect(skipped).toMatchObject({
      kind: 'read',
      toolSkipped: true,
      truth: { ok: true, text: 'one\n' },
      claim: { kind: 'pointer', total: 4 },
    });
    expect(v.checks.get('POINTER-FULL')).toBeGreaterThan(0);
  });

  it('a skipped answer that lies about the text now is blamed by the truth rules, and its story says the tool was not called', async () => {
    const events: TraceEvent[] = [
      { type: 'write', path: 'a.ts', content: 'one\n', mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'write', path: 'a.ts', content: 'two!\n', mtimeMs: 2000 },
      { type: 'read', worker: 'w1', path: 'a.ts', fail: 'EIO' },
    ];
    const v = await judgeHistory(skipsTool(false), config, events);
    expect(v.violations.map((x) => x.rule)).toEqual(['POINTER-FULL']);
    const story = tellStory(events, v.outcomes, v.violations).join('\n');
    expect(story).toContain('4. w1 reads a.ts (the tool would fail with EIO, but the shim did not call it) → ');
    expect(story).not.toMatch(/PASSTHROUGH|recorded when requested/);
  });

  it('a read that did call the tool is still judged by PASSTHROUGH', async () => {
    const events: TraceEvent[] = [
      { type: 'write', path: 'a.ts', content: 'one\n', mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 'a.ts', fail: 'EIO' },
    ];
    const v = await judgeHistory(skipsTool(true), config, events);
    expect(v.outcomes.find((o) => o.index === 1)).toMatchObject({ truth: { ok: false, code: 'EIO' } });
    expect(v.checks.get('PASSTHROUGH')).toBeGreaterThan(0);
    expect(v.violations).toEqual([]);
  });

  it(
    'run: the content-hash shim passes PASSTHROUGH, corpus and random phase (it failed with "a read recorded when requested")',
    { timeout: cpuBudget(20) },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'readshim-skips-tool-'));
      try {
        const r = await inProcess(
          [
            'run',
            '--adapter',
            join(ROOT, 'test/fixtures/adapters/skips-tool-hash.ts'),
            '--runs',
            '20',
            '--no-save',
            '--reporter',
            'json',
          ],
          dir,
          HERE,
        );
        expect(r.code).toBe(0);
        const j = JSON.parse(r.stdout);
        expect(j.rules.find((x: { id: string }) => x.id === 'PASSTHROUGH')).toMatchObject({
          status: 'pass',
          checks: expect.any(Number),
        });
        expect(j.rules.find((x: { id: string }) => x.id === 'PASSTHROUGH').checks).toBeGreaterThan(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
