/**
 * What running an adapter module in a watched worker thread costs. A script, not
 * a test. The same run three ways, median of --repeat each:
 *
 *   - `run` (the embedded reference, main thread: the default run);
 *   - `run --adapter src/adapters/reference.ts` (the same shim as a module: in a worker thread, watched);
 *   - the same through dev/bench/run-here.js (the module on the main thread, unwatched).
 *
 *   npx tsx dev/bench/thread-cost.ts [--repeat <n>] [--json]
 */
import { availableParallelism, loadavg } from 'node:os';
import { envelope } from '../../src/core/output.ts';
import { UsageError } from '../../src/core/errors.ts';
import { BIN, median, ROOT, secs, timeCommand, type Timed } from './timed.ts';
import { join } from 'node:path';

function parse(argv: readonly string[]): { repeat: number; json: boolean } {
  let repeat = 5;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--repeat' && /^[1-9]\d*$/.test(argv[i + 1] ?? '')) repeat = Number(argv[++i]);
    else
      throw new UsageError(`thread-cost: unknown or bad argument ${JSON.stringify(a)} (known: --repeat <n>, --json)`);
  }
  return { repeat, json };
}

const o = parse(process.argv.slice(2));
const module = join(ROOT, 'src/adapters/reference.ts');
const HERE = join(ROOT, 'dev/bench/run-here.js');
const ways: [string, string[], string][] = [
  ['default run (reference, main thread)', ['run', '--no-save'], BIN],
  ['--adapter module, worker thread (watched)', ['run', '--no-save', '--adapter', module], BIN],
  ['--adapter module, main thread (dev/bench/run-here.js)', ['run', '--no-save', '--adapter', module], HERE],
];
const load0 = loadavg()[0]!;
const samples = new Map<string, Timed[]>(ways.map(([n]) => [n, []]));
// Interleaved, so a change of load hits every way alike.
for (let i = 0; i < o.repeat; i++)
  for (const [name, args, launcher] of ways) {
    process.stderr.write(`${name} ${i + 1}/${o.repeat}\n`);
    const t = timeCommand(args, {}, undefined, launcher);
    if (t.code !== 0) throw new Error(`${name} exited ${t.code}`);
    samples.get(name)!.push(t);
  }
const rows = ways.map(([name]) => {
  const s = samples.get(name)!;
  return {
    name,
    wallMs: median(s.map((x) => x.wallMs)),
    cpuMs: median(s.map((x) => x.cpuMs)),
    walls: s.map((x) => x.wallMs),
  };
});
const machine = { cores: availableParallelism(), node: process.version, loadBefore: load0, loadAfter: loadavg()[0]! };
if (o.json)
  process.stdout.write(`${JSON.stringify({ ...envelope('thread-cost'), repeat: o.repeat, machine, rows }, null, 2)}\n`);
else
  process.stdout.write(
    `${[
      `thread cost — median of ${o.repeat}; ${machine.cores} cores, node ${machine.node}, load average ${machine.loadBefore.toFixed(1)} → ${machine.loadAfter.toFixed(1)}`,
      '',
      ...rows.map(
        (r) =>
          `${r.name.padEnd(58)} wall ${secs(r.wallMs).padStart(7)}   CPU ${secs(r.cpuMs).padStart(7)}   (wall: ${r.walls.map(secs).join(', ')})`,
      ),
    ].join('\n')}\n`,
  );
