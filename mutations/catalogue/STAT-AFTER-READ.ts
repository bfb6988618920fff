import { MutantEditError, memberValue, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { partialEntry } from '../targets.ts';

export default defineMutant({
  id: 'STAT-AFTER-READ',
  arm: 'cap',
  rules: ['SLICE-CONTINUES', 'POINTER-FULL'],
  breaks:
    'respond(): the version a partial delivery is recorded against is read from the disk after the tool returned, not taken from the bytes returned',
  wild: 'stat/mtime taken after the bytes were read: a write in between leaves the old bytes marked as the current version',
  lieClasses: ['stat-after-read-race', 'stat-after-read-race-moved'],
  edit(t) {
    // The partial entry keeps the text it is about (`kept: text`); a hash is taken from it later.
    const kept = memberValue(partialEntry(t), 'kept');
    if (kept.getText() !== 'text')
      throw new MutantEditError(`the partial entry keeps ${kept.getText()}, not the tool's text`);
    replace(kept, 'String(readFile(req.path))');
  },
});
