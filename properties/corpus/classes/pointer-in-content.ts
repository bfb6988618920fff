import { defineLieClass } from '../define.ts';
import { T0, worker, write, reads } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'pointer-in-content',
  words: 'an unchanged re-read (a pointer in the content channel)',
  seenInWild: '"File unchanged since last read" returned as the tool result: the model copies the stub into files',
  cases: [
    {
      id: 'unchanged-reread',
      rules: ['POINTER-FULL', 'SLICE-EXACT', 'A2-NO-POINTER', 'NOTICE-SEALED', 'COUNT-EXACT'],
      needs: { anyOf: ['pointer', 'cap', 'diff'] },
      cap: TINY,
      events: (ctx) => [worker(), write('a.ts', small(ctx, 'same'), T0), ...reads(3, 'a.ts')],
    },
  ],
});
