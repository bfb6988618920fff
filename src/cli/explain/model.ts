/**
 * Everything the kit knows about one rule, from its registries: the law (its module), the
 * executed examples of its spec/SPEC.md section, where it is judged (found by symbol), the mutants
 * it must kill (with what the recorded run measured), the gates that guard its structural half,
 * its lie classes and its corpus cases. `readshim-conformance explain <RULE>` prints it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEVER_NAMES, modeOfLevers } from '../../core/levers.ts';
import { RULE_IDS, isRuleId, type RuleId } from '../../core/rules.ts';
import { UsageError } from '../../core/errors.ts';
import { GATES } from '../../../gates/ids.ts';
import { RULES_BY_ID } from '../../../properties/rules/index.ts';
import { CASES, LIE_CLASSES, type LieClassId } from '../../../properties/corpus/index.ts';
import { parseSpec } from '../../../spec/parse.ts';
import { findSpecFile } from '../../../spec/load.ts';
import { judgedAt, STEP_WORDS } from './locate.ts';

/** This module's kit in a checkout; an installed package ships the rule modules' sources at its root instead. */
const CODE_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Where the rule modules' sources are: the checkout, else the package root (package.json "files"). */
const codeRoot = (packageRoot: string): string =>
  fileURLToPath(import.meta.url).endsWith(join('src', 'cli', 'explain', 'model.ts')) ? CODE_ROOT : packageRoot;

export interface ExplainedMutant {
  readonly id: string;
  readonly arm: string;
  readonly breaks: string;
  /** What the recorded run measured (mutations/measured.json); null when it has no record of it. */
  readonly measured: {
    readonly status: string;
    readonly failedRules: readonly string[];
    readonly killedBy: string | null;
    readonly corpusCase?: string;
    readonly runsToKill: number | null;
    readonly runsToKillWithoutCorpus: number | null;
  } | null;
}

export interface Explanation {
  readonly rule: {
    readonly id: RuleId;
    readonly kind: 'truth' | 'surface';
    readonly law: string;
    readonly spec: string;
    /** The lever that stands behind it with every lever in force, if any. */
    readonly lever?: string;
  };
  /** The executed examples of SPEC.md for this rule: id, the line of its fence, its text. */
  readonly examples: readonly { readonly id: string; readonly line: number; readonly text: readonly string[] }[];
  /** Where it is judged: file, line, the oracle step (or `probe`) and what that step checks. */
  readonly judgedIn: readonly {
    readonly file: string;
    readonly line: number;
    readonly step: string;
    readonly symbol: string;
    readonly checks: string;
  }[];
  /** The mutants that must be killed by it; null when the catalogue is not in this install (a checkout has it). */
  readonly mutants: readonly ExplainedMutant[] | null;
  readonly gates: readonly { readonly id: string; readonly law: string }[];
  /** Its lie classes: those of its mutants and of its corpus cases. */
  readonly lieClasses: readonly {
    readonly id: string;
    readonly words: string;
    readonly mutants: readonly string[];
    readonly cases: readonly string[];
  }[];
  readonly corpusCases: readonly { readonly id: string; readonly lieClass: string }[];
}

interface CatalogueMutant {
  readonly id: string;
  readonly arm: string;
  readonly breaks: string;
  readonly rules: readonly string[];
  readonly lieClasses?: readonly string[];
}

/** The mutant catalogue, when this install has it (the package leaves it out). */
async function catalogue(): Promise<readonly CatalogueMutant[] | undefined> {
  try {
    return (await import('../../../mutations/index.ts')).MUTANTS;
  } catch {
    return undefined;
  }
}

function measured(root: string): Record<string, ExplainedMutant['measured']> {
  const file = join(root, 'mutations/measured.json');
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { mutants: Record<string, ExplainedMutant['measured']> }).mutants;
}

/** SPEC.md's parsed examples, once per file in this process. */
const parsed = new Map<string, { examples: ReturnType<typeof parseSpec>['examples']; lines: string[] }>();

/** The examples of `id` in SPEC.md, each with the lines of its fenced block. */
function examples(specFile: string, id: RuleId): Explanation['examples'] {
  let spec = parsed.get(specFile);
  if (spec === undefined) {
    const text = readFileSync(specFile, 'utf8');
    spec = { examples: parseSpec(text, 'spec/SPEC.md').examples, lines: text.split('\n') };
    parsed.set(specFile, spec);
  }
  const { lines } = spec;
  return spec.examples
    .filter((e) => e.rule === id)
    .map((e) => {
      const body: string[] = [];
      for (let i = e.line; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
      return { id: e.id, line: e.line, text: body };
    });
}

export function unknownRule(given: string): UsageError {
  return new UsageError(`explain: unknown rule ${JSON.stringify(given)} (known: ${RULE_IDS.join(', ')})`);
}

export async function explain(given: string): Promise<Explanation> {
  if (!isRuleId(given)) throw unknownRule(given);
  const id = given;
  const m = RULES_BY_ID[id];
  const specFile = findSpecFile(import.meta.url);
  if (specFile === undefined) throw new UsageError('explain: cannot find spec/SPEC.md above this installation');
  const packageRoot = dirname(dirname(specFile));
  const mutants = await catalogue();
  const record = measured(packageRoot);
  const mine = mutants?.filter((x) => x.rules.includes(id)) ?? [];
  const cases = CASES.filter((c) => c.rules.includes(id));
  const classes = new Set<LieClassId>([
    ...mine.flatMap((x) => (x.lieClasses ?? []) as LieClassId[]),
    ...cases.map((c) => c.lieClass),
  ]);
  const lever = m.lever?.(modeOfLevers(LEVER_NAMES));
  return {
    rule: { id, kind: m.kind, law: m.law, spec: m.spec, ...(lever === undefined ? {} : { lever }) },
    examples: examples(specFile, id),
    judgedIn: judgedAt(codeRoot(packageRoot), id).map((j) => ({
      ...j,
      file: relative(packageRoot, join(codeRoot(packageRoot), j.file)),
      checks: STEP_WORDS[j.step] ?? j.step,
    })),
    mutants:
      mutants === undefined
        ? null
        : mine.map((x) => ({ id: x.id, arm: x.arm, breaks: x.breaks, measured: record[x.id] ?? null })),
    gates: GATES.filter((g) => g.rules.includes(id)).map((g) => ({ id: g.id, law: g.law })),
    lieClasses: [...classes].map((c) => ({
      id: c,
      words: LIE_CLASSES[c],
      mutants: mine.filter((x) => x.lieClasses?.includes(c)).map((x) => x.id),
      cases: cases.filter((x) => x.lieClass === c).map((x) => x.id),
    })),
    corpusCases: cases.map((c) => ({ id: c.id, lieClass: c.lieClass })),
  };
}
