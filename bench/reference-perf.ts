/**
 * Performance of the reference shim (issue 7 item 3). A script, not a test: no wall clock decides
 * any verdict of the kit. Medians over repeated runs after warm-up.
 *
 *   npx tsx bench/reference-perf.ts [--json] [--quick]
 *
 * - per-read overhead vs the raw read tool, arm 'all', cap 24,576: first read, continuation,
 *   pointer re-read, on 1 KB / 100 KB / 1 MB files;
 * - the diff lever on a 20,000-line file: two distant one-line edits (time, bytes shipped), a full
 *   rewrite and a line-reversed file (time to decline; the target is <= 20 ms), under the
 *   diff arm, the all arm, and the cap arm as the no-diff baseline;
 * - memory a worker holds after fully delivering N files (and after N partial deliveries).
 *
 * "raw read" is a tool decoding a fresh string from a Buffer, as a disk read would. The overhead
 * is measured over a tool returning pre-decoded, distinct string copies (so comparisons never
 * short-cut on string identity), minus that tool's own time. Each timing is given in wall clock
 * and in this process's CPU time; on a loaded machine (the header prints the load average) trust
 * the CPU column. --quick: fewer runs, a smoke check of the script, not figures to publish.
 */
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createReadShim, decodeResponse, type ReadShim } from '../reference/index.ts';
import { envelope, progress } from '../core/output.ts';
import { UsageError } from '../core/errors.ts';

const CAP = 24_576;
const SEAL = 'benchseal';

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

// ---------------------------------------------------------------- inputs

/** Code-like text of about `size` bytes, mostly ASCII with some 2- and 3-byte characters. */
function codeText(size: number, salt = 0): string {
  const out: string[] = [];
  let n = 0;
  for (let i = 0; n < size; i++) {
    const l = i % 17 === 0 ? `  // note ${i + salt}: café € naïve\n` : `  const v${i + salt} = compute(${(i * 7 + salt) % 101}, "item");\n`;
    out.push(l);
    n += Buffer.byteLength(l);
  }
  return out.join('');
}

/** The same shape, ASCII only (V8 then stores one byte per character). */
function asciiCodeText(size: number, salt = 0): string {
  return codeText(size, salt).replace(/[^\x00-\x7f]/g, '?');
}

const LINES = 20_000;
const bigLine = (i: number): string => `    registry.add(entry_${String(i).padStart(5, '0')}, ${i % 997}, "ok");\n`;
const big = Array.from({ length: LINES }, (_, i) => bigLine(i));
const BIG_OLD = big.join('');
const BIG_TWO_EDITS = big.map((l, i) => (i === 1_000 ? '    registry.remove(entry_01000);\n' : i === 18_000 ? '    // entry 18000 retired\n' : l)).join('');
const BIG_REWRITE = Array.from({ length: LINES }, (_, i) => `    table.put(key_${(i * 7919) % 100_003}, value_${i}); // rewritten\n`).join('');
const BIG_REVERSED = [...big].reverse().join('');

// ---------------------------------------------------------------- rig

class Disk {
  readonly #files = new Map<string, Buffer>();
  set(path: string, text: string): void {
    this.#files.set(path, Buffer.from(text, 'utf8'));
  }
  readonly tool = {
    execute: async (args: unknown): Promise<string> => {
      const b = this.#files.get((args as { path: string }).path);
      if (b === undefined) throw new Error('ENOENT');
      return b.toString('utf8');
    },
  };
}

interface Worker {
  readonly disk: Disk;
  readonly shim: ReadShim;
  read(path: string): Promise<string>;
}

function worker(arm: unknown): Worker {
  const disk = new Disk();
  const shim = createReadShim({ arm, cap: CAP, seal: SEAL });
  const tool = shim.wrapRead(disk.tool);
  return { disk, shim, read: async (path) => (await tool.execute({ path })) as string };
}

async function deliverFully(w: Worker, path: string): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    const res = await w.read(path);
    if (!res.startsWith(`[readshim ${SEAL}] `)) return; // verbatim first read
    const c = decodeResponse(res, SEAL);
    if (c.kind === 'pointer' || c.kind === 'diff' || (c.kind === 'slice' && c.done)) return;
  }
  throw new Error('deliverFully: no progress');
}

// ---------------------------------------------------------------- timing

interface Timing {
  /** Wall clock. */
  readonly medianMs: number;
  readonly p90Ms: number;
  /** This process's CPU time (user + system, all threads): steadier on a loaded machine. */
  readonly cpuMedianMs: number;
  readonly runs: number;
}

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const p90 = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;

/** Runs `prepare` (untimed) then `run` (timed), `warmup` times unrecorded, then `runs` times. */
async function time(runs: number, warmup: number, prepare: () => Promise<void> | void, run: () => Promise<unknown>): Promise<Timing> {
  const xs: number[] = [];
  const cs: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    await prepare();
    const c0 = cpuNow();
    const t0 = performance.now();
    await run();
    const dt = performance.now() - t0;
    const dc = cpuNow() - c0;
    if (i >= warmup) {
      xs.push(dt);
      cs.push(dc);
    }
  }
  return { medianMs: median(xs), p90Ms: p90(xs), cpuMedianMs: median(cs), runs };
}

