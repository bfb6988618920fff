/** The 24 stable rule IDs (spec/SPEC.md, one section each). Reasoning for each lives in spec/SPEC.md. */

export const TRUTH_RULES = [
  'POINTER-FULL',
  'SLICE-EXACT',
  'SLICE-CONTINUES',
  'DONE-TRUE',
  'DIFF-COMPLETE',
  'DIFF-BASE-HELD',
  'UTF8-WHOLE',
  'CAP-BOUND',
  'PROGRESS',
  'ISOLATION',
  'STALE-NO-RECORD',
  'FORGET-RESETS',
  'PASSTHROUGH',
  'REFUSAL-TRUE',
] as const;

export const SURFACE_RULES = [
  'ARM-GUARD',
  'ARM-TABLE',
  'OFF-IDENTITY',
  'FIRST-VERBATIM',
  'A2-NO-POINTER',
  'PERSONA-TRUTH',
  'COUNT-EXACT',
  'STALE-SERVE-LABELLED',
  'CAP-PARAM',
  'NOTICE-SEALED',
] as const;

export type TruthRuleId = (typeof TRUTH_RULES)[number];
export type SurfaceRuleId = (typeof SURFACE_RULES)[number];
export type RuleId = TruthRuleId | SurfaceRuleId;

export const RULE_IDS: readonly RuleId[] = Object.freeze([...TRUTH_RULES, ...SURFACE_RULES]);

export interface RuleInfo {
  readonly id: RuleId;
  readonly kind: 'truth' | 'surface';
  /** The law in one sentence (the long form is in spec/SPEC.md). */
  readonly law: string;
}

const LAWS: Readonly<Record<RuleId, string>> = Object.freeze({
  'POINTER-FULL': 'An "unchanged, you hold it" answer is given only when the worker holds the current content in full.',
  'SLICE-EXACT': 'A slice carries exactly the bytes start..end of the current content and states its true total.',
  'SLICE-CONTINUES':
    "A slice that starts past 0 starts where the worker's prefix of this same content ends, never further.",
  'DONE-TRUE': '"You now hold all of it" is said only when the worker then holds the whole current content.',
  'DIFF-COMPLETE':
    'A diff, applied strictly at its hunk headers to the version the worker holds, gives the current content exactly.',
  'DIFF-BASE-HELD': 'A diff is only ever against a version the worker holds in full.',
  'UTF8-WHOLE': 'Slices start and end on UTF-8 code-point boundaries.',
  'CAP-BOUND': 'A slice carries at most cap bytes; a diff response is never larger than the re-delivery it replaces.',
  PROGRESS:
    'While content is unchanged, each slice of one spelling advances past what that spelling delivered, to the last line end within the cap.',
  ISOLATION: "One worker's deliveries never count for another worker.",
  'STALE-NO-RECORD': 'A stale line-range serve is never recorded as delivery.',
  'FORGET-RESETS': 'After forget(path?), no pointer, continuation or diff relies on earlier deliveries.',
  PASSTHROUGH: 'An error of the inner tool reaches the worker and records nothing.',
  'REFUSAL-TRUE': 'A "missing / unreadable" answer is given only when the tool fails now.',
  'ARM-GUARD': "An arm flag outside false/undefined/'cap'/'diff'/true throws a TypeError naming the legal spellings.",
  'ARM-TABLE': 'Each arm switches on exactly the levers of its row in the arm table.',
  'OFF-IDENTITY': 'The off arm returns the very same tool object with the same execute.',
  'FIRST-VERBATIM': "A first read that fits under the cap returns the tool's text untouched.",
  'A2-NO-POINTER': 'The diff arm never answers a pointer; it re-delivers unchanged re-reads.',
  'PERSONA-TRUTH': 'The persona line describes exactly the levers the arm carries.',
  'COUNT-EXACT': 'Counters are exact: pointers, capped slices and withheld bytes, one callback per counted response.',
  'STALE-SERVE-LABELLED':
    'A stale serve returns the asked 0-based lines fresh from disk under a notice that says what they are.',
  'CAP-PARAM': 'The cap is an integer >= 4; anything else is a RangeError naming the domain.',
  'NOTICE-SEALED': "Every notice and the persona line carry the shim instance's seal.",
});

export const RULES: readonly RuleInfo[] = Object.freeze(
  RULE_IDS.map((id) =>
    Object.freeze({
      id,
      kind: (TRUTH_RULES as readonly string[]).includes(id) ? 'truth' : 'surface',
      law: LAWS[id],
    } as const),
  ),
);

export function isRuleId(s: string): s is RuleId {
  return (RULE_IDS as readonly string[]).includes(s);
}
