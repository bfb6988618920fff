/** STALE-SERVE-LABELLED: a stale serve returns the asked 0-based lines fresh from disk under a notice that says what they are. */
import { describeMode } from '../../src/core/levers.ts';
import { isBoundary, n, sameBytes } from '../oracle/bytes.ts';
import type { StaleServe } from '../oracle/context.ts';
import { defineRule } from './types.ts';

/** What is wrong with served lines, against the file now (0-based, inclusive, clamped; cut at the cap on a boundary). */
function problems({ claim, outcome: { event }, lines, badRange, cap, memo }: StaleServe): string[] {
  if (claim.kind !== 'stale') return [];
  const { startLine, endLine } = event;
  const last = Math.min(endLine, lines.length - 1);
  const want = memo.utf8(lines.slice(startLine, last + 1).join(''));
  const got = memo.utf8(claim.payload);
  const out: string[] = [];
  if (badRange || startLine >= lines.length)
    out.push(`served lines ${startLine}–${endLine} that it should have refused`);
  if (claim.startLine !== startLine || claim.endLine !== last)
    out.push(
      `labelled lines ${claim.startLine}–${claim.endLine}, asked ${startLine}–${endLine} of ${lines.length} (0-based, inclusive, clamped: ${startLine}–${last})`,
    );
  if (claim.lines !== lines.length) out.push(`said the file has ${claim.lines} lines; it has ${lines.length}`);
  const fits =
    got.length <= cap &&
    got.length <= want.length &&
    sameBytes(got, want.subarray(0, got.length)) &&
    isBoundary(want, got.length);
  if (!fits)
    out.push(
      `the ${n(got.length)} served bytes are not 0-based lines ${startLine}–${last} of the file now (cut at the cap on a character boundary)`,
    );
  else if (got.length < Math.min(want.length, cap - 3))
    out.push(`served ${n(got.length)} of ${n(want.length)} bytes, cut short of the cap`);
  else if (claim.truncated !== got.length < want.length)
    out.push(claim.truncated ? 'said it was cut at the cap, but it was not' : 'was cut at the cap without saying so');
  return out;
}

export default defineRule({
  id: 'STALE-SERVE-LABELLED',
  kind: 'surface',
  law: 'A stale serve returns the asked 0-based lines fresh from disk under a notice that says what they are.',
  spec: 'spec/SPEC.md#stale-serve-labelled',
  notApplicable: ({ caps }) => (caps.staleServe ? undefined : 'the adapter declares no stale serve'),
  judge: {
    backs: ['stale'],
    // Only a capping arm serves stale lines; refusals are results, never throws.
    staleAnswer: ({ outcome: { response }, capOn, mode }, t) => {
      t.check();
      if (!capOn) {
        if (!('none' in response))
          t.fail(
            `the stale serve answered under ${describeMode(mode)}, which has no cap lever (it must return nothing)`,
          );
      } else if ('none' in response) t.fail('the stale serve returned nothing under a capping arm');
      else if ('error' in response)
        t.fail(`the stale serve threw (${response.error}); refusals are results, never throws`);
    },
    staleClaim: (s, t) => {
      const { claim, outcome, lines, badRange, say } = s;
      const { startLine, endLine } = outcome.event;
      const { fileNow } = outcome;
      if (claim.kind === 'refusal') {
        if (claim.reason === 'stale-past-eof') {
          if (fileNow === undefined || startLine < lines.length || badRange)
            t.fail(
              `said lines ${startLine}–${endLine} start past the end, but the file ${fileNow === undefined ? 'is gone' : `has ${n(lines.length)} lines`}`,
            );
        } else if (claim.reason === 'stale-bad-range' && !badRange)
          t.fail(`refused lines ${startLine}–${endLine} as a bad range`);
        return;
      }
      if (claim.kind !== 'stale') t.fail(`a stale serve answered ${say(claim, outcome.response)}`);
      else if (fileNow === undefined) t.fail('served lines of a file that does not exist');
      else for (const p of problems(s)) t.fail(p);
    },
  },
});
