import { defineLieClass } from '../define.ts';
import { T0 } from '../content.ts';
import { hiddenEdit } from '../families.ts';

export default defineLieClass({
  id: 'same-second-edit',
  words: 'edit within the same second',
  seenInWild: 'caches keyed on an mtime of whole seconds (coarse file-system clocks, `stat` in seconds)',
  cases: [
    hiddenEdit({
      id: 'same-second-edit',
      tag: 'sec',
      rules: ['POINTER-FULL', 'SLICE-EXACT'],
      before: 2,
      edits: (a) => [[`${a.slice(0, -1)}x\n`, T0 + 7]],
    }),
  ],
  lying: [{ file: 'test/fixtures/naive-shims.ts', fixture: true, names: ['path-second'] }],
});
