/** PASSTHROUGH: an error of the inner tool reaches the worker and records nothing (blamed through the `with-errors` shadow). */
import { sameKnowledge } from '../oracle/knowledge.ts';
import { applies } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'PASSTHROUGH',
  kind: 'truth',
  law: 'An error of the inner tool reaches the worker and records nothing.',
  spec: 'spec/SPEC.md#passthrough',
  notApplicable: applies,
  judge: {
    // The tool fails now: only its error or a refusal is true — or a pointer to the very failure
    // the worker was last given for this request (spec/SPEC.md "A repeated failure").
    failedRead: ({ outcome: { claim, response }, code, lastFailure, repeated, say }, t) => {
      t.check();
      if (claim === undefined || claim.kind === 'refusal' || repeated) return;
      t.fail(
        `the read tool failed (${code}) but the shim answered ${say(claim, response)} instead of passing the error on${claim.kind === 'pointer' ? ` (the worker was ${lastFailure !== undefined ? `last given another failure (${lastFailure})` : 'never given this failure'} for this request)` : ''}`,
      );
    },
    derived: {
      order: 40,
      checked: (d) => !sameKnowledge(d.shadow('with-errors'), d.known),
      explains: (d, rule) => d.explainedBy(d.shadow('with-errors'), rule),
      why: ' (true only if a request the tool failed had counted as delivered)',
    },
  },
});
