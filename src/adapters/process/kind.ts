/**
 * `run --process "<cmd>"` as a kind of subject (src/adapters/kind.ts): a shim in any language
 * over the protocol (docs/PROTOCOL.md), one process per history (adapter.ts).
 */
import { UsageError } from '../../core/errors.ts';
import { shellWord } from '../command.ts';
import { quoteCommand, type SubjectKind } from '../kind.ts';

export interface ProcessFlags {
  readonly kind: 'process';
  /** --process "<cmd>": a shim in any language, over the protocol (docs/PROTOCOL.md). */
  readonly command: string;
}

export const processKind: SubjectKind<ProcessFlags> = {
  name: 'process',
  select: '--process "<cmd>"',
  extra: [],
  flags: ['process'],
  transport: 'process',
  isolatedHistories: true,
  isolate: true,
  eachHistory: 'the process anew',
  parse(f) {
    const command = f.get('process');
    if (command !== undefined && f.get('adapter') !== undefined)
      throw new UsageError('run: give --adapter <module> or --process "<cmd>", not both');
    if (command !== undefined && command.trim() === '')
      throw new UsageError(
        'run: --process needs a command line, e.g. --process "python3 examples/python/delivery_shim.py"',
      );
    return command !== undefined ? { kind: 'process', command } : undefined;
  },
  async open(p, o) {
    const { openProcessAdapter } = await import('./adapter.ts');
    const adapter = await openProcessAdapter({
      command: p.command,
      ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
      // A replay runs no probes and no generated history: the one process it needs is the first.
      ...(o.replay ? { prespawn: 0, lendSurface: true } : {}),
      ...(o.isolation ? { isolation: o.isolation } : {}),
    });
    return {
      adapter,
      transport: 'process',
      isolatedHistories: true,
      failure: () => adapter.failure(),
      host: () => undefined,
      assumptions: () => [],
      close: async () => adapter.close?.(),
    };
  },
  argv: (p) => [`--process ${shellWord(p.command)}`],
  who: (p) => quoteCommand('process', p.command),
};
