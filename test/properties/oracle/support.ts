/**
 * Drives the oracle directly with hand-made outcomes (what the tool returned, what the shim
 * answered, the claim decoded from it), so a test can put the oracle in one exact situation and
 * assert what it says — the rule and the message a user reads in the story.
 */
import type { Capabilities, Counters } from '../../../src/core/contract.ts';
import type { ArmName } from '../../../src/core/arms.ts';
import type { Claim } from '../../../src/core/claims.ts';
import { modeOfArm, modeOfLevers, type LeverName } from '../../../src/core/levers.ts';
import type { RecordedResponse } from '../../../src/core/trace.ts';
import { Oracle, type Violation } from '../../../properties/oracle/judge.ts';

export const SEAL = 'oracle-test-seal';

const BASE: Capabilities = {
  capParam: false,
  windows: false,
  staleServe: true,
  forget: true,
  counters: false,
  seal: false,
};

export interface ReadOpts {
  readonly worker?: string;
  readonly path?: string;
  readonly args?: Readonly<Record<string, unknown>>;
  /** The response as recorded; default `{ text }`. */
  readonly response?: RecordedResponse;
  readonly crash?: string;
  readonly failedOver?: string;
  readonly countDelta?: Counters;
  readonly countCalls?: readonly number[];
  readonly batchSize?: number;
}

export class Driver {
  readonly oracle: Oracle;
  #i = 0;

  constructor(opts: { levers?: LeverName[]; arm?: ArmName; cap?: number; caps?: Partial<Capabilities> } = {}) {
    const mode = opts.arm !== undefined ? modeOfArm(opts.arm) : modeOfLevers(opts.levers ?? ['cap', 'pointer', 'diff']);
    const capabilities: Capabilities = {
      ...BASE,
      ...(opts.arm !== undefined ? { arms: [opts.arm] } : { levers: opts.levers ?? ['cap', 'pointer', 'diff'] }),
      ...opts.caps,
    };
    this.oracle = new Oracle({ mode, cap: opts.cap ?? 64, seal: SEAL, capabilities });
  }

  worker(id: string): Violation[] {
    return this.oracle.judge({ kind: 'other', index: this.#i++, event: { type: 'worker', id } });
  }

  forget(worker: string, path?: string): Violation[] {
    return this.oracle.judge({
      kind: 'other',
      index: this.#i++,
      event: { type: 'forget', worker, ...(path !== undefined ? { path } : {}) },
    });
  }

  /** A read whose tool returns `content` (or fails with `{ code }`), answered with `text`, decoded as `claim`. */
  read(content: string | { code: string }, text: string, claim: Claim | undefined, o: ReadOpts = {}): Violation[] {
    const truth =
      typeof content === 'string'
        ? { ok: true as const, text: content }
        : { ok: false as const, code: content.code, message: `${content.code}: failed` };
    return this.oracle.judge({
      kind: 'read',
      index: this.#i++,
      event: {
        type: 'read',
        worker: o.worker ?? 'w1',
        path: o.path ?? 'a.ts',
        ...(o.args !== undefined ? { args: o.args } : {}),
      },
      truth,
      response: o.response ?? { text },
      ...(claim !== undefined ? { claim } : {}),
      ...(o.crash !== undefined ? { crash: o.crash } : {}),
      ...(o.failedOver !== undefined ? { failedOver: o.failedOver } : {}),
      ...(o.countDelta !== undefined ? { countDelta: o.countDelta } : {}),
      countCalls: o.countCalls ?? [],
      batchSize: o.batchSize ?? 1,
    });
  }

  /** A stale serve of lines [startLine, endLine] of a file now `fileNow` (undefined: gone). */
  stale(
    fileNow: string | undefined,
    startLine: number,
    endLine: number,
    response: RecordedResponse,
    claim: Claim | undefined,
    worker = 'w1',
    path = 'a.ts',
  ): Violation[] {
    return this.oracle.judge({
      kind: 'stale',
      index: this.#i++,
      event: { type: 'stale', worker, path, startLine, endLine },
      fileNow: fileNow === undefined ? undefined : { content: fileNow, mtimeMs: 1000 },
      response,
      ...(claim !== undefined ? { claim } : {}),
    });
  }

  get consequences() {
    return this.oracle.consequences;
  }

  checks(rule: string): number {
    return this.oracle.checks.get(rule as never) ?? 0;
  }
}

/** Rule: message pairs, as a story shows them. */
export const said = (v: readonly Violation[]): string[] => v.map((x) => `${x.rule}: ${x.message}`);
