import { defineLieClass } from '../define.ts';
import { T0, lines, replaceLine, worker, write, read } from '../content.ts';
import { TINY, MID, tooLarge, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'crlf',
  words: 'CRLF line endings',
  seenInWild: 'line splitting on `\\r` or `\\n` alone; slices cut between `\\r` and `\\n`',
  cases: [
    {
      id: 'crlf-diff',
      rules: ['DIFF-COMPLETE', 'DIFF-BASE-HELD', 'SLICE-EXACT'],
      needs: { anyOf: ['pointer', 'cap', 'diff'] },
      cap: MID,
      events: (ctx) => {
        const a = lines(Math.max(3, Math.min(120, Math.floor((ctx.cap - 200) / 20))), 'crlf', '\r\n');
        const b = replaceLine(a, 1, 'crlf line two, edited');
        const held = (text: string) => readUntilHeld(ctx, 'w.ts', text, 22, 0);
        return [worker(), write('w.ts', a, T0), ...held(a), write('w.ts', b, T0 + 1000), ...held(b), read('w.ts')];
      },
    },
    {
      id: 'crlf-slices',
      rules: ['SLICE-EXACT', 'PROGRESS', 'SLICE-CONTINUES', 'UTF8-WHOLE'],
      needs: { levers: ['cap'] },
      cap: TINY,
      unplayable: tooLarge,
      events: (ctx) => {
        // Lines of 4 bytes ("ab\r\n"): some cut falls between \r and \n.
        const text = 'ab\r\n'.repeat(Math.ceil((ctx.cap * 2.5) / 4));
        return [worker(), write('r.ts', text, T0), ...readUntilHeld(ctx, 'r.ts', text, Math.min(4, ctx.cap), 1)];
      },
    },
  ],
});
