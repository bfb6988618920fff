/** A replay takes the subject's host (properties/replay-host.ts; spec/SPEC.md "Replaying a trace"). */
import { describe, expect, it } from 'vitest';
import { replayHost } from '../../properties/replay-host.ts';
import type { Trace } from '../../src/core/trace.ts';

const header = (tool?: object): Trace['header'] => ({
  type: 'header',
  kit: '0.1.0',
  specVersion: '2.1',
  cap: 64,
  levers: ['pointer'],
  seal: 's',
  ...(tool ? { tool } : {}),
});

describe('replayHost', () => {
  it('a header without a tool takes the subject declared bound, and says so', () => {
    const h = replayHost('t.jsonl', header(), { maxLines: 2000 });
    expect(h).toEqual({
      ok: true,
      tool: { maxLines: 2000 },
      note: "t.jsonl names no host tool: replayed behind the subject's declared bound (at most 2,000 lines per request)",
    });
  });
  it('equal declarations (keys in any order) agree; a subject that declares none keeps the header', () => {
    expect(replayHost('t', header({ maxLineChars: 9, maxLines: 2 }), { maxLines: 2, maxLineChars: 9 })).toEqual({
      ok: true,
      tool: { maxLineChars: 9, maxLines: 2 },
    });
    expect(replayHost('t', header({ maxLines: 2 }), undefined)).toEqual({ ok: true, tool: { maxLines: 2 } });
    expect(replayHost('t', header(), undefined)).toEqual({ ok: true });
  });
  it('a conflict names both', () => {
    const h = replayHost('t.jsonl', header({ maxLines: 40 }), { maxLines: 2000 });
    expect(h.ok).toBe(false);
    expect(!h.ok && h.problem).toBe(
      't.jsonl was recorded behind the host tool {"maxLines":40}, but the subject declares {"maxLines":2000} (capabilities.tool): replay it with the subject it was recorded for, or drop "tool" from its header',
    );
  });
});
