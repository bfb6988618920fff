/**
 * Pins go stale (docs/guide/agent.md "Bumping a pin"): for each built-in agent profile, ask the registry for the
 * newest published version of its CLI; where it differs from the pin, install it into a temporary
 * prefix, run the same short `run --agent` against the pinned and the newest binary, and print each
 * rule whose verdict differs — or, where a run could not judge the CLI, the kit's words, which quote
 * the CLI's own (a loop halt, an exit, a hang, text the profile cannot decode). The weekly workflow
 * (.github/workflows/agent-pins.yml) writes the Markdown report into an issue.
 *
 *   npx tsx dev/scripts/agent-pins.ts [--only claude-code,qwen-code] [--runs 2] [--keep] [--markdown <file>]
 *
 * Exit 0: every CLI was judged (differences are news, not failures); 1: a profile cannot decode
 * text of a CLI; 2: bad usage, or a version could not be looked up or installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_PROFILES } from '../../src/adapters/agent/profiles/index.ts';
import { INSTALL_DIR } from '../../src/adapters/agent/install.ts';
import {
  classify,
  differences,
  fails,
  markdown,
  textLines,
  verdictsOf,
  type PinOutcome,
  type RuleVerdicts,
  type Unjudged,
} from './pin-check.ts';

export { differences, verdictsOf } from './pin-check.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Options {
  readonly only: readonly string[];
  readonly runs: number;
  readonly keep: boolean;
  readonly markdown?: string;
}

export function parseArgs(argv: readonly string[]): Options | string {
  let only = Object.keys(BUILTIN_PROFILES);
  let runs = 2;
  let keep = false;
  let md: string | undefined;
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
    else if (a === '--markdown') {
      md = argv[++i];
      if (md === undefined || md === '') return '--markdown: a file to write the report to';
    } else return `unknown flag ${a} (usage: agent-pins [--only <cli,...>] [--runs <n>] [--keep] [--markdown <file>])`;
  }
  return md === undefined ? { only, runs, keep } : { only, runs, keep, markdown: md };
}

/** A run's verdicts, or why it could not judge the CLI (its exit-2 line, classified). */
function run(name: string, command: string, runs: number, out: string, version: string): RuleVerdicts | Unjudged {
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
  if (r.status === 0 || r.status === 1) return verdictsOf(JSON.parse(readFileSync(out, 'utf8')) as unknown, version);
  const line = (r.stderr ?? '').trim().split('\n')[0] ?? '';
  return classify(line === '' ? `run --agent ${name} (${command}) exited ${r.status ?? r.signal}` : line);
}

/** One CLI: current, judged on both sides, or the side that could not be judged. */
function check(name: string, o: Options, tmp: string): PinOutcome {
  const p = BUILTIN_PROFILES[name]!;
  const newest = execFileSync('npm', ['view', p.package, 'version'], { encoding: 'utf8' }).trim();
  const base = { name, pinned: p.version, newest };
  if (newest === p.version) return { ...base, kind: 'current' };
  const prefix = join(tmp, name);
  execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', `${p.package}@${newest}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pinnedBin = resolve(ROOT, INSTALL_DIR, 'node_modules', '.bin', p.binary);
  const a = run(name, pinnedBin, o.runs, join(tmp, `${name}-pinned.json`), p.version);
  if (!('rules' in a)) return { ...base, kind: 'unjudged', side: 'pinned', why: a };
  const b = run(name, join(prefix, 'node_modules', '.bin', p.binary), o.runs, join(tmp, `${name}-newest.json`), newest);
  if (!('rules' in b)) return { ...base, kind: 'unjudged', side: 'newest', why: b };
  return { ...base, kind: 'judged', differences: differences(a, b) };
}

function main(argv: readonly string[]): number {
  const o = parseArgs(argv);
  if (typeof o === 'string') {
    process.stderr.write(`agent-pins: ${o}\n`);
    return 2;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'readshim-agent-pins-'));
  try {
    const outcomes: PinOutcome[] = [];
    for (const name of o.only) {
      const r = check(name, o, tmp);
      outcomes.push(r);
      process.stdout.write(
        textLines(r)
          .map((l) => `${l}\n`)
          .join(''),
      );
    }
    if (o.markdown !== undefined) writeFileSync(o.markdown, markdown(outcomes, new Date().toISOString().slice(0, 10)));
    return fails(outcomes) ? 1 : 0;
  } catch (e) {
    process.stderr.write(`agent-pins: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  } finally {
    if (o.keep) process.stderr.write(`agent-pins: kept ${tmp}\n`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
