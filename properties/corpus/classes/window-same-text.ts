import { defineLieClass } from '../define.ts';
import { T0, lines, read, reads, worker, write } from '../content.ts';
import { MID } from '../helpers.ts';

export default defineLieClass({
  id: 'window-same-text',
  words: 'a window answered "unchanged" because another window showed the same text at other line numbers',
  seenInWild: 'dedup keyed on the path alone, or on a digest of the text, across windows',
  cases: [
    {
      // Lines 1–3 equal lines 4–6: the worker was shown that text at other line numbers, not these.
      id: 'window-same-text-elsewhere',
      rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
      needs: { levers: ['pointer'], windows: true },
      cap: MID,
      events: () => [
        worker(),
        write('r.ts', lines(3, 'twice').repeat(2), T0),
        read('r.ts', { args: { offset: 1, limit: 3 } }),
        ...reads(2, 'r.ts', { args: { offset: 4, limit: 3 } }),
      ],
    },
  ],
});
