// Suite: long (*.long.test.ts, run by `npm run test:hosts`): each row's example run whole, one of them spawned and interrupted (about 9 s of CPU).
/**
 * docs/reference/exit-codes.md is the one table of exit codes: it has exactly the rows 0, 1, 2 and
 * 128 + n, and each row's example ends with its code — run through main() in this process (0, 1,
 * 2), and a spawned run interrupted by SIGINT before anything failed (128 + 2).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuBudget, inProcess, ROOT } from '../src/cli/helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-exit-codes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The table's rows: code → its example (the third column). */
function rows(): Map<string, string> {
  const doc = readFileSync(join(ROOT, 'docs/reference/exit-codes.md'), 'utf8');
  const table = doc.split('<!-- exit-codes:start -->')[1]!.split('<!-- exit-codes:end -->')[0]!;
  const out = new Map<string, string>();
  for (const line of table.trim().split('\n').slice(2)) {
    const cells = line.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').trim());
    out.set(cells[0]!, cells[cells.length - 1]!);
  }
  return out;
}

/** An example command of the table as argv of main(): `npx readshim-conformance run …` → ['run', …]. */
const argvOf = (example: string): string[] => /^`npx readshim-conformance (.*)`$/.exec(example)![1]!.split(' ');

describe('the exit codes table', () => {
  it('has the rows 0, 1, 2 and 128 + n, in that order', () => {
    expect([...rows().keys()]).toEqual(['0', '1', '2', '128 + n']);
  });

  for (const code of ['0', '1', '2'])
    it(`row ${code}: its example exits ${code}`, { timeout: cpuBudget(4) }, async () => {
      const r = await inProcess(argvOf(rows().get(code)!), ROOT);
      expect(r.code).toBe(Number(code));
      if (code === '2') expect(r.stderr.trim().split('\n')).toHaveLength(1);
    });

  it(
    'row 128 + n: a run interrupted by SIGINT before any rule failed ends by the signal (130)',
    { timeout: cpuBudget(6) },
    async () => {
      const child = spawn(
        process.execPath,
        [join(ROOT, 'bin/readshim-conformance.js'), 'run', '--runs', '1000000', '--no-save'],
        {
          cwd: tmp,
          env: { ...process.env, READSHIM_PROGRESS: '1' },
        },
      );
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (/band: histories/.test(stderr)) child.kill('SIGINT');
      });
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.on('close', (c, s) => resolve([c, s])),
      );
      expect([code, signal]).toEqual([null, 'SIGINT']);
      expect(stderr).toMatch(/run interrupted by SIGINT before any rule failed \(exit 130\)/);
    },
  );
});
