/**
 * Memos the oracle keeps per Oracle (one per history, properties/oracle/judge.ts): instances only,
 * never module state (the kit keeps none, as GATE-NO-MODULE-STATE asks of a shim).
 */

/** The UTF-8 bytes of the last few long texts, each encoded once. The Buffers are shared: nothing may write to them. */
export class Utf8Memo {
  readonly #texts: { text: string; bytes: Buffer }[] = [];
  #next = 0;

  of(s: string): Buffer {
    if (s.length < UTF8_MEMO_MIN) return Buffer.from(s, 'utf8');
    for (const m of this.#texts) if (m.text === s) return m.bytes;
    const bytes = Buffer.from(s, 'utf8');
    this.#texts[this.#next] = { text: s, bytes };
    this.#next = (this.#next + 1) % UTF8_MEMO_SIZE;
    return bytes;
  }
}

const UTF8_MEMO_MIN = 256;
const UTF8_MEMO_SIZE = 8;

/** The answer to the last call, kept while the next call has the same arguments (compared with ===). */
export class LastCall<A extends readonly unknown[], R> {
  #last: { readonly args: A; readonly r: R } | undefined;

  get(args: A, compute: () => R): R {
    const m = this.#last;
    if (m !== undefined && m.args.length === args.length && m.args.every((x, i) => x === args[i])) return m.r;
    const r = compute();
    this.#last = { args, r };
    return r;
  }
}
