import { defineLieClass } from '../define.ts';
import { T0, worker, write, read } from '../content.ts';
import { TINY, small } from '../helpers.ts';

export default defineLieClass({
  id: 'framed-first-read',
  words: "a first read that is not the tool's text (a wrapper that always frames)",
  seenInWild: 'wrappers that always add "[file: …]" framing the model copies',
  cases: [
    {
      id: 'first-read',
      rules: ['FIRST-VERBATIM', 'SLICE-EXACT', 'ARM-TABLE', 'COUNT-EXACT'],
      needs: {},
      cap: TINY,
      events: (ctx) => [worker(), write('a.ts', small(ctx, 'first'), T0), read('a.ts')],
    },
  ],
});
