/**
 * Bytes that are not text (spec/SPEC.md "Bytes that are not text"): a pointer shim keyed on the
 * digest of what it handed over passes behind a tool that returns a binary file's bytes, its base64
 * text, or refuses it (examples/designs/binary-ledger.ts); each of its three lies is killed by its
 * lie class's corpus case, with that class's story.
 */
import { describe, expect, it } from 'vitest';
import { binaryLedger, type BinaryLie } from '../../../examples/designs/binary-ledger.ts';
import type { BytesShimAdapter } from '../../../src/core/contract.ts';
import { runConformance } from '../../../properties/run.ts';
import { LIE_CLASSES, type LieClassId } from '../../../properties/corpus/classes.ts';
import { auditTrace, eventLines } from '../../../properties/audit.ts';
import { formatTrace, parseTrace } from '../../../src/core/trace.ts';

const SEED = 20261130;
const CASES: Readonly<Record<'readable' | 'refuse', readonly string[]>> = {
  readable: ['two-images-same-size', 'binary-rewrite-same-second'],
  refuse: ['refused-binary-then-text'],
};
const LIES: readonly { lie: BinaryLie; binary: 'bytes' | 'base64' | 'refuse'; rules: string[]; cls: LieClassId }[] = [
  { lie: 'image-head', binary: 'bytes', rules: ['SLICE-EXACT'], cls: 'image-as-first' },
  { lie: 'image-head', binary: 'base64', rules: ['SLICE-EXACT'], cls: 'image-as-first' },
  { lie: 'stat-binary', binary: 'bytes', rules: ['POINTER-FULL'], cls: 'binary-same-size-rewrite' },
  { lie: 'stat-binary', binary: 'base64', rules: ['POINTER-FULL'], cls: 'binary-same-size-rewrite' },
  { lie: 'stat-exact', binary: 'bytes', rules: ['POINTER-FULL'], cls: 'binary-same-size-rewrite' },
  // Recorded before the tool answers: an injected tool failure is recorded too (tool-failure-recorded).
  // Its "unchanged, you hold all 0 bytes" is false had the failed read counted too: its own rules'
  // (spec 2.2 "Blame": PASSTHROUGH took FIRST-VERBATIM's finding in 2.1).
  {
    lie: 'record-refused',
    binary: 'refuse',
    rules: ['FIRST-VERBATIM', 'POINTER-FULL'],
    cls: 'refused-binary-recorded',
  },
];

describe('in-process: a pointer shim keyed on what it handed over, text or bytes', () => {
  for (const binary of ['bytes', 'base64', 'refuse'] as const)
    it(`passes behind tool.binary ${binary}; the binary cases are played`, async () => {
      // The session band once, behind bytes: its binary draws are the same behind base64, and refuse has none.
      const session = binary === 'bytes' ? {} : { session: { histories: 0 } };
      const r = await runConformance({ adapter: binaryLedger({ binary }), runs: 20, seed: SEED, ...session });
      expect(r.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised').map((x) => x.id)).toEqual([]);
      const played = new Set(r.corpus!.cases.filter((c) => c.played).map((c) => c.id));
      for (const id of CASES.readable) expect(played.has(id), id).toBe(binary !== 'refuse');
      for (const id of CASES.refuse) expect(played.has(id), id).toBe(binary === 'refuse');
      // The report says how the host's tool answers a binary file, on a line of its own (no bound).
      expect(r.assumptions.filter((a) => a.startsWith('The host read tool'))).toEqual([
        expect.stringMatching(/^The host read tool: a file that is not UTF-8 .*\(capabilities\.tool\.binary\)/),
      ]);
    }, 120_000);

  for (const { lie, binary, rules, cls } of LIES)
    it(`the ${lie} lie (tool.binary ${binary}) fails ${rules.join(', ')} with the story of ${cls}`, async () => {
      // Directed cases' stories: of the crossed cases, played after them, only the covering sample.
      const r = await runConformance({ adapter: binaryLedger({ lie, binary }), runs: 0, seed: SEED, crossed: 'cover' });
      const failed = r.rules.filter((x) => x.status === 'fail');
      expect(failed.map((x) => x.id).sort()).toEqual(rules);
      const classes = failed.flatMap((f) => [
        f.counterexample!.story[0],
        ...(f.mechanisms ?? []).map((m) => m.lieClass),
      ]);
      expect(classes.some((c) => c === cls || c?.startsWith(`lie class: ${LIE_CLASSES[cls]}`) === true)).toBe(true);
    });

  it('a saved binary failure replays byte for byte: audit judges the recorded bytes (binary: true) and finds the same lie', async () => {
    for (const lie of ['image-head', 'stat-binary'] as const) {
      const adapter = binaryLedger({ lie });
      const r = await runConformance({ adapter, runs: 0, seed: SEED, crossed: 'cover' });
      const f = r.rules.find((x) => x.status === 'fail')!;
      const text = formatTrace(f.counterexample!.trace);
      expect(text).toContain('"contentBase64"');
      if (lie === 'image-head') expect(text).toContain('"binary":true');
      const audited = await auditTrace(parseTrace(text), eventLines(text), adapter);
      expect(audited.lies.map((l) => l.rule)).toContain(f.id);
    }
  });

  it('a declared tool.binary the shim contradicts is judged by the truth rules, never refused', async () => {
    // The host refuses binaries, but this shim reads the disk's bytes itself and hands them over.
    const base = binaryLedger({ binary: 'refuse' });
    const adapter: BytesShimAdapter = {
      ...base,
      name: 'contradicts-refuse',
      create: (ctx) => ({
        read: (args) =>
          ctx.read(args).catch((e: { code?: string }) => {
            if (e.code === 'EBINARY') return ctx.fs.readBytes!(args.path);
            throw e;
          }),
      }),
    };
    const r = await runConformance({ adapter, runs: 0, seed: SEED, crossed: 'cover' });
    const failed = r.rules.filter((x) => x.status === 'fail').map((x) => x.id);
    expect(failed).toContain('PASSTHROUGH');
    expect(r.rules.find((x) => x.id === 'PASSTHROUGH')!.counterexample!.story[0]).toMatch(
      `lie class: ${LIE_CLASSES['refused-binary-recorded']}`,
    );
  });
});
