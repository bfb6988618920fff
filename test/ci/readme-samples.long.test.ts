// Suite: long (*.long.test.ts, run by `npm run test:hosts`): re-runs README's generated samples (220 s of wall in a clean-clone CI run, 7 Dec 2026).
/**
 * README's samples are what the commands print: each marked
 * block equals a fresh run of its command with the defaults (fixed seed: the same text on any
 * machine). `npm run readme-samples` regenerates them; this test fails until it is run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  block,
  readmeBlock,
  sample,
  SAMPLE_FILE,
  SAMPLES,
  type SampleName,
  withSample,
} from '../../dev/scripts/readme-samples.ts';
import { cpuBudget, inProcess } from '../src/cli/helpers.ts';

// One default run (~4 s of CPU) and two default benches (~11 s each): limits sized by that.
describe('README and docs samples match a fresh run', { timeout: cpuBudget(26) }, () => {
  for (const name of Object.keys(SAMPLES) as SampleName[])
    it(`${name}: \`readshim-conformance ${SAMPLES[name].join(' ')}\``, async () => {
      // The command through main(argv) in-process: the bin's output without starting node and tsx.
      const fresh = await sample(name, (argv) => inProcess(argv));
      const doc = readFileSync(SAMPLE_FILE[name].file, 'utf8');
      expect(readmeBlock(doc, name), 'the sample drifted from the command: run `npm run readme-samples`').toBe(
        block(name, fresh),
      );
    });
});

describe('the block rewriting', () => {
  it('replaces only the marked block, and a README without the markers is an error', () => {
    const name: SampleName = 'readme-sample:run';
    const text = `intro\n${block(name, 'old')}\noutro\n`;
    expect(withSample(text, name, 'new')).toBe(`intro\n${block(name, 'new')}\noutro\n`);
    expect(() => readmeBlock('no markers here', name)).toThrow(/README\.md has no <!-- readme-sample:run:begin/);
  });
});
