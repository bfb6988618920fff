/**
 * The default `run --agent` measure (docs/guide/agent.md). A script, not a test: no wall
 * clock decides any verdict of the kit. Runs `run --agent <name> --no-save --reporter json` with
 * the default flags from the checkout (the pinned CLIs in .agent-clis/):
 *
 *   npx tsx dev/bench/agent-run.ts [--agent claude-code,qwen-code,gemini-cli] [--jobs <n>] [--json]
 *
 * For each CLI: wall time, CPU of every process (the CLIs included), exit code, the failed rules,
 * and the run's host counts (reads, compactions, median per-turn latency). The load average is
 * printed with the figures: wall time depends on it.
 */
import { loadavg } from 'node:os';
import { envelope } from '../../src/core/output.ts';
import { UsageError } from '../../src/core/errors.ts';
import { BUILTIN_PROFILES } from '../../src/adapters/agent/profiles/index.ts';
import { ROOT, secs, timeCommand } from './timed.ts';

interface Options {
  readonly agents: readonly string[];
  readonly jobs?: number;
  readonly json: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  let agents = ['claude-code'];
  let jobs: number | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new UsageError(`agent-run: ${a} needs a value`);
      return x;
    };
    if (a === '--json') json = true;
    else if (a === '--agent') {
      agents = v().split(',');
      const bad = agents.find((x) => !Object.hasOwn(BUILTIN_PROFILES, x));
      if (bad !== undefined)
        throw new UsageError(`agent-run: --agent takes ${Object.keys(BUILTIN_PROFILES).join(', ')}, got ${bad}`);
    } else if (a === '--jobs') {
      jobs = Number(v());
      if (!Number.isSafeInteger(jobs) || jobs < 1) throw new UsageError('agent-run: --jobs needs an integer >= 1');
    } else throw new UsageError(`agent-run: unknown argument ${JSON.stringify(a)} (known: --agent, --jobs, --json)`);
  }
  return { agents, ...(jobs !== undefined ? { jobs } : {}), json };
}

interface Row {
  readonly agent: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly code: number | null;
  readonly failed: readonly string[];
  readonly counts: Readonly<Record<string, number>>;
  readonly load: readonly [number, number];
}

function measure(agent: string, jobs: number | undefined): Row {
  const before = loadavg()[0]!;
  const args = ['run', '--agent', agent, '--no-save', '--reporter', 'json', ...(jobs ? ['--jobs', String(jobs)] : [])];
  const t = timeCommand(args, {}, ROOT);
  let failed: string[] = [];
  let counts: Record<string, number> = {};
  try {
    const j = JSON.parse(t.stdout) as {
      rules: { id: string; status: string }[];
      host?: { counts: Record<string, number> };
    };
    failed = j.rules.filter((r) => r.status === 'fail').map((r) => r.id);
    counts = j.host?.counts ?? {};
  } catch {
    failed = [`(no JSON report: exit ${String(t.code)})`];
  }
  return { agent, wallMs: t.wallMs, cpuMs: t.cpuMs, code: t.code, failed, counts, load: [before, loadavg()[0]!] };
}

const o = parseOptions(process.argv.slice(2));
const rows = o.agents.map((a) => measure(a, o.jobs));
if (o.json) process.stdout.write(JSON.stringify({ ...envelope('agent-run'), rows }, null, 2) + '\n');
else
  for (const r of rows)
    process.stdout.write(
      `${r.agent}: ${secs(r.wallMs)} wall, ${secs(r.cpuMs)} CPU, exit ${String(r.code)}; failed ${r.failed.join(', ') || 'none'}; ` +
        `${r.counts.reads ?? 0} reads, ${r.counts.compactions ?? 0} compactions, median turn ${r.counts.medianTurnMs ?? '?'} ms; ` +
        `load average ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)}\n`,
    );
