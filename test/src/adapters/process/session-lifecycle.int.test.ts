/** The per-history hook of the adapter contract, with an in-process fake: mirror, decode, close. */
import { describe, expect, it } from 'vitest';
import type { HistoryHandle, ShimAdapter } from '../../../../src/core/contract.ts';
import type { TraceEvent } from '../../../../src/core/trace.ts';
import { AdapterError } from '../../../../src/harness/session.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { modeOfArm } from '../../../../src/core/levers.ts';

const CFG = { mode: modeOfArm('off'), cap: 64, seal: 'seal123' };

/** An off-arm pass-through whose history handle logs what the Session does to it. */
function fake(log: string[], opts: { createThrows?: boolean; injects?: boolean } = {}): ShimAdapter {
  const files = new Map<string, string>();
  const handle: HistoryHandle = {
    injectsFailures: opts.injects ?? false,
    create: async (ctx) => {
      log.push(`create ${ctx.workerId}`);
      if (opts.createThrows && ctx.workerId === 'w2') throw new AdapterError('w2 cannot start');
      return {
        read: async (args) => {
          const t = files.get(String(args.path));
          if (t === undefined) throw new Error('ENOENT');
          return t;
        },
      };
    },
    write: (path, content, mtimeMs) => {
      log.push(`write ${path} @${mtimeMs}`);
      const stored = content.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
      files.set(path, stored);
      return stored;
    },
    delete: (path) => {
      log.push(`delete ${path}`);
      files.delete(path);
    },
    decode: () => ({ kind: 'verbatim' }),
    close: async () => {
      log.push('close');
    },
  };
  return {
    name: 'fake-history',
    capabilities: {
      arms: ['off'],
      capParam: false,
      windows: false,
      diff: false,
      staleServe: false,
      forget: false,
      counters: false,
      persona: false,
      armResolver: false,
      seal: false,
    },
    create: () => {
      throw new Error('the Session must create workers through the history handle');
    },
    decode: () => {
      throw new Error('the Session must decode through the history handle');
    },
    openHistory: async (info) => {
      log.push(`open ${info.arm} ${info.cap}`);
      return handle;
    },
  };
}

describe('Session with a per-history handle', () => {
  it('opens once, mirrors writes and deletes, creates workers and decodes through it, closes at the end', async () => {
    const log: string[] = [];
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'a.ts', content: 'x\uD800y', mtimeMs: 10 },
      { type: 'read', worker: 'w1', path: 'a.ts' },
      { type: 'delete', path: 'a.ts' },
      { type: 'read', worker: 'w1', path: 'a.ts' },
    ];
    const v = await judgeHistory(fake(log), CFG, events);
    expect(log).toEqual(['open off 64', 'create w1', 'write a.ts @10', 'delete a.ts', 'close']);
    // The World took the stored text as ground truth, so the verbatim read of it is true.
    expect(v.violations).toEqual([]);
    expect(v.outcomes[2]).toMatchObject({ kind: 'read', truth: { ok: true, text: 'x\uFFFDy' } });
  });

  it('closes the history even when the history fails', async () => {
    const log: string[] = [];
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'worker', id: 'w2' },
    ];
    await expect(judgeHistory(fake(log, { createThrows: true }), CFG, events)).rejects.toThrow(/w2 cannot start/);
    expect(log.at(-1)).toBe('close');
  });

  it('refuses a trace that makes the tool fail when the handle cannot inject failures', async () => {
    const log: string[] = [];
    const events: TraceEvent[] = [
      { type: 'worker', id: 'w1' },
      { type: 'read', worker: 'w1', path: 'a.ts', fail: 'EIO' },
    ];
    await expect(judgeHistory(fake(log), CFG, events)).rejects.toThrow(
      /event 2 makes the read tool fail \(EIO\).*cannot inject tool failures/,
    );
    expect(log.at(-1)).toBe('close');
  });
});
