/**
 * Every rule in one place (spec/SPEC.md, one section each): its kind, its law, the lever that
 * stands behind it, when it is n/a and why, and the files of properties/ that judge it. The IDs
 * live in src/core/rules.ts; this record is typed by them, so a rule left out (or a kind that
 * disagrees with src/core/rules.ts) does not compile. Applicability (properties/applicability.ts),
 * the lever table and GATES.md's property column (dev/selfcheck/where.ts) are derived from it.
 */
import type { LeverName, Mode } from '../src/core/levers.ts';
import { RULE_IDS, type RuleId, type TruthRuleId } from '../src/core/rules.ts';
import type { Capabilities } from '../src/core/contract.ts';
import { declaredArms, hasArmSurface, offersDiff } from '../src/adapters/capabilities.ts';
import { smallestDiffResponse } from './oracle/smallest-diff.ts';

export interface RunShape {
  /** The one cap every history uses (--cap or capabilities.cap), if fixed. */
  readonly fixedCap?: number;
  readonly seal: string;
}

/** What decides a rule's applicability: the levers in force, what the adapter declares, the run. */
export interface Applicability {
  readonly mode: Mode;
  readonly caps: Capabilities;
  readonly run: RunShape;
}

export interface RuleSpec<K extends 'truth' | 'surface' = 'truth' | 'surface'> {
  readonly kind: K;
  /** The law in one sentence (the long form is in spec/SPEC.md). */
  readonly law: string;
  /**
   * The lever in force that stands behind the rule, if any: declared but never used (and offered
   * often enough), it leaves the rule n/a rather than unexercised (applicability.ts unusedLever).
   */
  readonly lever?: (mode: Mode) => LeverName | undefined;
  /** undefined = applicable; otherwise the reason it is n/a. A rule that is n/a still fails if a violation is observed. */
  readonly notApplicable: (a: Applicability) => string | undefined;
  /** Where the rule is judged in properties/ (GATES.md's "property" column; a test keeps it true). */
  readonly judgedIn: readonly string[];
}

type Specs = { readonly [R in RuleId]: RuleSpec<R extends TruthRuleId ? 'truth' : 'surface'> };

const J = 'properties/oracle/judge.ts';
const ARM_GUARD = 'properties/surface/arm-guard.ts';
const ARM_BEHAVIOUR = 'properties/surface/arm-behaviour.ts';
const PERSONA = 'properties/surface/persona.ts';

const applies = (): undefined => undefined;
const always = (lever: LeverName) => (): LeverName => lever;

function lacks(mode: Mode, lever: LeverName): string {
  return mode.arm !== undefined ? `arm ${mode.arm} has no ${lever} lever` : `the shim declares no ${lever} lever`;
}

/** Applicable only when `lever` is in force. */
const behind =
  (lever: LeverName) =>
  ({ mode }: Applicability): string | undefined =>
    mode.levers[lever] ? undefined : lacks(mode, lever);

function noLedger(mode: Mode): string | undefined {
  if (mode.levers.on) return undefined;
  return mode.arm !== undefined ? 'the off arm keeps no ledger' : 'a shim with no lever keeps no ledger';
}

const NO_SURFACE = 'the adapter declares no arm surface (arms + surface.resolveArm)';

function diffApplies({ mode, caps, run }: Applicability): string | undefined {
  const lv = mode.levers;
  // A lever shim's diff capability is its diff lever: name the lever (spec/SPEC.md "Levers").
  if (!offersDiff(caps))
    return caps.levers !== undefined ? lacks(mode, 'diff') : 'the adapter declares no diff capability';
  if (!lv.diff) return lacks(mode, 'diff');
  if (lv.cap && run.fixedCap !== undefined) {
    const least = smallestDiffResponse(caps.seal ? run.seal : undefined);
    if (run.fixedCap < least)
      return `cap ${run.fixedCap} is below the smallest diff response a strict applier accepts (${least} bytes: file headers and one hunk${caps.seal ? ', plus the seal' : ''}), so no truthful shim can send a diff`;
  }
  return undefined;
}

