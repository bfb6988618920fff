/**
 * `run --adapter <module>` (or no subject flag: the embedded reference) as a kind of subject
 * (src/adapters/kind.ts): an in-process adapter module, loaded into the kit. docs/guide/adapter.md.
 */
import { awaitAdapter } from '../../harness/blame.ts';
import { shellWord } from '../command.ts';
import type { SubjectKind } from '../kind.ts';

export interface AdapterFlags {
  readonly kind: 'adapter';
  /** --adapter <module>; undefined: the embedded reference. */
  readonly path?: string;
}

export const inProcessKind: SubjectKind<AdapterFlags> = {
  name: 'adapter',
  select: '--adapter <module>',
  extra: [],
  flags: ['adapter'],
  transport: 'in-process',
  isolatedHistories: false,
  isolate: (covered) =>
    `applies to subjects the kit starts as processes (${covered}); an in-process adapter runs inside the kit`,
  parse: (f) => (f.has('adapter') ? { kind: 'adapter', path: f.get('adapter')! } : undefined),
  async open(a, o) {
    const { loadInProcess } = await import('./load.ts');
    const adapter = await loadInProcess(a.path, o.calls);
    return {
      adapter,
      transport: 'in-process',
      isolatedHistories: false,
      failure: () => undefined,
      host: () => undefined,
      assumptions: () => [],
      close: () => awaitAdapter(adapter.name, 'close()', () => adapter.close?.()),
    };
  },
  argv: (a) => (a.path !== undefined ? [`--adapter ${shellWord(a.path)}`] : []),
  who: (a) => `adapter ${a.path ?? 'reference'}`,
};
