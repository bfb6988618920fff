/**
 * The slow-shim measure. A script, not a test: no wall clock decides any verdict
 * of the kit. A delivery-keyed process shim that sleeps a fixed time per read (dev/bench/slow_shim.py,
 * a hook-style shim's speed without its CPU), with and without a lie (--lie: it keys on mtime),
 * run with the default flags but --jobs:
 *
 *   npx tsx dev/bench/slow-shim.ts [--sleep <s>] [--jobs 1,2] [--case pass,lie] [--json]
 *
 * For each case and --jobs: wall time, CPU of every process, exit code, reads the shim answered
 * (its --count file), and for a failure the story length and shrink of each failed rule. The
 * load average is printed with the figures: wall time depends on it.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelope } from '../../src/core/output.ts';
import { UsageError } from '../../src/core/errors.ts';
import { ROOT, secs, timeCommand } from './timed.ts';

interface Options {
  readonly sleep: number;
  readonly jobs: readonly number[];
  readonly cases: readonly ('pass' | 'lie')[];
  readonly json: boolean;
  readonly python: string;
}

function parseOptions(argv: readonly string[]): Options {
  let sleep = 0.5;
  let jobs = [1, 2];
  let cases: ('pass' | 'lie')[] = ['pass', 'lie'];
  let json = false;
  let python = 'python3';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new UsageError(`slow-shim: ${a} needs a value`);
      return x;
    };
    if (a === '--json') json = true;
    else if (a === '--sleep') {
      sleep = Number(v());
      if (!Number.isFinite(sleep) || sleep < 0) throw new UsageError('slow-shim: --sleep needs seconds >= 0');
    } else if (a === '--jobs') {
      jobs = v().split(',').map(Number);
      if (jobs.some((j) => !Number.isSafeInteger(j) || j < 1))
        throw new UsageError('slow-shim: --jobs needs integers >= 1, e.g. 1,2');
    } else if (a === '--case') {
      const c = v().split(',');
      if (c.some((x) => x !== 'pass' && x !== 'lie')) throw new UsageError('slow-shim: --case takes pass, lie or both');
      cases = c as ('pass' | 'lie')[];
    } else if (a === '--python') python = v();
    else
      throw new UsageError(
        `slow-shim: unknown argument ${JSON.stringify(a)} (known: --sleep <s>, --jobs <list>, --case <list>, --python <exe>, --json)`,
      );
  }
  return { sleep, jobs, cases, json, python };
}

interface Row {
  readonly case: 'pass' | 'lie';
  readonly jobs: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly code: number | null;
  readonly reads: number;
  readonly load: readonly [number, number];
  readonly failed: readonly { readonly rule: string; readonly steps: number; readonly shrink?: unknown }[];
}

function measure(o: Options, kind: 'pass' | 'lie', jobs: number): Row {
  const dir = mkdtempSync(join(tmpdir(), 'readshim-slow-'));
  try {
    const count = join(dir, 'reads');
    const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
    const shim = [
      o.python,
      join(ROOT, 'dev/bench/slow_shim.py'),
      '--sleep',
      String(o.sleep),
      '--count',
      count,
      ...(kind === 'lie' ? ['--lie'] : []),
    ]
      .map(q)
      .join(' ');
    const load0 = loadavg()[0]!;
    const t = timeCommand(
      ['run', '--process', shim, '--jobs', String(jobs), '--no-save', '--reporter', 'json'],
      {},
      dir,
    );
    const report = JSON.parse(t.stdout) as {
      rules: { id: string; status: string; counterexample?: { story: string[]; shrink?: unknown } }[];
    };
    const failed = report.rules
      .filter((r) => r.status === 'fail')
      .map((r) => ({
        rule: r.id,
        steps: r.counterexample?.story.filter((l) => /^\d+\./.test(l)).length ?? 0,
        ...(r.counterexample?.shrink ? { shrink: r.counterexample.shrink } : {}),
      }));
    const reads = existsSync(count) ? readFileSync(count, 'utf8').split('\n').filter(Boolean).length : 0;
    return {
      case: kind,
      jobs,
      wallMs: t.wallMs,
      cpuMs: t.cpuMs,
      code: t.code,
      reads,
      load: [load0, loadavg()[0]!],
      failed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const o = parseOptions(process.argv.slice(2));
  const rows: Row[] = [];
  for (const c of o.cases)
    for (const j of o.jobs) {
      process.stderr.write(
        `slow shim (${o.sleep} s per read), ${c === 'lie' ? 'with the mtime lie' : 'passing'}, --jobs ${j}…\n`,
      );
      rows.push(measure(o, c, j));
    }
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ ...envelope('slow-shim'), sleep: o.sleep, cores: availableParallelism(), node: process.version, rows }, null, 2)}\n`,
    );
    return;
  }
  const lines = [
    `slow shim: ${o.sleep} s per read; ${availableParallelism()} cores, node ${process.version}; default flags but --jobs`,
    '',
  ];
  for (const r of rows) {
    lines.push(
      `${(r.case === 'lie' ? 'mtime lie' : 'passing').padEnd(10)} --jobs ${r.jobs}   wall ${secs(r.wallMs).padStart(8)}   CPU ${secs(r.cpuMs).padStart(7)}   exit ${r.code}   ${r.reads} reads   load ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)}`,
    );
    for (const f of r.failed)
      lines.push(`             FAIL ${f.rule}: ${f.steps} steps, shrink ${JSON.stringify(f.shrink ?? null)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

try {
  main();
} catch (e) {
  process.stderr.write(`slow-shim: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = e instanceof UsageError ? 2 : 1;
}
