/**
 * The random phase's distribution over a fixed seed range (dev/bench/mix.ts): the baseline later
 * performance work compares against; dev/bench/generator-mix.json holds the committed figures.
 *
 *   npx tsx dev/bench/generator-mix.ts            # print the counts (JSON)
 *   npx tsx dev/bench/generator-mix.ts --write    # and rewrite dev/bench/generator-mix.json
 *   npx tsx dev/bench/generator-mix.ts --check    # exit 1 when the committed figures are not these
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_RUNS } from '../../properties/run.ts';
import { SEEDS, mixOf, sampleDefaultRun } from './mix.ts';

const FILE = new URL('generator-mix.json', import.meta.url);

async function main(): Promise<void> {
  const mix = mixOf(sampleDefaultRun(), SEEDS, DEFAULT_RUNS);
  const text = `${JSON.stringify(mix, null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const committed = readFileSync(FILE, 'utf8');
    if (committed !== text) {
      process.stderr.write(
        'dev/bench/generator-mix.json is not what the generators draw now: run npx tsx dev/bench/generator-mix.ts --write\n',
      );
      process.exitCode = 1;
    }
    return;
  }
  if (process.argv.includes('--write')) writeFileSync(FILE, text);
  process.stdout.write(text);
}

await main();
