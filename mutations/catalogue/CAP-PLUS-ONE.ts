import { callsOf, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'CAP-PLUS-ONE',
  arm: 'cap',
  rules: ['CAP-BOUND'],
  breaks: 'respond(): slices are cut at cap + 1 bytes',
  wild: 'an inclusive end (`<= cap`) or a cap counted in characters, delivering one byte too many',
  lieClasses: ['slice-over-cap'],
  edit(t) {
    const respond = respondOf(t);
    const cut = only(callsOf(respond, 'sliceEnd'), 'sliceEnd(...)', respond);
    const cap = cut.getArguments()[2];
    if (cap === undefined) throw new Error('sliceEnd has no cap argument');
    replace(cap, `${cap.getText()} + 1`);
  },
});
