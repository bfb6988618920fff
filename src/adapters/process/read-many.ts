/**
 * A batch read call over the process protocol (spec/SPEC.md "Batch reads", docs/reference/protocol.md
 * "readMany"): one request listing the paths, one reply with a part per path. Each part's text is
 * queued with its claim for decoding, as a read reply's is; an error part is the read tool's
 * failure passed on for that file.
 */
import type { BatchPart } from '../../core/batch.ts';
import type { ClaimQueue } from '../claim-queue.ts';
import type { AdapterContext, Capabilities } from '../../core/contract.ts';
import type { Channel, Message } from './channel.ts';
import type { WireError, WirePart } from './protocol.ts';
import type { Sandbox } from './sandbox.ts';

export interface ReadManyWire {
  readonly channel: Pick<Channel, 'request' | 'fail'>;
  readonly sandbox: Pick<Sandbox, 'prepare'>;
  readonly claims: ClaimQueue;
  readonly ctx: AdapterContext;
  readonly caps: Capabilities;
  /** Notes the reply's counters and throws its error, as every op of the worker does. */
  readonly answer: (m: Message) => Message;
}

export async function readManyOverWire(w: ReadManyWire, paths: readonly string[]): Promise<BatchPart[]> {
  for (const p of paths) w.sandbox.prepare(p);
  const m = w.answer(await w.channel.request('readMany', { worker: w.ctx.workerId, paths: [...paths] }));
  if (w.caps.counters && m.counters === undefined)
    throw w.channel.fail('declared capabilities.counters but sent a readMany reply without "counters"');
  const parts = m.parts as readonly WirePart[];
  if (parts.length !== paths.length)
    throw w.channel.fail(`answered a readMany of ${paths.length} paths with ${parts.length} parts (one per path)`);
  for (const n of (m.counted as number[] | undefined) ?? []) w.ctx.onCount(n);
  return parts.map((p): BatchPart => {
    if ('error' in p) return errorPart(p.error);
    w.claims.put(p.text, p.claim);
    return p.text;
  });
}

const errorPart = (e: WireError): BatchPart =>
  e.code !== undefined ? { error: e.message, code: e.code } : { error: e.message };
