/**
 * CI self-check: `npx tsx selfcheck/check.ts floors <reports-dir> [--raise]` compares the suites'
 * counts with floors.json (and, with --raise, moves floors up); `... monotone <old floors.json>`
 * fails when any floor went down; `... gates-md [--write]` checks (or regenerates) GATES.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { breaches, countsFrom, lowered, raised, type Counts } from './floors.ts';
import { problems, render } from './gates-md.ts';

const FLOORS = new URL('../floors.json', import.meta.url);
const load = (p: string | URL): Counts => JSON.parse(readFileSync(p, 'utf8')) as Counts;

function main(argv: string[]): number {
  const [what, arg, flag] = argv;
  if (what === 'floors' && arg) {
    const counts = countsFrom(arg);
    const floors = load(FLOORS);
    const bad = breaches(floors, counts);
    for (const b of bad) process.stderr.write(`floor breached: suite ${b.suite}, ${b.item}: ${b.got} < floor ${b.floor}\n`);
    if (bad.length > 0) return 1;
    if (flag === '--raise') writeFileSync(FLOORS, `${JSON.stringify(raised(floors, counts), null, 2)}\n`);
    process.stdout.write(`floors hold for ${Object.keys(floors).join(', ')}\n`);
    return 0;
  }
  if (what === 'monotone' && arg) {
    const down = lowered(load(arg), load(FLOORS));
    for (const d of down) process.stderr.write(`floor lowered: suite ${d.suite}, ${d.item}: ${d.floor} → ${d.got} (floors only move up)\n`);
    return down.length > 0 ? 1 : 0;
  }
  if (what === 'gates-md') {
    const file = new URL('../GATES.md', import.meta.url);
    if (arg === '--write') writeFileSync(file, render());
    const bad = problems(readFileSync(file, 'utf8'));
    for (const p of bad) process.stderr.write(`GATES.md: ${p}\n`);
    return bad.length > 0 ? 1 : 0;
  }
  process.stderr.write('usage: selfcheck/check.ts floors <reports-dir> [--raise] | monotone <old-floors.json> | gates-md [--write]\n');
  return 2;
}

process.exitCode = main(process.argv.slice(2));
