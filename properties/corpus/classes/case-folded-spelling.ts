import { defineLieClass } from '../define.ts';
import { T0, read, sameSizeEdit, worker, write } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'case-folded-spelling',
  words: 'a ledger keyed on the spelling while the host folds case (A.ts and a.ts one file)',
  seenInWild:
    'ledgers keyed on the path string on macOS and Windows disks (anthropics/claude-code #59362 reports the case mismatch the other way)',
  cases: [
    {
      id: 'case-folded-ledger',
      rules: ['POINTER-FULL', 'DIFF-BASE-HELD', 'DIFF-COMPLETE'],
      needs: { anyOf: ['pointer', 'cap', 'diff'], caseInsensitive: true },
      cap: TINY,
      events: (ctx) => {
        const v1 = small(ctx, 'cf');
        return [
          worker(),
          write('A.ts', v1, T0),
          read('A.ts'),
          read('a.ts'),
          write('a.ts', sameSizeEdit(v1), T0 + 1000),
          read('a.ts'),
          // Back to the first bytes: the worker last got v2 (under a.ts); under A.ts it got v1.
          write('A.ts', v1, T0 + 2000),
          read('A.ts'),
          read('a.ts'),
        ];
      },
    },
  ],
  lying: [
    { file: 'src/adapters/reference.ts', note: '(the reference) declared case-insensitive' },
    { file: 'examples/designs/host-identity.ts', names: ['spelling'] },
    { file: 'examples/python/host_identity_shim.py', names: ['--lie spelling'] },
  ],
});
