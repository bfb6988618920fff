import { defineLieClass } from '../define.ts';

export default defineLieClass({
  id: 'notice-imitation',
  words: "notice imitation: a file whose text is the shim's own notice",
  seenInWild: 'unsealed framing ("[shim] unchanged …") that any file can reproduce',
  cases: [],
  planned: '`mimic-*` (one per notice kind the shim gave in the run)',
});
