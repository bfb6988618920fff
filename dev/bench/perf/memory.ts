/** Memory one worker holds after delivering N files (V8 heap after GC). */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createReadShim } from '../../../reference/index.ts';
import { progress } from '../../../src/core/output.ts';
import { asciiCodeText, codeText } from './inputs.ts';
import { CAP, Disk, SEAL, deliverFully } from './rig.ts';
import { median } from './timing.ts';

export interface MemoryRow {
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

export async function memory(quick: boolean): Promise<MemoryRow[]> {
  const gc = gcFunction();
  const rows: MemoryRow[] = [];
  const plans: Array<[number, 'full' | 'partial', number, 'ascii' | 'mixed']> = quick
    ? [
        [300, 'full', 8_192, 'ascii'],
        [300, 'partial', 102_400, 'ascii'],
      ]
    : [
        [1_000, 'full', 8_192, 'ascii'],
        [1_000, 'full', 8_192, 'mixed'],
        [100, 'full', 102_400, 'ascii'],
        [1_000, 'partial', 102_400, 'ascii'],
        [1, 'partial', 1_048_576, 'ascii'],
      ];
  for (const [n, delivery, size, kind] of plans) {
    progress(`reference-perf: memory, ${n} files, ${delivery}, ${kind}`);
    const make = (i: number): string => (kind === 'ascii' ? asciiCodeText(size, i) : codeText(size, i));
    const disk = new Disk();
    for (let i = 0; i < n; i++) disk.set(`f${i}`, make(i));
    const shim = createReadShim({ arm: true, cap: CAP, seal: SEAL });
    const tool = shim.wrapRead(disk.tool);
    const read = async (path: string): Promise<string> => await tool.execute({ path });
    // What the ledger holds = heap with it, minus heap once the same worker forgot everything;
    // the median of three rounds (heapUsed moves by a few hundred KB on its own).
    const rounds: number[] = [];
    let heldBytes = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < n; i++) {
        if (delivery === 'full') await deliverFully(read, `f${i}`);
        else await read(`f${i}`);
      }
      await gc();
      const held = heapUsed();
      heldBytes = shim.summary().heldBytes;
      shim.forget();
      await gc();
      rounds.push(held - heapUsed());
    }
    const retained = median(rounds);
    rows.push({
      files: n,
      delivery,
      text: kind,
      fileBytes: Buffer.byteLength(make(0)),
      heldBytes,
      retainedBytes: retained,
      retainedPerFile: retained / n,
    });
  }
  return rows;
}
