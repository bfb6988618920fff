/** A usage or input problem: one clear line on stderr, exit 2, nothing half-written. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The adapter broke its contract (not a rule failure): exit 2 with this message. */
export class AdapterError extends Error {
  /** `cause`: what the adapter threw, when it threw (its stack is shown with --verbose). */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AdapterError';
  }
}

export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2 });