export const RULE_SPECS: Specs = Object.freeze({
  'POINTER-FULL': {
    kind: 'truth',
    law: 'An "unchanged, you hold it" answer is given only when the worker holds the current content in full.',
    lever: always('pointer'),
    notApplicable: behind('pointer'),
    judgedIn: [J],
  },
  'SLICE-EXACT': {
    kind: 'truth',
    law: 'A slice carries exactly the bytes start..end of the current content and states its true total.',
    notApplicable: applies,
    judgedIn: [J],
  },
  'SLICE-CONTINUES': {
    kind: 'truth',
    law: "A slice that starts past 0 starts where the worker's prefix of this same content ends, never further.",
    lever: always('cap'),
    notApplicable: behind('cap'),
    judgedIn: [J],
  },
  'DONE-TRUE': {
    kind: 'truth',
    law: '"You now hold all of it" is said only when the worker then holds the whole current content.',
    lever: always('cap'),
    notApplicable: behind('cap'),
    judgedIn: [J],
  },
  'DIFF-COMPLETE': {
    kind: 'truth',
    law: 'A diff, applied strictly at its hunk headers to the version the worker holds, gives the current content exactly.',
    lever: always('diff'),
    notApplicable: diffApplies,
    judgedIn: [J, 'properties/oracle/strict-patch.ts'],
  },
  'DIFF-BASE-HELD': {
    kind: 'truth',
    law: 'A diff is only ever against a version the worker holds in full.',
    lever: always('diff'),
    notApplicable: diffApplies,
    judgedIn: [J],
  },
  'UTF8-WHOLE': {
    kind: 'truth',
    law: 'Slices start and end on UTF-8 code-point boundaries.',
    lever: always('cap'),
    notApplicable: behind('cap'),
    judgedIn: [J],
  },
  'CAP-BOUND': {
    kind: 'truth',
    law: 'A slice carries at most cap bytes; a diff response is never larger than the re-delivery it replaces.',
    // Without the cap lever, CAP-BOUND judges only diffs: the diff lever stands behind it.
    lever: (mode) => (mode.levers.cap ? undefined : 'diff'),
    notApplicable: ({ mode, caps }) =>
      mode.levers.cap || (mode.levers.diff && offersDiff(caps)) ? undefined : lacks(mode, 'cap'),
    judgedIn: [J],
  },
  PROGRESS: {
    kind: 'truth',
    law: 'While content is unchanged, each slice of one spelling advances past what that spelling delivered, to the last line end within the cap.',
    lever: always('cap'),
    notApplicable: behind('cap'),
    judgedIn: [J],
  },
  ISOLATION: {
    kind: 'truth',
    law: "One worker's deliveries never count for another worker.",
    notApplicable: ({ mode }) => noLedger(mode),
    judgedIn: [J],
  },
  'STALE-NO-RECORD': {
    kind: 'truth',
    law: 'A stale line-range serve is never recorded as delivery.',
    notApplicable: ({ mode, caps }) => {
      if (!caps.staleServe) return 'the adapter declares no stale serve';
      return mode.levers.cap ? undefined : 'the stale serve runs only under a capping arm';
    },
    judgedIn: [J],
  },
  'FORGET-RESETS': {
    kind: 'truth',
    law: 'After forget(path?), no pointer, continuation or diff relies on earlier deliveries.',
    notApplicable: ({ mode, caps }) => {
      const none = noLedger(mode);
      if (none !== undefined) return none;
      if (caps.hostNeverCompacts) return 'ASSUMED: the adapter declares its host never compacts or rewinds';
      return undefined;
    },
    judgedIn: [J],
  },
  PASSTHROUGH: {
    kind: 'truth',
    law: 'An error of the inner tool reaches the worker and records nothing.',
    notApplicable: applies,
    judgedIn: [J],
  },
  'REFUSAL-TRUE': {
    kind: 'truth',
    law: 'A "missing / unreadable" answer is given only when the tool fails now.',
    notApplicable: applies,
    judgedIn: [J],
  },
  'ARM-GUARD': {
    kind: 'surface',
    law: "An arm flag outside false/undefined/'cap'/'diff'/true throws a TypeError naming the legal spellings.",
    notApplicable: ({ caps }) =>
      hasArmSurface(caps)
        ? undefined
        : caps.arms === undefined
          ? NO_SURFACE
          : 'the adapter exposes no arm resolver (surface.resolveArm)',
    judgedIn: [ARM_GUARD],
  },
  'ARM-TABLE': {
    kind: 'surface',
    law: 'Each arm switches on exactly the levers of its row in the arm table.',
    notApplicable: ({ caps }) => (hasArmSurface(caps) ? undefined : NO_SURFACE),
    judgedIn: [ARM_GUARD, ARM_BEHAVIOUR, J],
  },
  'OFF-IDENTITY': {
    kind: 'surface',
    law: 'The off arm returns the very same tool object with the same execute.',
    notApplicable: ({ caps }) => {
      if (!declaredArms(caps).includes('off'))
        return caps.arms === undefined ? NO_SURFACE : 'the adapter declares no off arm';
      return caps.wrapTool ? undefined : 'the adapter exposes no tool wrapping (surface.wrapTool)';
    },
    judgedIn: ['properties/surface/off-identity.ts'],
  },
  'FIRST-VERBATIM': {
    kind: 'surface',
    law: "A first read that fits under the cap returns the tool's text untouched.",
    notApplicable: applies,
    judgedIn: [J],
  },
  'A2-NO-POINTER': {
    kind: 'surface',
    law: 'The diff arm never answers a pointer; it re-delivers unchanged re-reads.',
    notApplicable: ({ caps }) => {
      if (!hasArmSurface(caps)) return NO_SURFACE;
      return declaredArms(caps).includes('diff') ? undefined : 'the adapter declares no diff arm';
    },
    judgedIn: [J, ARM_BEHAVIOUR],
  },
  'PERSONA-TRUTH': {
    kind: 'surface',
    law: 'The persona line describes exactly the levers the arm carries.',
    notApplicable: ({ caps }) =>
      caps.persona && caps.arms !== undefined ? undefined : 'the adapter exposes no persona (surface.persona)',
    judgedIn: [PERSONA],
  },
  'COUNT-EXACT': {
    kind: 'surface',
    law: 'Counters are exact: pointers, capped slices and withheld bytes, one callback per counted response.',
    notApplicable: ({ caps }) => (caps.counters ? undefined : 'the adapter exposes no counters'),
    judgedIn: [J],
  },
  'STALE-SERVE-LABELLED': {
    kind: 'surface',
    law: 'A stale serve returns the asked 0-based lines fresh from disk under a notice that says what they are.',
    notApplicable: ({ caps }) => (caps.staleServe ? undefined : 'the adapter declares no stale serve'),
    judgedIn: [J],
  },
  'CAP-PARAM': {
    kind: 'surface',
    law: 'The cap is an integer >= 4; anything else is a RangeError naming the domain.',
    notApplicable: ({ caps }) => {
      if (caps.cap !== undefined) return `the adapter has a fixed cap of ${caps.cap} bytes, not a cap parameter`;
      return caps.capParam ? undefined : 'the adapter takes no cap parameter';
    },
    judgedIn: ['properties/surface/cap-param.ts'],
  },
  'NOTICE-SEALED': {
    kind: 'surface',
    law: "Every notice and the persona line carry the shim instance's seal.",
    notApplicable: ({ caps }) => (caps.seal ? undefined : 'the adapter declares its notices carry no seal'),
    judgedIn: [J, PERSONA],
  },
});

export interface RuleInfo {
  readonly id: RuleId;
  readonly kind: 'truth' | 'surface';
  /** The law in one sentence (the long form is in spec/SPEC.md). */
  readonly law: string;
}

/** The rules in ID order (src/core/rules.ts), each with its kind and law. */
export const RULES: readonly RuleInfo[] = Object.freeze(
  RULE_IDS.map((id) => Object.freeze({ id, kind: RULE_SPECS[id].kind, law: RULE_SPECS[id].law } as const)),
);