// ---------------------------------------------------------------- sections

interface ReadRow {
  readonly file: string;
  readonly bytes: number;
  readonly kind: 'first' | 'continuation' | 'pointer';
  /** The raw tool's own cost: decoding the file's bytes into a string (a disk read, cached). */
  readonly rawReadMs: number;
  /** Time the shim adds on top of the tool (measured over a tool returning pre-decoded copies). */
  readonly overheadMs: number;
  /** The same in CPU time. */
  readonly overheadCpuMs: number;
  readonly responseBytes: number;
}

/** A tool that returns one of a few pre-decoded, distinct copies of the text: costs ~nothing. */
function copyTool(text: string, copies = 4): { execute(args: unknown): Promise<string> } {
  const pool = Array.from({ length: copies }, () => Buffer.from(text, 'utf8').toString('utf8'));
  let n = 0;
  return { execute: async () => pool[n++ % copies]! };
}

async function readOverhead(o: Options): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  const sizes: Array<[string, number]> = [
    ['1 KB', 1_024],
    ['100 KB', 102_400],
    ['1 MB', 1_048_576],
  ];
  for (const [label, size] of sizes) {
    const text = codeText(size);
    const bytes = Buffer.byteLength(text);
    const runs = o.quick ? 15 : size > 500_000 ? 100 : 400;
    const warmup = o.quick ? 5 : Math.ceil(runs / 5);
    progress(`reference-perf: reads, ${label}`);
    const disk = new Disk();
    disk.set('f', text);
    const rawRead = await time(runs, warmup, () => undefined, () => disk.tool.execute({ path: 'f' }));
    const inner = copyTool(text);
    const bare = await time(runs, warmup, () => undefined, () => inner.execute({ path: 'f' }));
    const shim = createReadShim({ arm: true, cap: CAP, seal: SEAL });
    const tool = shim.wrapRead(inner);
    const read = async (): Promise<string> => (await tool.execute({ path: 'f' })) as string;
    let last = '';
    const kinds: Array<ReadRow['kind']> = bytes > CAP ? ['first', 'continuation', 'pointer'] : ['first', 'pointer'];
    for (const kind of kinds) {
      const prepare =
        kind === 'first'
          ? () => shim.forget()
          : kind === 'continuation'
            ? async () => {
                shim.forget();
                await read();
              }
            : async () => {
                while (!split0(await read()).includes('unchanged:')) {
                  /* deliver until the worker holds it all */
                }
              };
      const t = await time(runs, warmup, prepare, async () => {
        last = await read();
      });
      rows.push({ file: label, bytes, kind, rawReadMs: rawRead.medianMs, overheadMs: t.medianMs - bare.medianMs, overheadCpuMs: t.cpuMedianMs - bare.cpuMedianMs, responseBytes: Buffer.byteLength(last) });
    }
  }
  return rows;
}

/** The first line of a response. */
function split0(res: string): string {
  const nl = res.indexOf('\n');
  return nl === -1 ? res : res.slice(0, nl);
}

interface DiffRow {
  readonly change: string;
  readonly arm: 'diff' | 'all' | 'cap';
  readonly outcome: string;
  readonly readMs: number;
  readonly p90Ms: number;
  readonly cpuMs: number;
  readonly responseBytes: number;
  readonly fileBytes: number;
}

async function diffLever(o: Options): Promise<DiffRow[]> {
  const rows: DiffRow[] = [];
  const changes: Array<[string, string]> = [
    ['two distant one-line edits', BIG_TWO_EDITS],
    ['full rewrite', BIG_REWRITE],
    ['lines reversed', BIG_REVERSED],
  ];
  const runs = o.quick ? 5 : 25;
  const warmup = o.quick ? 2 : 5;
  for (const [change, neu] of changes) {
    for (const arm of ['diff', 'all', 'cap'] as const) {
      progress(`reference-perf: diff lever, ${change}, arm ${arm}`);
      const w = worker(arm === 'all' ? true : arm);
      let last = '';
      const t = await time(
        runs,
        warmup,
        async () => {
          w.shim.forget();
          w.disk.set('big.ts', BIG_OLD);
          await deliverFully(w, 'big.ts');
          w.disk.set('big.ts', neu);
        },
        async () => {
          last = await w.read('big.ts');
        },
      );
      const c = decodeResponse(last, SEAL);
      const outcome = c.kind === 'diff' ? 'diff' : c.kind === 'slice' ? (c.done ? 'declined: whole file' : 'declined: slice') : c.kind;
      rows.push({ change, arm, outcome, readMs: t.medianMs, p90Ms: t.p90Ms, cpuMs: t.cpuMedianMs, responseBytes: Buffer.byteLength(last), fileBytes: Buffer.byteLength(neu) });
    }
  }
  return rows;
}

interface MemoryRow {
  readonly files: number;
  readonly delivery: 'full' | 'partial';
  readonly text: 'ascii' | 'mixed';
  readonly fileBytes: number;
  readonly heldBytes: number;
  readonly retainedBytes: number;
  readonly retainedPerFile: number;
}

