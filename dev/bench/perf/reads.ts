/**
 * The read path: per-read overhead of the reference over the tool it wraps (first read,
 * continuation, pointer, a diff of a small file), and whole-file delivery through the cap.
 */
import { createReadShim } from '../../../reference/index.ts';
import { diffResponse } from '../../../reference/diff.ts';
import { progress } from '../../../src/core/output.ts';
import { codeText } from './inputs.ts';
import { CAP, Disk, SEAL, copyTool, deliverFully } from './rig.ts';
import { time } from './timing.ts';

export interface ReadRow {
  readonly file: string;
  readonly bytes: number;
  readonly kind: 'first' | 'continuation' | 'pointer' | 'diff' | 'diffResponse alone';
  /** The raw tool's own cost: decoding the file's bytes into a string (a disk read, cached). */
  readonly rawReadCpuMs: number;
  /** CPU the shim adds on top of the tool (measured over a tool returning pre-decoded copies). */
  readonly overheadCpuMs: number;
  readonly responseBytes: number;
}

export interface DeliveryRow {
  readonly file: string;
  readonly bytes: number;
  readonly reads: number;
  /** CPU of the whole delivery, first read to "you now hold all of it", tool time excluded. */
  readonly cpuMs: number;
}

/** A tool over one path whose text can be switched; every read returns a fresh pre-decoded copy. */
class SwitchTool {
  #pool: string[] = [];
  #n = 0;
  set(text: string): void {
    this.#pool = Array.from({ length: 4 }, () => Buffer.from(text, 'utf8').toString('utf8'));
  }
  readonly tool = { execute: async (_args?: unknown): Promise<string> => this.#pool[this.#n++ % this.#pool.length]! };
}

const SIZES: ReadonlyArray<readonly [string, number]> = [
  ['1 KB', 1_024],
  ['100 KB', 102_400],
  ['1 MB', 1_048_576],
];

export async function readOverhead(quick: boolean): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  for (const [label, size] of SIZES) {
    const text = codeText(size);
    const bytes = Buffer.byteLength(text);
    const small = size < 10_000;
    const batch = small ? 20 : 1;
    const runs = quick ? 15 : size > 500_000 ? 100 : small ? 200 : 400;
    const warmup = quick ? 5 : Math.ceil(runs / 5);
    progress(`reference-perf: reads, ${label}`);
    const disk = new Disk();
    disk.set('f', text);
    const rawRead = await time(
      runs,
      warmup,
      () => undefined,
      () => disk.tool.execute({ path: 'f' }),
      batch,
    );
    const inner = copyTool(text);
    const bare = await time(
      runs,
      warmup,
      () => undefined,
      () => inner.execute({ path: 'f' }),
      batch,
    );
    const shim = createReadShim({ arm: true, cap: CAP, seal: SEAL });
    const tool = shim.wrapRead(inner);
    const read = async (): Promise<string> => await tool.execute({ path: 'f' });
    let last = '';
    const kinds: Array<'first' | 'continuation' | 'pointer'> =
      bytes > CAP ? ['first', 'continuation', 'pointer'] : ['first', 'pointer'];
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
                await deliverFully(read, 'f');
              };
      const t = await time(
        runs,
        warmup,
        prepare,
        async () => {
          last = await read();
        },
        batch,
      );
      rows.push({
        file: label,
        bytes,
        kind,
        rawReadCpuMs: rawRead.cpuMedianMs,
        overheadCpuMs: t.cpuMedianMs - bare.cpuMedianMs,
        responseBytes: Buffer.byteLength(last),
      });
    }
    if (small) rows.push(...(await smallDiff(label, text, runs, warmup, batch, rawRead.cpuMedianMs, bare.cpuMedianMs)));
  }
  return rows;
}

/** A one-line edit of a small file under arm 'all': the read that ships the diff, and diffResponse alone. */
async function smallDiff(
  label: string,
  text: string,
  runs: number,
  warmup: number,
  batch: number,
  rawCpu: number,
  bareCpu: number,
): Promise<ReadRow[]> {
  const nl = text.indexOf('\n', text.length >> 1);
  const neu = `${text.slice(0, nl)} // edited${text.slice(nl)}`;
  const sw = new SwitchTool();
  const shim = createReadShim({ arm: true, cap: CAP, seal: SEAL });
  const tool = shim.wrapRead(sw.tool);
  let last = '';
  const t = await time(
    runs,
    warmup,
    async () => {
      shim.forget();
      sw.set(text);
      await tool.execute({ path: 'f' });
      sw.set(neu);
    },
    async () => {
      last = await tool.execute({ path: 'f' });
    },
    batch,
  );
  const total = Buffer.byteLength(neu);
  let direct: string | undefined;
  const d = await time(
    runs,
    warmup,
    () => undefined,
    () => {
      direct = diffResponse(SEAL, 'f', text, neu, total);
    },
    batch * 5,
  );
  if (direct === undefined || !last.includes(' diff: '))
    throw new Error('reference-perf: the small edit was not shipped as a diff');
  return [
    {
      file: label,
      bytes: total,
      kind: 'diff',
      rawReadCpuMs: rawCpu,
      overheadCpuMs: t.cpuMedianMs - bareCpu,
      responseBytes: Buffer.byteLength(last),
    },
    {
      file: label,
      bytes: total,
      kind: 'diffResponse alone',
      rawReadCpuMs: rawCpu,
      overheadCpuMs: d.cpuMedianMs,
      responseBytes: Buffer.byteLength(direct),
    },
  ];
}

/** Whole files delivered through the cap, one capped slice after another (tool time excluded). */
export async function wholeDelivery(quick: boolean): Promise<DeliveryRow[]> {
  const rows: DeliveryRow[] = [];
  const plans: ReadonlyArray<readonly [string, number]> = quick
    ? [['2 MB', 2 << 20]]
    : [
        ['2 MB', 2 << 20],
        ['10 MB', 10 << 20],
      ];
  for (const [label, size] of plans) {
    progress(`reference-perf: whole delivery, ${label}`);
    const text = codeText(size);
    const inner = copyTool(text);
    const bare = await time(
      quick ? 3 : 9,
      2,
      () => undefined,
      () => inner.execute({ path: 'f' }),
    );
    const shim = createReadShim({ arm: true, cap: CAP, seal: SEAL });
    const tool = shim.wrapRead(inner);
    const read = async (): Promise<string> => await tool.execute({ path: 'f' });
    let reads = 0;
    const big = size > 4 << 20;
    const t = await time(
      quick || big ? 1 : 3,
      quick || big ? 0 : 1,
      () => shim.forget(),
      async () => {
        reads = await deliverFully(read, 'f');
      },
    );
    rows.push({ file: label, bytes: Buffer.byteLength(text), reads, cpuMs: t.cpuMedianMs - reads * bare.cpuMedianMs });
  }
  return rows;
}
