/** The fault table (dev/faults/table.ts): its rows cover what docs/CONTRIBUTING.md "The fault table" says, and its judge is not lenient. */
import { describe, expect, it } from 'vitest';
import { inputRows } from '../../../dev/faults/rows-input.ts';
import { outputRows } from '../../../dev/faults/rows-output.ts';
import { judgeEnd, type Ran } from '../../../dev/faults/table.ts';
import type { Row } from '../../../dev/faults/row.ts';

const rows: Row[] = [...inputRows('{"type":"header"}\n'), ...outputRows()];
const ran = (over: Partial<Ran>): Ran => ({
  code: 2,
  signal: null,
  stdout: '',
  stderr: '',
  ms: 1,
  hung: false,
  ...over,
});

describe('the fault table', () => {
  it('has at least 150 rows, each id once, in every group the table promises', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const groups = new Set(rows.map((r) => r.group));
    for (const g of [
      'flags',
      'adapters',
      'process',
      'hooks',
      'mcp',
      'traces',
      'failure-db',
      'outputs',
      'signals',
      'concurrency',
      'isolate',
    ])
      expect(groups, g).toContain(g);
    // --isolate with and without bubblewrap.
    expect(rows.some((r) => r.needsBwrap === true)).toBe(true);
    expect(rows.some((r) => r.noBwrap === true)).toBe(true);
    // Every row runs something, and a signal row says when to send it.
    for (const r of rows) {
      expect(r.argv !== undefined || r.shell !== undefined, r.id).toBe(true);
      if (r.expect.kind === 'interrupted') expect(r.signal, r.id).toBeDefined();
    }
  });

  it('judges a fault row strictly: exit 2, one line naming the culprit, nothing on stdout', () => {
    const row: Row = { id: 'x', group: 'flags', what: 'x', argv: ['run'], expect: { kind: 'fault', culprit: /--cap/ } };
    expect(judgeEnd(row, ran({ stderr: 'readshim-conformance: run: --cap must be …\n' }))).toEqual([]);
    expect(judgeEnd(row, ran({ code: 1, stderr: 'x --cap\n' }))).toContain('exit 1, not 2');
    expect(judgeEnd(row, ran({ stderr: 'a --cap\nb\n' }))).toContain('2 stderr lines, not 1');
    expect(judgeEnd(row, ran({ stderr: 'something else\n' })).join()).toMatch(/does not name the culprit/);
    expect(judgeEnd(row, ran({ stderr: '--cap\n', stdout: '{}' }))).toContain('a report on stdout beside exit 2');
    expect(judgeEnd(row, ran({ stderr: 'internal error --cap\n' }))).toContain('said "internal error"');
    expect(judgeEnd(row, ran({ hung: true }))[0]).toMatch(/^hung/);
  });

  it('judges a verdict row: exit 0 or 1 with a report that parses, no stack trace', () => {
    const row: Row = {
      id: 'v',
      group: 'adapters',
      what: 'v',
      argv: ['run', '--reporter', 'json'],
      expect: { kind: 'verdict' },
    };
    expect(judgeEnd(row, ran({ code: 1, stdout: '{"summary":{}}' }))).toEqual([]);
    expect(judgeEnd(row, ran({ code: 0, stdout: 'log line\n{"summary":{}}' }))).toContain(
      '--reporter json on stdout does not parse',
    );
    expect(judgeEnd(row, ran({ code: 2, stdout: '{}' }))).toContain('exit 2, not a verdict');
    expect(judgeEnd(row, ran({ code: 1, stdout: '{}', stderr: 'Error: x\n    at f (a.js:1)\n' }))).toContain(
      'a stack trace on stderr',
    );
  });

  it('judges an interrupted row: exit 1 naming what failed within 5 s, or death by the signal', () => {
    const row: Row = {
      id: 's',
      group: 'signals',
      what: 's',
      argv: ['run'],
      signal: { when: /x/, name: 'SIGINT' },
      expect: { kind: 'interrupted', failed: true },
    };
    expect(judgeEnd(row, ran({ code: 1, stderr: '1 rule had failed so far\n', afterSignalMs: 900 }))).toEqual([]);
    expect(judgeEnd(row, ran({ code: 130, afterSignalMs: 900 }))).toContain('exit 130, not 1 after a lie');
    expect(judgeEnd(row, ran({ code: 1, stderr: 'had failed so far', afterSignalMs: 6000 })).join()).toMatch(
      /over 5 s/,
    );
    const clean: Row = { ...row, expect: { kind: 'interrupted', failed: false } };
    expect(judgeEnd(clean, ran({ code: 130, afterSignalMs: 100 }))).toEqual([]);
    expect(judgeEnd(clean, ran({ code: 0, afterSignalMs: 100 })).join()).toMatch(/not death by SIGINT/);
  });
});
