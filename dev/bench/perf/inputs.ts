/** The texts the reference's benchmarks read: code-like files and the 20,000-line pairs. */

/** Code-like text of about `size` bytes, mostly ASCII with some 2- and 3-byte characters. */
export function codeText(size: number, salt = 0): string {
  const out: string[] = [];
  let n = 0;
  for (let i = 0; n < size; i++) {
    const l =
      i % 17 === 0
        ? `  // note ${i + salt}: café € naïve\n`
        : `  const v${i + salt} = compute(${(i * 7 + salt) % 101}, "item");\n`;
    out.push(l);
    n += Buffer.byteLength(l);
  }
  return out.join('');
}

/** The same shape, ASCII only (V8 then stores one byte per character). */
export function asciiCodeText(size: number, salt = 0): string {
  return codeText(size, salt).replace(/[\x80-\uffff]/g, '?');
}

export const LINES = 20_000;
const bigLine = (i: number): string => `    registry.add(entry_${String(i).padStart(5, '0')}, ${i % 997}, "ok");\n`;
const big = Array.from({ length: LINES }, (_, i) => bigLine(i));

/** The 20,000-line file (838 KB). */
export const BIG_OLD = big.join('');

/** A small deterministic generator (mulberry32), so every run edits the same lines. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function onePercent(): string {
  const next = random(16);
  const picked = new Set<number>();
  while (picked.size < LINES / 100) picked.add(Math.floor(next() * LINES));
  return big
    .map((l, i) =>
      picked.has(i) ? `    registry.add(entry_${String(i).padStart(5, '0')}, ${(i * 31) % 1009}, "changed");\n` : l,
    )
    .join('');
}

function moved(from: number, count: number, to: number): string {
  const block = big.slice(from, from + count);
  const rest = [...big.slice(0, from), ...big.slice(from + count)];
  return [...rest.slice(0, to), ...block, ...rest.slice(to)].join('');
}

export interface Change {
  readonly label: string;
  readonly text: string;
  /** A change the diff lever should ship (the goals), or decline. */
  readonly expect: 'diff' | 'declined';
}

export const CHANGES: readonly Change[] = [
  {
    label: 'two distant one-line edits',
    text: big
      .map((l, i) =>
        i === 1_000 ? '    registry.remove(entry_01000);\n' : i === 18_000 ? '    // entry 18000 retired\n' : l,
      )
      .join(''),
    expect: 'diff',
  },
  { label: '1% of lines changed at random', text: onePercent(), expect: 'diff' },
  { label: 'a 200-line block moved', text: moved(4_000, 200, 14_000), expect: 'diff' },
  {
    label: 'full rewrite',
    text: Array.from(
      { length: LINES },
      (_, i) => `    table.put(key_${(i * 7919) % 100_003}, value_${i}); // rewritten\n`,
    ).join(''),
    expect: 'declined',
  },
  { label: 'every line reversed', text: [...big].reverse().join(''), expect: 'declined' },
];
