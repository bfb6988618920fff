/**
 * The one path domain (src/core/paths.ts `pathProblem`, spec/SPEC.md "Request keys and windows"): a
 * trace path outside it is refused the same way in-process and over the process protocol, and the
 * generators never make one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import reference from '../../../../src/adapters/reference.ts';
import { Sandbox } from '../../../../src/adapters/process/sandbox.ts';
import { UsageError } from '../../../../src/core/errors.ts';
import { modeOfArm } from '../../../../src/core/levers.ts';
import { pathProblem } from '../../../../src/core/paths.ts';
import { SPEC_VERSION } from '../../../../src/core/version.ts';
import { BANDS } from '../../../../properties/generators/content.ts';
import { FILES, historyArb, materialize } from '../../../../properties/generators/history.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { cpuBudget, inProcess } from '../../cli/helpers.ts';
import { DELIVERY, sandboxesIn, sandboxHome } from './helpers.ts';

const home = sandboxHome();
const work = mkdtempSync(join(tmpdir(), 'readshim-path-domain-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** The four inputs measured accepted in-process and refused over the protocol, with the rule each breaks. */
const MEASURED: readonly [string, string, string][] = [
  ['empty', '', 'a path is not empty'],
  ['dot', '.', 'a path ends in a file name (not "/", "." or "..")'],
  ['nul', 'a\u0000b.ts', 'a path has no NUL character'],
  ['300-character name', 'x'.repeat(300), 'a path segment is at most 255 UTF-8 bytes'],
];

const traceWith = (name: string, path: string): string => {
  const file = join(work, `${name.replace(/\W/g, '-')}.jsonl`);
  const lines = [
    {
      type: 'header',
      kit: 'readshim-conformance',
      specVersion: SPEC_VERSION,
      cap: 24576,
      arm: 'cap',
      seal: 'spec-seal',
    },
    { type: 'write', path, content: 'one\n', mtimeMs: 1000 },
    { type: 'read', worker: 'w1', path },
  ];
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
};

describe('pathProblem', () => {
  it('names the rule each out-of-domain spelling breaks', () => {
    for (const [, path, rule] of MEASURED) expect(pathProblem(path)).toBe(rule);
    expect(pathProblem('/etc/passwd')).toBe('a path is relative to the project root');
    expect(pathProblem('../a.ts')).toBe('a path resolves inside the project root');
    expect(pathProblem('a/../../b.ts')).toBe('a path resolves inside the project root');
    expect(pathProblem('a.ts/')).toBe('a path ends in a file name (not "/", "." or "..")');
    expect(pathProblem('a\uD800.ts')).toBe('a path is well-formed Unicode (no lone surrogate)');
    expect(pathProblem(`${'d/'.repeat(512)}a`)).toBe('a path is at most 1024 UTF-8 bytes');
    expect(pathProblem('é'.repeat(128))).toBe('a path segment is at most 255 UTF-8 bytes'); // 256 bytes, 128 characters
    for (const ok of ['a.ts', './a.ts', 'src/../a.ts', 'docs//c.md', 'A.ts', 'x'.repeat(255), 'é'.repeat(127)])
      expect(pathProblem(ok)).toBeUndefined();
  });

  it('the generators never make a path outside the domain', () => {
    for (const f of FILES) for (const p of [f.path, ...f.spellings]) expect(pathProblem(p)).toBeUndefined();
    const opts = {
      windows: true,
      stale: true,
      forget: true,
      toolFailures: true,
      races: true,
      maxWorkers: 3,
      maxOps: 24,
    };
    for (const band of Object.values(BANDS))
      for (const spec of fc.sample(historyArb(band, opts), { seed: 20, numRuns: 40 }))
        for (const e of materialize(spec))
          if ('path' in e && e.path !== undefined) expect(pathProblem(e.path)).toBeUndefined();
  });

  it('the harness refuses an out-of-domain event that never went through parseTrace, before the shim sees it', async () => {
    for (const [, path, rule] of MEASURED) {
      const run = judgeHistory(reference, { mode: modeOfArm('cap'), cap: 24576, seal: 'spec-seal' }, [
        { type: 'read', worker: 'w1', path },
      ]);
      await expect(run).rejects.toThrow(UsageError);
      await expect(run).rejects.toThrow(
        `event 1: read path ${JSON.stringify(path)} is outside the path domain: ${rule}`,
      );
    }
  });

  it('the process sandbox refuses it by the same rule', () => {
    const box = new Sandbox(home);
    try {
      for (const [, path, rule] of MEASURED) expect(() => box.write(path, 'one\n', 1000)).toThrow(rule);
    } finally {
      box.remove();
    }
  });
});

describe('a replayed trace with a path outside the domain', { timeout: cpuBudget(10) }, () => {
  it.each(MEASURED)(
    '%s: exit 2 with one line naming the path and the rule, in-process, over the process protocol and in audit',
    async (name, path, rule) => {
      const file = traceWith(name, path);
      const line = `${file} is not a readshim trace: line 2: write path ${JSON.stringify(path)} is outside the path domain: ${rule} (spec/SPEC.md "Request keys and windows")\n`;
      const env = { TMPDIR: home };
      const inProc = await inProcess(['run', '--replay', file], work, env);
      const overProcess = await inProcess(['run', '--process', DELIVERY, '--replay', file], work, env);
      const audit = await inProcess(['audit', file], work, env);
      for (const r of [inProc, overProcess, audit]) {
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
      }
      expect(inProc.stderr).toMatch(/^readshim-conformance: /);
      for (const r of [inProc, overProcess, audit]) expect(r.stderr.endsWith(line)).toBe(true);
      expect(overProcess.stderr).toBe(inProc.stderr);
      expect(sandboxesIn(home)).toEqual([]);
    },
  );
});
