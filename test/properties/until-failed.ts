/**
 * A run that stops once one rule's counterexample is final: the first failure of a rule stays
 * (properties/engine/tally.ts), so the rest of the run can change neither that verdict nor its story.
 * For tests whose point is "this liar fails rule R with this story" (the truthful twins run in full).
 */
import type { RuleId } from '../../src/core/rules.ts';
import { judgeRun, type RunResult, type JudgeOptions } from '../../properties/run.ts';

export function runUntilFailed(o: JudgeOptions, rule: RuleId): Promise<RunResult> {
  let final = false;
  return judgeRun({
    ...o,
    onFailure: (r, _trace, stage) => {
      if (r === rule && stage === 'final') final = true;
    },
    stopWhen: () => final,
  });
}
