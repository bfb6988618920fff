/**
 * Batch reads (spec/SPEC.md "Batch reads"): an adapter's own splitBatch cuts its combined text, but
 * the kit does not take its word for what the worker was shown: every text part must lie in the
 * combined text, after the parts before it. A splitBatch that hands the kit whole texts while the
 * combined text says "unchanged" is an adapter error, not a pass.
 */
import { describe, expect, it } from 'vitest';
import { judgeHistory } from '../../../properties/history.ts';
import { modeOfLevers } from '../../../src/core/levers.ts';
import { AdapterError } from '../../../src/core/errors.ts';
import { defineAdapter, type Claim, type ShimAdapter } from '../../../src/core/contract.ts';
import type { TraceEvent } from '../../../src/core/trace.ts';

const stub = (t: string): string => `File unchanged since last read (${Buffer.byteLength(t)} bytes).`;

/** Answers a call with `==> path <==` blocks; `launder` says "unchanged" for every file once any is held, and its splitBatch returns the whole texts instead. */
function ownFormat(launder: boolean): ShimAdapter {
  const truth = new Map<string, string[]>();
  return defineAdapter({
    name: launder ? 'own-format-launder' : 'own-format',
    capabilities: {
      levers: ['pointer'],
      capParam: false,
      windows: false,
      staleServe: false,
      forget: true,
      counters: false,
      seal: false,
      batch: true,
    },
    create(ctx) {
      const held = new Map<string, string>();
      const answer = (p: string, t: string): string => {
        if (held.get(p) === t) return stub(t);
        held.set(p, t);
        return t;
      };
      return {
        async read(args) {
          return answer(args.path, await ctx.read(args));
        },
        async readMany({ paths }) {
          const texts = await Promise.all(paths.map((p) => ctx.read({ path: p })));
          const any = texts.some((t, i) => held.get(paths[i]!) === t);
          const parts = texts.map((t, i) => (launder && any ? stub(t) : answer(paths[i]!, t)));
          const combined = paths.map((p, i) => `==> ${p} <==\n${parts[i]!}\u0000\n`).join('');
          truth.set(combined, texts);
          return combined;
        },
        forget() {},
      };
    },
    splitBatch(text, paths) {
      if (launder) return truth.get(text) ?? 'unknown text';
      const out: string[] = [];
      let at = 0;
      for (const p of paths) {
        const h = `==> ${p} <==\n`;
        const end = text.indexOf('\u0000\n', at + h.length);
        if (!text.startsWith(h, at) || end < 0) return `no block for ${p}`;
        out.push(text.slice(at + h.length, end));
        at = end + 2;
      }
      return out;
    },
    decode(text): Claim {
      const m = /^File unchanged since last read \((\d+) bytes\)\.$/.exec(text);
      return m ? { kind: 'pointer', total: Number(m[1]) } : { kind: 'verbatim' };
    },
  });
}

const events: TraceEvent[] = [
  { type: 'write', path: 'a.ts', content: 'const a = 1;\n', mtimeMs: 1000 },
  { type: 'write', path: 'b.ts', content: 'const b = 2;\n', mtimeMs: 1000 },
  { type: 'read', worker: 'w1', path: 'a.ts' },
  { type: 'read', worker: 'w1', path: 'a.ts', call: 1 },
  { type: 'read', worker: 'w1', path: 'b.ts', call: 1 },
];
const config = { mode: modeOfLevers(['pointer']), cap: 16, seal: 'S' };

describe("an adapter's own splitBatch", () => {
  it('a truthful own format is judged part by part: a pointer to the held file, the new one verbatim', async () => {
    const v = await judgeHistory(ownFormat(false), config, events);
    expect(v.violations).toEqual([]);
    const parts = v.outcomes.filter((o) => o.kind === 'read' && o.event.call !== undefined);
    expect(parts.map((o) => (o.kind === 'read' ? `${o.event.path}:${o.claim?.kind}` : ''))).toEqual([
      'a.ts:pointer',
      'b.ts:verbatim',
    ]);
  });

  it('parts that are not in the combined text are an adapter error: a splitBatch cannot launder a pointer', async () => {
    const run = judgeHistory(ownFormat(true), config, events);
    await expect(run).rejects.toThrow(AdapterError);
    await expect(judgeHistory(ownFormat(true), config, events)).rejects.toThrow(
      /splitBatch\(\) part 1 \(a\.ts\) is not in the combined text/,
    );
  });

  it('a splitBatch that returns another number of parts than paths is named as the culprit', async () => {
    const base = ownFormat(false);
    const short: ShimAdapter = {
      ...base,
      splitBatch: (text, paths) => (base.splitBatch!(text, paths) as string[]).slice(1),
    };
    await expect(judgeHistory(short, config, events)).rejects.toThrow(
      /splitBatch\(\) must return one part per path: 1 parts for 2 paths/,
    );
  });
});
