import { callsOf, fn, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { SHIM } from '../targets.ts';

export default defineMutant({
  id: 'WINDOW-BLIND',
  arm: 'cap',
  rules: ['POINTER-FULL'],
  breaks: 'requestOf(): the ledger key drops the window (offset/limit), so every window of a path shares one entry',
  wild: 'dedup keyed on the path alone across offset/limit windows: a pointer about text another request delivered',
  lieClasses: ['window-same-text', 'whole-after-window'],
  edit(t) {
    const requestOf = fn(t.file(SHIM), 'requestOf');
    replace(only(callsOf(requestOf, 'argsKey'), 'argsKey(...)', requestOf), 'argsKey({})');
  },
});