function gcFunction(): () => Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setImmediate(r));
    }
  };
}

/**
 * V8 heap in use: the ledger's texts are strings on the heap (one byte per character when the
 * text is Latin-1, two otherwise); the disk's Buffers are off-heap and not counted.
 */
const heapUsed = (): number => process.memoryUsage().heapUsed;

async function memory(o: Options): Promise<MemoryRow[]> {
  const gc = gcFunction();
  const rows: MemoryRow[] = [];
  const plans: Array<[number, 'full' | 'partial', number, 'ascii' | 'mixed']> = o.quick
    ? [[300, 'full', 8_192, 'ascii'], [300, 'partial', 102_400, 'ascii']]
    : [
        [1_000, 'full', 8_192, 'ascii'],
        [1_000, 'full', 8_192, 'mixed'],
        [100, 'full', 102_400, 'ascii'],
        [1_000, 'partial', 102_400, 'ascii'],
      ];
  for (const [n, delivery, size, kind] of plans) {
    progress(`reference-perf: memory, ${n} files, ${delivery}, ${kind}`);
    const make = (i: number): string => (kind === 'ascii' ? asciiCodeText(size, i) : codeText(size, i));
    const disk = new Disk();
    for (let i = 0; i < n; i++) disk.set(`f${i}`, make(i));
    const shim = createReadShim({ arm: true, cap: CAP, seal: SEAL });
    const tool = shim.wrapRead(disk.tool);
    const w: Worker = { disk, shim, read: async (path) => (await tool.execute({ path })) as string };
    // What the ledger holds = heap with it, minus heap once the same worker forgot everything;
    // the median of three rounds (heapUsed moves by a few hundred KB on its own).
    const rounds: number[] = [];
    let heldBytes = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < n; i++) {
        if (delivery === 'full') await deliverFully(w, `f${i}`);
        else await w.read(`f${i}`);
      }
      await gc();
      const held = heapUsed();
      heldBytes = shim.summary().heldBytes;
      shim.forget();
      await gc();
      rounds.push(held - heapUsed());
    }
    const retained = median(rounds);
    rows.push({ files: n, delivery, text: kind, fileBytes: Buffer.byteLength(make(0)), heldBytes, retainedBytes: retained, retainedPerFile: retained / n });
  }
  return rows;
}

// ---------------------------------------------------------------- report

const ms = (x: number): string => (x < 0.1 ? x.toFixed(4) : x < 10 ? x.toFixed(3) : x.toFixed(1));
const kb = (x: number): string => (Math.abs(x) >= 10_240 ? `${Math.round(x / 1024).toLocaleString('en-US')} KiB` : `${Math.round(x).toLocaleString('en-US')} B`);

function markdown(reads: ReadRow[], diffs: DiffRow[], mem: MemoryRow[]): string {
  const out: string[] = [];
  out.push(`Reference shim performance (arm 'all' unless stated, cap ${CAP.toLocaleString('en-US')}; medians after warm-up; Node ${process.version}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs)`, '');
  out.push('| file | read | raw read: decode (ms) | shim overhead (ms) | overhead, CPU (ms) | response |', '|---|---|---:|---:|---:|---:|');
  for (const r of reads) out.push(`| ${r.file} | ${r.kind} | ${ms(r.rawReadMs)} | ${ms(r.overheadMs)} | ${ms(r.overheadCpuMs)} | ${kb(r.responseBytes)} |`);
  out.push('', `Diff lever on a ${LINES.toLocaleString('en-US')}-line file (${kb(Buffer.byteLength(BIG_OLD))}), the read after the change`, '');
  out.push('| change | arm | outcome | read (ms) | p90 (ms) | CPU (ms) | response |', '|---|---|---|---:|---:|---:|---:|');
  for (const d of diffs) out.push(`| ${d.change} | ${d.arm} | ${d.outcome} | ${ms(d.readMs)} | ${ms(d.p90Ms)} | ${ms(d.cpuMs)} | ${kb(d.responseBytes)} |`);
  out.push('', 'Memory one worker holds after delivering N files (V8 heap after GC; mixed = some non-Latin-1 characters, stored as UTF-16)', '');
  out.push('| files | delivered | text | file size | ledger heldBytes | heap retained | per file |', '|---:|---|---|---:|---:|---:|---:|');
  for (const m of mem) out.push(`| ${m.files} | ${m.delivery} | ${m.text} | ${kb(m.fileBytes)} | ${kb(m.heldBytes)} | ${kb(m.retainedBytes)} | ${kb(Math.round(m.retainedPerFile))} |`);
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
  const reads = await readOverhead(o);
  const diffs = await diffLever(o);
  const mem = await memory(o);
  if (o.json) process.stdout.write(`${JSON.stringify({ ...envelope('reference-perf'), node: process.version, loadAverage: loadavg()[0], cpus: cpus().length, cap: CAP, quick: o.quick, reads, diffs, memory: mem }, null, 2)}\n`);
  else process.stdout.write(`${markdown(reads, diffs, mem)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
