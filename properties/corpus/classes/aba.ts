import { defineLieClass } from '../define.ts';
import { T0, replaceLine, worker, write, read } from '../content.ts';
import { MID, midFile, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'aba',
  words: 'A→B→A content',
  seenInWild: 'caches that remember every version\'s hash ("seen this content before")',
  cases: [
    {
      id: 'a-b-a',
      rules: ['POINTER-FULL', 'DIFF-COMPLETE', 'DIFF-BASE-HELD', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'diff'] },
      cap: MID,
      events: (ctx) => {
        const a = midFile(ctx, 'aba');
        const b = replaceLine(a, 3, 'const changed = "B";');
        const held = (text: string) => readUntilHeld(ctx, 'm.ts', text, 40, 0);
        return [
          worker(),
          write('m.ts', a, T0),
          ...held(a),
          write('m.ts', b, T0 + 1000),
          ...held(b),
          write('m.ts', a, T0),
          ...held(a),
          read('m.ts'),
        ];
      },
    },
  ],
});
