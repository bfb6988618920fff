/**
 * What a user waits on is named: a read that never settles names the adapter, its file, the worker
 * and the read's arguments; an adapter that leaks memory, even between its calls, is stopped at the
 * thread's heap limit (--max-heap, default 2 GiB) with exit 2 naming it, before a CI runner swaps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cpuBudget, HERE, inProcess, ROOT } from './helpers.ts';
import { DEFAULT_HEAP_MB } from '../../../src/cli/thread.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-waits-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a read that never settles', () => {
  it('names the adapter, its file, the worker and the read', async () => {
    const r = await inProcess(
      ['run', '--adapter', 'test/fixtures/adapters/never-settles.ts', '--runs', '1', '--no-save', '--timeout', '300'],
      ROOT,
      HERE,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^readshim-conformance: adapter never-settles \(test\/fixtures\/adapters\/never-settles\.ts\): worker w\d+: read\(\{"path":"[^"]+"[^)]*\}\) did not settle within 300 ms$/,
    );
  });
});

describe('the heap of an adapter thread', { timeout: cpuBudget(6) }, () => {
  it(`is bounded (default ${DEFAULT_HEAP_MB} MiB): a leak between calls is exit 2 naming the file and --max-heap`, () => {
    const r = cli(
      ['run', '--adapter', 'test/fixtures/adapters/leaks-async.ts', '--runs', '1000', '--no-save', '--max-heap', '128'],
      ROOT,
    );
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^readshim-conformance: adapter test\/fixtures\/adapters\/leaks-async\.ts: the run ran out of memory \(its thread's heap limit, 128 MiB\).*--max-heap <MiB> sets the limit/,
    );
    expect(DEFAULT_HEAP_MB).toBe(2048);
  });
  it('--max-heap applies to an --adapter module only', async () => {
    const r = await inProcess(['run', '--max-heap', '512'], tmp);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--max-heap bounds the thread an --adapter module runs in/);
  });
});
