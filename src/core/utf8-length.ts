/**
 * UTF-8 byte lengths of the last few long texts, each measured once: a history reads the same file
 * (the same string) many times, and measuring a 1 MiB text that is not ASCII walks every character.
 * An instance per history or session (no module state); the answer is Buffer.byteLength's.
 */
export class Utf8Lengths {
  readonly #last: { text: string; bytes: number }[] = [];
  #next = 0;

  of(s: string): number {
    if (s.length < MEMO_MIN) return Buffer.byteLength(s, 'utf8');
    for (const m of this.#last) if (m.text === s) return m.bytes;
    const bytes = Buffer.byteLength(s, 'utf8');
    this.#last[this.#next] = { text: s, bytes };
    this.#next = (this.#next + 1) % MEMO_SIZE;
    return bytes;
  }
}

const MEMO_MIN = 4096;
// A session's hot set: a sweep re-reads up to a couple of hundred files in turn.
const MEMO_SIZE = 64;
