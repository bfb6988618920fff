/**
 * Every generated doc table and page, from the registries (rules, gates, mutants, lie classes):
 *
 *   npm run docs:write   (-- --no-samples: all but the samples) writes them all: the rule index (src/core/rules.ts and
 *                        properties/rules/modules.ts, from the rule modules in SPEC.md's order),
 *                        GATES.md, README's rule table, docs/MUTANTS.md's catalogue, docs/LIE-CLASSES.md's
 *                        table; then the pages other generators keep: docs/MUTATION-SCORE.md and
 *                        README's score block (dev/stryker), docs/IMPLEMENTATIONS.md (`table --render`),
 *                        docs/reference/agent-versions.md (from the profiles and the table) and README's and docs/BENCH.md's samples (`npm run readme-samples`: real runs, minutes).
 *   npm run docs:check   exit 1 naming each file of the first group that differs from its rendering
 *                        (test/dev/docs/generated.test.ts runs the same check in npm test; the other
 *                        generators' pages have their own checks).
 *
 * The rule index is written before the registries are loaded, so a new rule module is in them.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../src/core/output.ts';
import { ROOT, stale, type Generated } from './files.ts';
import { RULE_INDEX } from './rule-index.ts';

async function writeAll(files: readonly Generated[]): Promise<string[]> {
  const written: string[] = [];
  for (const g of files) {
    const path = join(ROOT, g.path);
    const current = readFileSync(path, 'utf8');
    const next = await g.render(current);
    if (next !== current) {
      writeFileAtomic(path, next);
      written.push(g.path);
    }
  }
  return written;
}

const SAMPLES = 'dev/scripts/readme-samples.ts';

/** The generators that keep their own pages, run as their commands. */
const DELEGATED: readonly (readonly string[])[] = [
  ['npx', 'tsx', 'dev/stryker/main.ts', 'render'],
  [process.execPath, 'bin/readshim-conformance.js', 'table', '--render'],
  ['npx', 'tsx', 'dev/scripts/agent-versions.ts', 'write'],
  ['npx', 'tsx', SAMPLES],
];

async function main(cmd: string | undefined, flags: readonly string[]): Promise<number> {
  if (cmd === 'write' && flags.every((f) => f === '--no-samples')) {
    const index = await writeAll(RULE_INDEX);
    const { DOCUMENTS } = await import('./generated.ts');
    const docs = await writeAll(DOCUMENTS);
    for (const p of [...index, ...docs]) process.stdout.write(`wrote ${p}\n`);
    // A generator that cannot write its page (the table's results are stale after a corpus change,
    // say) leaves it as it was; the others still run, and the command fails naming it.
    const failed: string[] = [];
    for (const argv of DELEGATED.filter((a) => !(flags.includes('--no-samples') && a.includes(SAMPLES)))) {
      const shown = argv.slice(argv[0] === process.execPath ? 1 : 0).join(' ');
      process.stdout.write(`$ ${shown}\n`);
      if (spawnSync(argv[0]!, argv.slice(1), { cwd: ROOT, stdio: 'inherit' }).status !== 0) failed.push(shown);
    }
    for (const f of failed) process.stderr.write(`docs:write: \`${f}\` failed: its pages are as they were\n`);
    return failed.length === 0 ? 0 : 1;
  }
  if (cmd === 'check') {
    const { DOCUMENTS } = await import('./generated.ts');
    const problems = [...(await stale(RULE_INDEX)), ...(await stale(DOCUMENTS))];
    for (const p of problems) process.stderr.write(`docs:check: ${p} (npm run docs:write)\n`);
    if (problems.length === 0)
      process.stdout.write(
        `docs:check: ${RULE_INDEX.length + DOCUMENTS.length} generated files match their rendering\n`,
      );
    return problems.length === 0 ? 0 : 1;
  }
  process.stderr.write('usage: dev/docs/main.ts write [--no-samples] | check\n');
  return 2;
}

process.exitCode = await main(process.argv[2], process.argv.slice(3));
