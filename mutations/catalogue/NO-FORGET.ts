import { defineMutant } from '../spec.ts';
import { shimMethod } from '../targets.ts';

export default defineMutant({
  id: 'NO-FORGET',
  arm: 'all',
  rules: ['FORGET-RESETS'],
  breaks: 'forget(): does nothing',
  wild: 'stubs pointing at content the model no longer has after compaction, rewind or history trimming (the most reported lie)',
  lieClasses: ['compaction', 'compaction-whole-worker'],
  edit(t) {
    const forget = shimMethod(t, 'forget');
    if (forget.getStatements().length === 0) throw new Error('forget() is already empty');
    forget.setBodyText('');
  },
});
