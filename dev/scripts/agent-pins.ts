/**
 * Pins go stale (docs/guide/agent.md): for each built-in agent profile, ask the registry for
 * the newest published version of its CLI; where it differs from the pin, install it into a
 * temporary prefix, run the same short `run --agent` against the pinned and the newest binary, and
 * print each rule whose verdict differs. Run it before bumping a pin.
 *
 *   npx tsx dev/scripts/agent-pins.ts [--only claude-code,qwen-code] [--runs 2] [--keep]
 *
 * Exit 0: every newest version gives the pinned verdicts (or is the pin); 1: a verdict differs, or
 * the profile cannot read the newest CLI at all;
 * 2: bad usage, or a version could not be looked up, installed or run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_PROFILES } from '../../src/adapters/agent/profiles/index.ts';
import { INSTALL_DIR } from '../../src/adapters/agent/install.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RuleVerdicts {
  readonly version: string;
  readonly rules: ReadonlyMap<string, string>;
}

/** Rule statuses of a `run --reporter json` report. */
export function verdictsOf(report: unknown, version: string): RuleVerdicts {
  const rules = (report as { rules?: unknown }).rules;
  if (!Array.isArray(rules)) throw new Error('the report has no rules[] (not a run --reporter json report?)');
  const m = new Map<string, string>();
  for (const r of rules as { id?: unknown; status?: unknown }[])
    if (typeof r.id === 'string' && typeof r.status === 'string') m.set(r.id, r.status);
  return { version, rules: m };
}

/** One line per rule whose status differs: "POINTER-FULL: fail at 2.1.197, pass at 2.1.332". */
export function differences(pinned: RuleVerdicts, newest: RuleVerdicts): string[] {
  const ids = [...new Set([...pinned.rules.keys(), ...newest.rules.keys()])].sort();
  const out: string[] = [];
  for (const id of ids) {
    const a = pinned.rules.get(id) ?? 'absent';
    const b = newest.rules.get(id) ?? 'absent';
    if (a !== b) out.push(`${id}: ${a} at ${pinned.version}, ${b} at ${newest.version}`);
  }
  return out;
}

interface Options {
  readonly only: readonly string[];
  readonly runs: number;
  readonly keep: boolean;
}

export function parseArgs(argv: readonly string[]): Options | string {
  let only = Object.keys(BUILTIN_PROFILES);
  let runs = 2;
  let keep = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--only') {
      only = (argv[++i] ?? '').split(',').filter(Boolean);
      const unknown = only.filter((n) => !(n in BUILTIN_PROFILES));
      if (only.length === 0 || unknown.length > 0)
        return `--only: unknown CLI ${unknown.join(', ') || '(none given)'} (known: ${Object.keys(BUILTIN_PROFILES).join(', ')})`;
    } else if (a === '--runs') {
      runs = Number(argv[++i]);
      if (!Number.isInteger(runs) || runs < 1 || runs > 1000) return '--runs: an integer from 1 to 1000';
    } else if (a === '--keep') keep = true;
    else return `unknown flag ${a} (usage: agent-pins [--only <cli,...>] [--runs <n>] [--keep])`;
  }
  return { only, runs, keep };
}

/** A run that could not judge the CLI (exit 2): its first line. */
class Unjudged extends Error {}

function run(name: string, command: string, runs: number, out: string): unknown {
  const r = spawnSync(
    process.execPath,
    [
      join(ROOT, 'bin/readshim-conformance.js'),
      'run',
      '--agent',
      name,
      '--agent-command',
      command,
      '--runs',
      String(runs),
      '--no-save',
      '--reporter',
      'json',
      '--out',
      out,
    ],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (r.status !== 0 && r.status !== 1)
    throw new Unjudged(
      `run --agent ${name} (${command}) exited ${r.status}: ${(r.stderr ?? '').trim().split('\n')[0]}`,
    );
  return JSON.parse(readFileSync(out, 'utf8')) as unknown;
}

function main(argv: readonly string[]): number {
  const o = parseArgs(argv);
  if (typeof o === 'string') {
    process.stderr.write(`agent-pins: ${o}\n`);
    return 2;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'readshim-agent-pins-'));
  let code = 0;
  try {
    for (const name of o.only) {
      const p = BUILTIN_PROFILES[name]!;
      const newest = execFileSync('npm', ['view', p.package, 'version'], { encoding: 'utf8' }).trim();
      if (newest === p.version) {
        process.stdout.write(`${name}: pinned ${p.version} is the newest published version\n`);
        continue;
      }
      const pinnedBin = resolve(ROOT, INSTALL_DIR, 'node_modules', '.bin', p.binary);
      const prefix = join(tmp, name);
      execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', `${p.package}@${newest}`], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const a = verdictsOf(run(name, pinnedBin, o.runs, join(tmp, `${name}-pinned.json`)), p.version);
      let b: RuleVerdicts;
      try {
        b = verdictsOf(
          run(name, join(prefix, 'node_modules', '.bin', p.binary), o.runs, join(tmp, `${name}-newest.json`)),
          newest,
        );
      } catch (e) {
        if (!(e instanceof Unjudged)) throw e;
        // What this script exists to find: the profile no longer reads the newest CLI.
        process.stdout.write(
          `${name}: newest ${newest} cannot be judged with the profile of ${p.version}: ${e.message}\n`,
        );
        code = Math.max(code, 1);
        continue;
      }
      const diff = differences(a, b);
      process.stdout.write(
        diff.length === 0
          ? `${name}: newest ${newest} gives the verdicts of the pinned ${p.version}\n`
          : `${name}: newest ${newest} differs from the pinned ${p.version}:\n${diff.map((d) => `  ${d}\n`).join('')}`,
      );
      if (diff.length > 0) code = Math.max(code, 1);
    }
  } catch (e) {
    process.stderr.write(`agent-pins: ${e instanceof Error ? e.message : String(e)}\n`);
    code = 2;
  } finally {
    if (o.keep) process.stderr.write(`agent-pins: kept ${tmp}\n`);
    else rmSync(tmp, { recursive: true, force: true });
  }
  return code;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
