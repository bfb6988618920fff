import { callsOf, local, only, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { respondOf } from '../targets.ts';

export default defineMutant({
  id: 'STAT-AFTER-READ',
  arm: 'cap',
  rules: ['SLICE-CONTINUES', 'POINTER-FULL'],
  breaks: 'respond(): the version a partial delivery is recorded against is hashed from the disk after the tool returned, not from the bytes returned',
  wild: 'stat/mtime taken after the bytes were read: a write in between leaves the old bytes marked as the current version',
  edit(t) {
    const hash = local(respondOf(t), 'hash');
    const call = only(callsOf(hash, 'contentHash'), 'contentHash(text)', hash);
    replace(call, 'contentHash(String(readFile(req.path)))');
  },
});
