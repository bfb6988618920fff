import { fn, methodCallsOf, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';

export default defineMutant({
  id: 'STALE-ONE-BASED',
  arm: 'cap',
  rules: ['STALE-SERVE-LABELLED'],
  breaks:
    'serveStaleRange(): the 0-based inclusive range is read as 1-based, serving the lines before the ones it labels',
  wild: "index pointers (0-based) mixed with editor line numbers (1-based): the symbol's neighbour is served under its name",
  lieClasses: ['stale-serve-recorded'],
  edit(t) {
    const serve = fn(t.file('reference/stale.ts'), 'serveStaleRange');
    const slice = only(methodCallsOf(serve, 'lines', 'slice'), 'lines.slice(first, last + 1)', serve);
    const [first, end] = slice.getArguments().map((a) => a.getText());
    if (first === undefined || end === undefined) throw new Error('lines.slice has no (first, end)');
    replace(slice, `lines.slice(Math.max(0, ${first} - 1), ${end} - 1)`);
  },
});
