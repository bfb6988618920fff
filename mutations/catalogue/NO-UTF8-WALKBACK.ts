import { callsOf, fn, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';

export default defineMutant({
  id: 'NO-UTF8-WALKBACK',
  arm: 'cap',
  rules: ['UTF8-WHOLE'],
  breaks: 'utf8.ts sliceEnd(): slices end at the raw cap, splitting multi-byte sequences',
  wild: 'byte caps applied with buf.subarray(0, cap): a split sequence decodes to U+FFFD on both sides',
  lieClasses: ['multibyte-at-cap'],
  edit(t) {
    const sliceEnd = fn(t.file('reference/utf8.ts'), 'sliceEnd');
    const walk = only(callsOf(sliceEnd, 'boundaryAtOrBefore'), 'boundaryAtOrBefore(...)', sliceEnd);
    const raw = walk.getArguments()[1];
    if (raw === undefined) throw new Error('boundaryAtOrBefore has no index argument');
    replace(walk, raw.getText());
  },
});
