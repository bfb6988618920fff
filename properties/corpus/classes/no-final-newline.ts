import { defineLieClass } from '../define.ts';
import { T0, worker, write, read } from '../content.ts';
import { MID, midFile, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'no-final-newline',
  words: 'no final newline',
  seenInWild: 'diffs that drop or add the last newline (`\\ No newline at end of file`)',
  cases: [
    {
      id: 'no-final-newline',
      rules: ['DIFF-COMPLETE', 'DIFF-BASE-HELD', 'SLICE-EXACT', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'] },
      cap: MID,
      events: (ctx) => {
        const a = midFile(ctx, 'nl').slice(0, -1);
        const b = `${a} // edited`;
        const c = `${b}\nlast line, no newline`;
        const held = (text: string) => readUntilHeld(ctx, 'n.ts', text, 40, 0);
        return [
          worker(),
          write('n.ts', a, T0),
          ...held(a),
          write('n.ts', b, T0 + 1000),
          ...held(b),
          write('n.ts', c, T0 + 2000),
          ...held(c),
          read('n.ts'),
        ];
      },
    },
  ],
});
