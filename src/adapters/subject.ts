/**
 * What every kind of subject (src/adapters/kind.ts; src/cli/subjects.ts registers them) opens to:
 * the adapter the harness drives, how it is reached, and what the report says about the host it
 * played. docs/CONTRIBUTING.md "Add a kind of subject".
 */
import type { AdapterError } from '../core/errors.ts';
import type { DrivenAdapter } from '../core/contract.ts';
import type { HostReport } from './drivers/driver.ts';

export type { HostReport };

/** In process (the kit may fail and race its reads on purpose) or over a process boundary. */
export type Transport = 'in-process' | 'process';

export interface Subject {
  readonly adapter: DrivenAdapter;
  readonly transport: Transport;
  /** Each history has its own processes, sandbox and HOME, so histories may run at once (--jobs). */
  readonly isolatedHistories: boolean;
  /** Why the run cannot stand (exit 2) though every call answered, e.g. a hook that never succeeded. */
  failure(): AdapterError | undefined;
  /** The host the kit played and its counts, for the report (undefined: the kit played none). */
  host(): HostReport | undefined;
  /** Every assumption the run makes about the subject, first in the report (asked when the run ends). */
  assumptions(): readonly string[];
  close(): Promise<void>;
}
