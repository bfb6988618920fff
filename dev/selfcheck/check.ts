/**
 * CI self-check (GATES.md and the other generated docs: `npm run docs:write` / `docs:check`):
 *   floors <reports-dir>         the reports (run-<arm>.json ×4, gates, spec, mutants) against dev/selfcheck/floors.json
 *   write [--from <reports-dir>] dev/selfcheck/floors.json rewritten from fresh reports (made here when no --from); never lowered
 *   monotone <old-floors.json>   fails when dev/selfcheck/floors.json lowers or drops a floor of the old file
 *   monotone-git                 the same against dev/selfcheck/floors.json at HEAD and at each parent of HEAD
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../src/core/output.ts';
import { breaches, FloorsError, lowered, nextFloors, unfloored, where } from './floors.ts';
import { committedFloors } from './history.ts';
import { countsFrom, loadFloors, writeReports } from './reports.ts';

const FLOORS = new URL('floors.json', import.meta.url);
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const USAGE =
  'usage: dev/selfcheck/check.ts floors <reports-dir> | write [--from <reports-dir>] | monotone <old-floors.json> | monotone-git';
const err = (line: string): void => void process.stderr.write(`${line}\n`);

function check(dir: string): number {
  const floors = loadFloors(FLOORS);
  const counts = countsFrom(dir);
  const bad = breaches(floors, counts);
  const none = unfloored(floors, counts);
  for (const b of bad) err(`floor breached: ${where(b)}: ${b.got} < floor ${b.floor}`);
  for (const i of none)
    err(`no floor: ${where(i)} is counted but dev/selfcheck/floors.json has no floor for it (npm run floors:write)`);
  if (bad.length + none.length > 0) return 1;
  const rules = Object.values(floors.properties).reduce((n, arm) => n + Object.keys(arm).length, 0);
  process.stdout.write(
    `floors hold: ${rules} (arm, rule) floors over ${Object.keys(floors.properties).length} arms, ${Object.keys(floors.gates).length} gates, spec, mutants\n`,
  );
  return 0;
}

function write(from: string | undefined): number {
  const dir = from ?? mkdtempSync(join(tmpdir(), 'readshim-floors-'));
  try {
    if (from === undefined) writeReports(dir);
    const next = nextFloors(loadFloors(FLOORS), countsFrom(dir, true));
    for (const p of next.problems) err(`floors not written: ${p}`);
    if (next.problems.length > 0) return 1;
    writeFileAtomic(fileURLToPath(FLOORS), `${JSON.stringify(next.floors, null, 2)}\n`);
    for (const c of next.changes) process.stdout.write(`${c}\n`);
    process.stdout.write(`dev/selfcheck/floors.json written (${next.changes.length} floors raised or added)\n`);
    return 0;
  } finally {
    if (from === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

function monotone(olds: { rev: string; text: string }[]): number {
  const now = loadFloors(FLOORS);
  let bad = 0;
  for (const { rev, text } of olds)
    for (const d of lowered(loadFloors(rev, text), now)) {
      err(`floor lowered against ${rev}: ${d} (floors only move up)`);
      bad++;
    }
  if (bad === 0)
    process.stdout.write(
      `dev/selfcheck/floors.json lowers no floor of ${olds.map((o) => o.rev).join(', ') || 'any commit (none has dev/selfcheck/floors.json)'}\n`,
    );
  return bad > 0 ? 1 : 0;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new FloorsError(`floors: cannot read ${path}: ${(e as Error).message}`);
  }
}

function main(argv: string[]): number {
  const [what, arg, value] = argv;
  if (what === 'floors' && arg) return check(arg);
  if (what === 'write' && (arg === undefined || (arg === '--from' && value))) return write(value);
  if (what === 'monotone' && arg) return monotone([{ rev: arg, text: readText(arg) }]);
  if (what === 'monotone-git' && arg === undefined) return monotone(committedFloors(REPO));
  err(USAGE);
  return 2;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof FloorsError)) throw e;
  err(e.message);
  process.exitCode = 2;
}
