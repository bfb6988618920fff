// Suite: long (*.long.test.ts, run by `npm run test:hosts`): a default run per kind of subject (process, hook and MCP runs take minutes of CPU).
/**
 * The default run reaches every applicable conditions × edits cell (docs/reference/session-band.md)
 * at least once, for each kind of subject: in-process (the careful ledger with a batch tool, and
 * with binary files), a process, a hook, an MCP server. A cell a subject cannot be offered (batch
 * without a batch tool, binary without binary files) is not applicable and not counted.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../src/cli/helpers.ts';
import { COVERAGE_GAPS } from '../../../properties/crossed/gaps.ts';

interface Cell {
  readonly reached: number;
  readonly applicable: boolean;
}

const KINDS: Readonly<Record<string, readonly string[]>> = {
  'in-process, batch tool': ['--adapter', 'examples/shortcuts/twin.ts'],
  'in-process, binary files': ['--adapter', 'test/properties/crossed/binary-twin.ts'],
  process: ['--process', 'python3 examples/python/delivery_shim.py'],
  hook: ['--hook', 'examples/hooks/content-dedup.sh'],
  mcp: ['--mcp', 'node examples/mcp/session-cache-server.js', '--mcp-compact', 'forget'],
};

const KNOWN_GAPS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(COVERAGE_GAPS).map(([kind, gaps]) => [kind, gaps.map((g) => g.cell)]),
);

describe('coverage of the default run, per kind of subject', () => {
  for (const [kind, args] of Object.entries(KINDS))
    it(`${kind}: every applicable cell is reached`, { timeout: 30 * 60_000 }, () => {
      const r = spawnSync('node', ['bin/readshim-conformance.js', 'run', '--no-save', '--reporter', 'json', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(r.status, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as {
        coverage: { cells: Record<string, Cell>; unreached: string[] };
      };
      const applicable = Object.entries(report.coverage.cells).filter(([, c]) => c.applicable);
      // A hook is offered fewer cells (what its host and declarations allow): 23 of 60 for content-dedup.sh.
      expect(applicable.length).toBeGreaterThanOrEqual(20);
      // A known gap is listed, and its entry must go once the cell is reached (docs/reference/session-band.md).
      expect(report.coverage.unreached).toEqual(KNOWN_GAPS[kind] ?? []);
      for (const [id, c] of applicable)
        if (!(KNOWN_GAPS[kind] ?? []).includes(id)) expect(c.reached, id).toBeGreaterThanOrEqual(1);
    });
});
