/**
 * Claims an adapter computed as it produced each response, handed back in order when the Session
 * decodes that text (process, hook and MCP adapters decide a claim when they answer, not later).
 */
import type { Claim } from '../core/claims.ts';
import { AdapterError } from '../core/errors.ts';

export class ClaimQueue {
  readonly #byText = new Map<string, (Claim | undefined)[]>();

  put(text: string, claim: Claim | undefined): void {
    const q = this.#byText.get(text) ?? [];
    q.push(claim);
    this.#byText.set(text, q);
  }

  /** The claim sent with this text; none sent = verbatim (the kit checks that against the file). */
  take(text: string): Claim {
    const q = this.#byText.get(text);
    if (q === undefined || q.length === 0)
      throw new AdapterError('decode was asked about a response this process never sent');
    const c = q.shift();
    if (q.length === 0) this.#byText.delete(text);
    return c ?? { kind: 'verbatim' };
  }
}

/** Values kept per response text, handed back in order (an agent CLI's raw tool result behind each text). */
export class TextQueue<T> {
  readonly #byText = new Map<string, T[]>();

  put(text: string, value: T): void {
    const q = this.#byText.get(text) ?? [];
    q.push(value);
    this.#byText.set(text, q);
  }

  /** The oldest value kept for this text, or undefined. */
  take(text: string): T | undefined {
    const q = this.#byText.get(text);
    const v = q?.shift();
    if (q !== undefined && q.length === 0) this.#byText.delete(text);
    return v;
  }
}
