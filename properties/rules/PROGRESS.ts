/** PROGRESS: while content is unchanged, each slice of one spelling advances, to the last line end within the cap. */
import { n, sameBytes } from '../oracle/bytes.ts';
import type { Known } from '../oracle/knowledge.ts';
import { progressFloor } from '../oracle/progress.ts';
import { always, behind } from './applies.ts';
import { defineRule } from './types.ts';

/** K is a prefix of this very content, short of its end: the next slice must advance. */
function partlyHeld(known: Known | undefined, content: string, contentBytes: Buffer): known is Known {
  return (
    known !== undefined &&
    known.against === content &&
    known.total === contentBytes.length &&
    known.prefix.length < known.total &&
    sameBytes(known.prefix, contentBytes.subarray(0, known.prefix.length))
  );
}

export default defineRule({
  id: 'PROGRESS',
  kind: 'truth',
  law: 'While content is unchanged, each slice of one spelling advances past what that spelling delivered, to the last line end within the cap.',
  spec: 'spec/SPEC.md#progress',
  lever: always('cap'),
  notApplicable: behind('cap'),
  judge: {
    // Spec 2.2: withholding a window the shim's own policy allows gives the worker nothing to go on.
    withheld: ({ policy, whole, applies, outcome }, t) => {
      if (policy === undefined || whole || applies) return;
      t.check();
      t.fail(
        `withheld a window of ${outcome.event.path} (policy ${policy.id} withholds whole reads only): the worker asked for the way the notice offers`,
      );
    },
    // Liveness, per spelling (properties/oracle/progress.ts): not a claim, so no shadow blames it.
    progress: ({ claim, content, contentBytes, known, cap, capOn, span, spelling, last, delivered: prefix }, t) => {
      if (
        !capOn ||
        !partlyHeld(known, content, contentBytes) ||
        last !== spelling ||
        prefix <= 0 ||
        prefix >= contentBytes.length
      )
        return;
      t.check();
      const floor = progressFloor(contentBytes, span.start, cap);
      if (claim.kind === 'verbatim' && contentBytes.length > cap)
        t.fail('restarted from byte 0 with the whole file while the worker held a prefix');
      else if (span.end <= prefix || span.end < floor)
        t.fail(
          `with bytes 0–${n(prefix)} of ${n(contentBytes.length)} delivered to ${spelling} and the file unchanged, the slice ${n(span.start)}–${n(span.end)} ${span.end <= prefix ? `does not pass byte ${n(prefix)}` : `ends before byte ${n(floor)} (the last line end within the cap, or start + cap − 3 without one)`}`,
        );
    },
  },
});
