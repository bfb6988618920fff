/**
 * Performance of the reference shim (issues 7 and 16). A script, not a test: no wall clock decides
 * any verdict of the kit. CPU medians (process.cpuUsage) after warm-up.
 *
 *   npx tsx dev/bench/reference-perf.ts [--json] [--quick]
 *
 * - the diff lever on the 20,000-line file (838 KB): two distant one-line edits, 1% of the
 *   lines changed at random, a 200-line block moved, a full rewrite, every line reversed — the
 *   reference under arms 'diff' and 'all', side by side with a plain jsdiff patch
 *   (createTwoFilesPatch, context 3, maxEditLength 1,000) and GNU `diff -u` (when installed);
 * - per-read overhead vs the raw read tool, arm 'all', cap 24,576: first read, continuation,
 *   pointer re-read on 1 KB / 100 KB / 1 MB files, and a one-line edit of the 1 KB file (diff);
 * - whole files (2 MB, 10 MB) delivered through the cap, slice after slice;
 * - memory a worker holds after fully delivering N files (and after N partial deliveries).
 *
 * "raw read" is a tool decoding a fresh string from a Buffer, as a disk read would. The overhead
 * is measured over a tool returning pre-decoded, distinct string copies (so comparisons never
 * short-cut on string identity), minus that tool's own time. --quick: fewer runs and sizes, a
 * smoke check of the script, not figures to publish.
 */
import { cpus, loadavg } from 'node:os';
import { envelope } from '../../src/core/output.ts';
import { UsageError } from '../../src/core/errors.ts';
import { diffTable, JSDIFF_MAX_EDITS, type DiffRow, type LeverRun } from './perf/diffs.ts';
import { BIG_OLD, LINES } from './perf/inputs.ts';
import { memory, type MemoryRow } from './perf/memory.ts';
import { readOverhead, wholeDelivery, type DeliveryRow, type ReadRow } from './perf/reads.ts';
import { CAP } from './perf/rig.ts';

interface Options {
  readonly json: boolean;
  readonly quick: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  let json = false;
  let quick = false;
  for (const a of argv) {
    if (a === '--json') json = true;
    else if (a === '--quick') quick = true;
    else throw new UsageError(`reference-perf: unknown argument ${JSON.stringify(a)} (known: --json, --quick)`);
  }
  return { json, quick };
}

const ms = (x: number): string => (x < 0.1 ? x.toFixed(4) : x < 10 ? x.toFixed(3) : x.toFixed(1));
const kb = (x: number): string =>
  Math.abs(x) >= 10_240
    ? `${Math.round(x / 1024).toLocaleString('en-US')} KiB`
    : `${Math.round(x).toLocaleString('en-US')} B`;
const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined || b === 0 ? '—' : `${(a / b).toFixed(2)}×`;

function lever(r: LeverRun): string {
  const what = r.outcome === 'diff' ? `diff ${kb(r.responseBytes)}` : `${r.outcome} (${kb(r.responseBytes)})`;
  return `${what} | ${ms(r.cpuMs)}`;
}

function markdown(diffs: DiffRow[], reads: ReadRow[], deliveries: DeliveryRow[], mem: MemoryRow[]): string {
  const out: string[] = [];
  out.push(
    `Reference shim performance (cap ${CAP.toLocaleString('en-US')}; CPU medians after warm-up; Node ${process.version}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs)`,
    '',
  );
  out.push(
    `Diff lever on a ${LINES.toLocaleString('en-US')}-line file (${kb(Buffer.byteLength(BIG_OLD))}), the read after the change; response = notice + patch. jsdiff: createTwoFilesPatch, context 3, maxEditLength ${JSDIFF_MAX_EDITS.toLocaleString('en-US')}. GNU: diff -u.`,
    '',
  );
  out.push(
    '| change | arm `diff`: response | CPU (ms) | arm `all`: response | CPU (ms) | patch | jsdiff patch | CPU (ms) | GNU diff -u | CPU (ms) | patch / GNU |',
    '|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const d of diffs) {
    const patch = d.diffArm.patchBytes ?? d.allArm.patchBytes;
    out.push(
      `| ${d.change} | ${lever(d.diffArm)} | ${lever(d.allArm)} | ${patch === undefined ? '—' : kb(patch)} | ${d.jsdiff.bytes === undefined ? 'gave up' : kb(d.jsdiff.bytes)} | ${ms(d.jsdiff.cpuMs)} | ${d.gnu === undefined ? 'not installed' : kb(d.gnu.bytes)} | ${d.gnu === undefined ? '—' : ms(d.gnu.cpuMs)} | ${ratio(patch, d.gnu?.bytes)} |`,
    );
  }
  out.push(
    '',
    'Per read, arm `all` (shim CPU on top of the tool; "raw read" = decoding the file, as a disk read would)',
    '',
  );
  out.push('| file | read | raw read, CPU (ms) | shim overhead, CPU (ms) | response |', '|---|---|---:|---:|---:|');
  for (const r of reads)
    out.push(`| ${r.file} | ${r.kind} | ${ms(r.rawReadCpuMs)} | ${ms(r.overheadCpuMs)} | ${kb(r.responseBytes)} |`);
  out.push('', 'Whole file delivered through the cap, slice after slice (shim CPU, tool excluded)', '');
  out.push('| file | reads | CPU (ms) | per read (ms) |', '|---|---:|---:|---:|');
  for (const d of deliveries) out.push(`| ${d.file} | ${d.reads} | ${ms(d.cpuMs)} | ${ms(d.cpuMs / d.reads)} |`);
  out.push(
    '',
    'Memory one worker holds after delivering N files (V8 heap after GC; mixed = some non-Latin-1 characters, stored as UTF-16)',
    '',
  );
  out.push(
    '| files | delivered | text | file size | ledger heldBytes | heap retained | per file |',
    '|---:|---|---|---:|---:|---:|---:|',
  );
  for (const m of mem)
    out.push(
      `| ${m.files} | ${m.delivery} | ${m.text} | ${kb(m.fileBytes)} | ${kb(m.heldBytes)} | ${kb(m.retainedBytes)} | ${kb(Math.round(m.retainedPerFile))} |`,
    );
  return out.join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  let o: Options;
  try {
    o = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const diffs = await diffTable(o.quick);
  const reads = await readOverhead(o.quick);
  const deliveries = await wholeDelivery(o.quick);
  const mem = await memory(o.quick);
  if (o.json)
    process.stdout.write(
      `${JSON.stringify({ ...envelope('reference-perf'), node: process.version, loadAverage: loadavg()[0], cpus: cpus().length, cap: CAP, quick: o.quick, diffs, reads, deliveries, memory: mem }, null, 2)}\n`,
    );
  else process.stdout.write(`${markdown(diffs, reads, deliveries, mem)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
