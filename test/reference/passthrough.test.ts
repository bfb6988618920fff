/**
 * PASSTHROUGH (spec/SPEC.md PASSTHROUGH): a throw reaches the caller and records nothing;
 * a non-string result, or a call without a string path, comes back untouched and records nothing.
 */
import { describe, expect, it } from 'vitest';
import { createReadShim } from '../../reference/index.ts';
import { SEAL, ascii, rig, split } from './support.ts';

const ARMS = ['cap', 'diff', true] as const;

describe('the inner tool throws', () => {
  it.each(ARMS)('arm %j: the same error object reaches the caller; the next read is a first read', async (arm) => {
    const r = rig({ arm, cap: 64 });
    r.disk.write('f', 'text\n');
    const boom = new Error('EACCES: permission denied');
    r.disk.failNext = boom;
    await expect(r.read('f')).rejects.toBe(boom);
    expect(await r.read('f')).toBe('text\n'); // FIRST-VERBATIM: nothing was recorded by the failure
  });

  it('a missing file: the ENOENT reaches the caller, and when the file appears it is a first read', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    await expect(r.read('later')).rejects.toThrow(/ENOENT/);
    r.disk.write('later', 'now here');
    expect(await r.read('later')).toBe('now here');
  });

  it('a synchronous throw and a non-Error rejection pass through too', async () => {
    const shim = createReadShim({ arm: 'cap', seal: SEAL });
    const sync = shim.wrapRead({
      execute: (_args: unknown): string => {
        throw new TypeError('sync');
      },
    });
    await expect(Promise.resolve().then(() => sync.execute({ path: 'x' }))).rejects.toThrow('sync');
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error reason must pass through too
    const odd = shim.wrapRead({ execute: (_args: unknown) => Promise.reject('a string reason') });
    await expect(odd.execute({ path: 'x' })).rejects.toBe('a string reason');
  });

  it('a throw between slices neither advances nor resets the continuation', async () => {
    const r = rig({ arm: 'cap', cap: 10 });
    const f = ascii(25);
    r.disk.write('f', f);
    expect(split(await r.read('f')).notice).toContain('0-10 of 25');
    r.disk.failNext = new Error('EIO');
    await expect(r.read('f')).rejects.toThrow('EIO');
    expect(split(await r.read('f')).notice).toContain('10-20 of 25');
  });

  it('a throw after a full read leaves the earlier delivery standing (it was delivered)', async () => {
    const r = rig({ arm: 'cap', cap: 64 });
    r.disk.write('f', 'abc');
    await r.read('f');
    r.disk.failNext = new Error('EIO');
    await expect(r.read('f')).rejects.toThrow('EIO');
    expect(split(await r.read('f')).notice).toMatch(/unchanged/);
  });

  it('counters do not move on a throw', async () => {
    const r = rig({ arm: 'cap', cap: 4 });
    r.disk.write('f', ascii(10));
    r.disk.failNext = new Error('EIO');
    await expect(r.read('f')).rejects.toThrow();
    expect(r.shim.summary()).toMatchObject({ pointered: 0, capped: 0, bytesWithheld: 0 });
    expect(r.counted).toEqual([]);
  });
});

describe('a non-string result is returned untouched and records nothing', () => {
  const RESULTS: readonly unknown[] = [
    { content: [{ type: 'text', text: 'x'.repeat(100) }] },
    Buffer.from('y'.repeat(100)),
    null,
    undefined,
    42,
    ['a', 'b'],
  ];

  it.each(ARMS)('arm %j', async (arm) => {
    for (const result of RESULTS) {
      let next: unknown = result;
      const shim = createReadShim({ arm, cap: 8, seal: SEAL });
      const tool = shim.wrapRead({ execute: async (_args: unknown) => next });
      expect(await tool.execute({ path: 'f' })).toBe(result);
      expect(await tool.execute({ path: 'f' })).toBe(result);
      // nothing was recorded: the first string read of that path is a first read
      next = 'tiny';
      expect(await tool.execute({ path: 'f' })).toBe('tiny');
      expect(shim.summary()).toEqual({ pointered: 0, capped: 0, bytesWithheld: 0, heldBytes: 4 });
    }
  });
});

describe('a call without a string path is returned untouched and records nothing', () => {
  const ARGS: readonly unknown[] = [
    { file: 'f' },
    { path: 5 },
    { path: ['f'] },
    { path: null },
    'f',
    null,
    undefined,
    7,
  ];

  it.each(ARMS)('arm %j', async (arm) => {
    const big = ascii(100);
    const shim = createReadShim({ arm, cap: 8, seal: SEAL });
    const seen: unknown[] = [];
    const tool = shim.wrapRead({
      execute: async (args: unknown) => {
        seen.push(args);
        return big;
      },
    });
    for (const args of ARGS) {
      expect(await tool.execute(args)).toBe(big); // whole, no notice, no cap
      expect(seen.at(-1)).toBe(args); // the args reached the tool as given
    }
    expect(shim.summary()).toEqual({ pointered: 0, capped: 0, bytesWithheld: 0, heldBytes: 0 });
  });

  it('extra arguments reach the inner tool unchanged', async () => {
    const shim = createReadShim({ arm: 'cap', seal: SEAL });
    let got: unknown[] = [];
    const tool = shim.wrapRead({
      execute: async (...args: unknown[]) => {
        got = args;
        return 'ok';
      },
    });
    const args = { path: 'f' };
    const ctx = { signal: 'abort-signal' };
    await tool.execute(args, ctx);
    expect(got[0]).toBe(args);
    expect(got[1]).toBe(ctx);
  });
});

describe('the request is the one the caller made', () => {
  it('arguments the key cannot serialise (bigint, cycles) pass the tool result through untouched', async () => {
    const cyclic: Record<string, unknown> = { path: 'f' };
    cyclic.self = cyclic;
    for (const args of [{ path: 'f', offset: 1n }, cyclic]) {
      const shim = createReadShim({ arm: 'cap', cap: 8, seal: SEAL });
      const big = ascii(100);
      const tool = shim.wrapRead({ execute: async (_args: unknown) => big });
      expect(await tool.execute(args)).toBe(big); // a working read never fails because of the shim
      expect(shim.summary()).toEqual({ pointered: 0, capped: 0, bytesWithheld: 0, heldBytes: 0 });
    }
  });

  it('a host reusing one args object for concurrent reads: each response is about its own request', async () => {
    const files: Record<string, string> = { a: `A:${ascii(30)}`, b: `B:${ascii(30, 9)}` };
    const shim = createReadShim({ arm: 'cap', cap: 10, seal: SEAL });
    const tool = shim.wrapRead({
      execute: (args: unknown) => {
        const text = files[(args as { path: string }).path]!; // the tool reads at call time…
        return new Promise<string>((resolve) => setTimeout(() => resolve(text), 5)); // …and answers later
      },
    });
    const args = { path: 'a' };
    const ra = tool.execute(args);
    args.path = 'b';
    const rb = tool.execute(args);
    const [resA, resB] = await Promise.all([ra, rb]);
    expect(split(resA).payload).toBe(files.a!.slice(0, 10));
    expect(split(resA).notice).toContain('"a"'); // the notice names the file the bytes came from
    expect(split(resB).notice).toContain('"b"');
    // and the ledger recorded 'a' as 0-10 delivered: the next read of 'a' continues
    expect(split(await tool.execute({ path: 'a' })).notice).toContain('10-20 of 32');
  });
});
