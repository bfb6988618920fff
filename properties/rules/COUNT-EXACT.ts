/** COUNT-EXACT: counters move exactly by what a batch's responses withheld, one callback per counted response. */
import { n } from '../oracle/bytes.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'COUNT-EXACT',
  kind: 'surface',
  law: 'Counters are exact: pointers, capped slices and withheld bytes, one callback per counted response.',
  spec: 'spec/SPEC.md#count-exact',
  notApplicable: ({ caps }) => (caps.counters ? undefined : 'the adapter exposes no counters'),
  judge: {
    batch: ({ batch, outcome, delta: d, caps }, t) => {
      let pointered = 0;
      let capped = 0;
      const withheld: number[] = [];
      for (const b of batch) {
        const c = b.claim;
        if (c?.kind === 'pointer') {
          pointered++;
          withheld.push(c.total);
        } else if (c?.kind === 'slice' && c.end < c.total) {
          capped++;
          withheld.push(c.total - c.end);
        }
      }
      const sum = withheld.reduce((a, b) => a + b, 0);
      t.check();
      if (d.pointered !== pointered || d.capped !== capped || d.bytesWithheld !== sum)
        t.fail(
          `counters moved by pointered +${d.pointered}, capped +${d.capped}, bytesWithheld +${n(d.bytesWithheld)}; the response${batch.length > 1 ? 's' : ''} make${batch.length > 1 ? '' : 's'} that +${pointered}, +${capped}, +${n(sum)}`,
        );
      if (caps.countCallback) {
        const got = [...outcome.countCalls].sort((a, b) => a - b);
        const want = [...withheld].sort((a, b) => a - b);
        if (got.length !== want.length || got.some((g, i) => g !== want[i]))
          t.fail(`onCount fired with [${got.map(n).join(', ')}]; expected [${want.map(n).join(', ')}]`);
      }
    },
  },
});
