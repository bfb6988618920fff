/** REFUSAL-TRUE: "missing / unreadable" only when the tool fails now. */
import { n } from '../oracle/bytes.ts';
import { applies } from './applies.ts';
import { defineRule } from './types.ts';

export default defineRule({
  id: 'REFUSAL-TRUE',
  kind: 'truth',
  law: 'A "missing / unreadable" answer is given only when the tool fails now.',
  spec: 'spec/SPEC.md#refusal-true',
  notApplicable: applies,
  judge: {
    // The tool fails now: any refusal is true (what else is, PASSTHROUGH judges).
    failedRead: (_r, t) => t.check(),
    refusedRead: ({ outcome, refusal, contentBytes }, t) => {
      t.check();
      if (refusal !== undefined) {
        t.fail(`said the file is ${refusal.reason} but the tool returns ${n(contentBytes.length)} bytes now`);
        return;
      }
      const { response } = outcome;
      const what =
        outcome.crash !== undefined
          ? `the shim threw ${outcome.crash}`
          : `the shim failed the read (${'error' in response ? response.error : 'no response'})`;
      t.fail(`${what} but the tool returns ${n(contentBytes.length)} bytes now`);
    },
    // Spec 2.2: the shim's own policy withheld the read (spec/SPEC.md "Withheld by the shim's policy").
    withheld: ({ claim, policy, whole, applies, pointerWords, text, contentBytes }, t) => {
      t.check();
      if (policy === undefined)
        t.fail(
          `said the shim's policy ${claim.policy} withheld the read, but no such policy is declared (capabilities.policies)`,
        );
      else if (pointerWords.some((w) => w.test(text)))
        t.fail(`said the shim's policy ${policy.id} withheld the read, in words that read as "unchanged"`);
      else if (!text.includes(policy.howTo))
        t.fail(`withheld the read without saying how to get the bytes (${JSON.stringify(policy.howTo)})`);
      else if (!applies && whole)
        t.fail(
          `withheld a whole read of ${n(contentBytes.length)} bytes, which policy ${policy.id} allows (it withholds whole reads over ${n(policy.wholeOverBytes)} bytes)`,
        );
    },
    staleClaim: ({ claim, outcome: { fileNow }, lines }, t) => {
      if (claim.kind !== 'refusal') return;
      t.check();
      const gone = claim.reason === 'stale-absent' || claim.reason === 'absent' || claim.reason === 'unreadable';
      if (gone && fileNow !== undefined)
        t.fail(`the stale serve said the file is gone, but it has ${n(lines.length)} lines now`);
    },
  },
});
