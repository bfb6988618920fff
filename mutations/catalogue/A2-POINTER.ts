import { replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { pointerIf } from '../targets.ts';

export default defineMutant({
  id: 'A2-POINTER',
  arm: 'diff',
  rules: ['A2-NO-POINTER'],
  breaks: 'respond(): the diff arm answers the pointer for an unchanged re-read of a file held in full',
  wild: "levers that leak into each other, so the diff arm's savings cannot be measured on their own",
  edit(t) {
    replace(
      pointerIf(t).getExpression(),
      '(arm.pointer || arm.diff) && same && (arm.cap ? start : entry.delivered) >= total',
    );
  },
});
