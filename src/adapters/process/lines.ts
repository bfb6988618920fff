/**
 * Splits a process's stdout into lines in linear time: each chunk is scanned for "\n" once, and
 * the chunks of a line are joined once, when its "\n" arrives (a 50 MB line arrives in hundreds
 * of chunks; re-scanning or concatenating the growing line per chunk would be quadratic).
 */
export interface LineStats {
  /** Joins of chunks into a line: one per complete line. */
  joins: number;
  /** Pieces those joins took: each chunk's text goes into at most one join per line it ends or carries. */
  pieces: number;
}

export class LineSplitter {
  readonly #chunks: string[] = [];
  #pending = 0;
  readonly stats: LineStats = { joins: 0, pieces: 0 };

  /** Characters received after the last complete line (a line still unterminated). */
  get pendingLength(): number {
    return this.#pending;
  }

  /** The unterminated rest, joined (for error messages only). */
  pendingText(): string {
    return this.#chunks.join('');
  }

  /** Takes one decoded chunk; returns the lines it completed, without their "\n" (and a "\r" before it). */
  push(text: string): string[] {
    const lines: string[] = [];
    let from = 0;
    let nl = text.indexOf('\n');
    while (nl !== -1) {
      this.#chunks.push(text.slice(from, nl));
      const raw = this.#chunks.length === 1 ? this.#chunks[0]! : this.#chunks.join('');
      this.stats.joins++;
      this.stats.pieces += this.#chunks.length;
      this.#chunks.length = 0;
      this.#pending = 0;
      lines.push(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
      from = nl + 1;
      nl = text.indexOf('\n', from);
    }
    if (from < text.length) {
      this.#chunks.push(from === 0 ? text : text.slice(from));
      this.#pending += text.length - from;
    }
    return lines;
  }
}
