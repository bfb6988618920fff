/**
 * The docs' tables derived from the registries: README's rule table (properties/rules/), the
 * catalogue of docs/MUTANTS.md (mutations/catalogue/ and mutations/measured.json) and the
 * cross-columns of docs/LIE-CLASSES.md (properties/corpus/ and the mutants' lie classes).
 */
import { RULES } from '../../properties/rules/index.ts';
import { CASES, LIE_CLASSES, LIE_CLASS_IDS } from '../../properties/corpus/index.ts';
import { ADDITIONS, DESIGN_CATALOGUE } from '../../mutations/catalogue/index.ts';
import type { MutantSpec } from '../../mutations/spec.ts';
import { BlockError, cell } from './blocks.ts';
import type { Measured, MeasuredFile } from './measured.ts';

const anchor = (id: string): string => id.toLowerCase();

/** README's block `rules`: how many rules of each kind, and each with its law. */
export function rulesBlock(): string {
  const truth = RULES.filter((r) => r.kind === 'truth');
  const surface = RULES.filter((r) => r.kind === 'surface');
  const table = (kind: string, rules: typeof RULES): string[] => [
    `| ${kind} rule | law |`,
    '|---|---|',
    ...rules.map((r) => `| [${r.id}](spec/SPEC.md#${anchor(r.id)}) | ${cell(r.law)} |`),
  ];
  return [
    `${RULES.length} rules: ${truth.length} truth rules hold for every shim; ${surface.length} surface rules for shims that`,
    'expose the surface. Each rule is one module, `properties/rules/<RULE-ID>.ts`; its full law and',
    'reasoning are in [`spec/SPEC.md`](spec/SPEC.md), where it is judged and which mutants and gates',
    'guard it in [`GATES.md`](GATES.md), and `readshim-conformance explain <RULE>` prints all of it.',
    '',
    ...table('truth', truth),
    '',
    ...table('surface', surface),
  ].join('\n');
}

function firstKilledBy(m: Measured | undefined): string {
  if (m?.killedBy === 'corpus') return `corpus \`${m.corpusCase ?? '?'}\``;
  return m?.killedBy ?? '—';
}

function mutantRow(spec: MutantSpec, m: Measured | undefined): string {
  const also = (m?.failedRules ?? []).filter((r) => !(spec.rules as readonly string[]).includes(r));
  return `| ${[
    spec.id,
    spec.arm,
    cell(spec.breaks),
    cell(spec.wild),
    spec.rules.join(', '),
    String(m?.runsToKill ?? '—'),
    firstKilledBy(m),
    String(m?.runsToKillWithoutCorpus ?? '—'),
    also.join(', ') || '—',
  ].join(' | ')} |`;
}

/** docs/MUTANTS.md's block `mutants`: the catalogue, with what the recorded run measured. */
export function mutantsBlock(measured: MeasuredFile): string {
  const all = [...DESIGN_CATALOGUE, ...ADDITIONS];
  const of = (id: string): Measured | undefined => measured.mutants[id];
  const count = (by: string): number => all.filter((s) => of(s.id)?.killedBy === by).length;
  const without = all.filter((s) => of(s.id)?.runsToKillWithoutCorpus != null).length;
  const random = count('random');
  return [
    'Rules in *killed by* must kill the mutant; *also failed* is what else the full run failed (a',
    "mutant's lie usually breaks more than one promise, and the oracle's blame shadows re-attribute",
    'some — see "What the kit could not see" below). Measured with the defaults (seed',
    `${measured.seed}, the corpus and ${measured.runs} histories per band; recorded in \`mutations/measured.json\`):`,
    '*first killed by* is the phase that killed it first (a probe, a corpus case, or the random phase);',
    '*without the corpus* is runsToKillWithoutCorpus, the random histories per band it takes with the',
    `corpus off. ${count('corpus')} of the ${all.length} are killed first by a corpus case, ${count('probe')} by a probe${random > 0 ? `, ${random} by the random phase` : ''};`,
    `${without === all.length ? `all ${all.length}` : `${without} of the ${all.length}`} are killed without the corpus too.`,
    '',
    '| ID | arm | breaks | wild | killed by | runsToKill | first killed by | without the corpus | also failed |',
    '|---|---|---|---|---|---:|---|---:|---|',
    ...all.map((s) => mutantRow(s, of(s.id))),
    '',
    `The ${DESIGN_CATALOGUE.length} mutants of the kit's original catalogue come first, one or more per rule; the last`,
    `${ADDITIONS.length} (${ADDITIONS.map((s) => s.id).join(', ')}) are the kit's additions for failure classes of`,
    'docs/LIE-CLASSES.md that deserve their own.',
  ].join('\n');
}

/** The cells of a markdown table row (escaped pipes kept). */
const cells = (row: string): string[] =>
  row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

const LIE_HEADER = '| class | in words | where shims in the wild do it | corpus cases | mutants | examples |';

/**
 * docs/LIE-CLASSES.md's table of classes (between `## The lie classes` and the next `## `): one
 * row per class of properties/corpus/classes.ts. Derived: the words, the corpus cases and the
 * mutants that lie that way; kept by hand: where shims in the wild do it, and the examples. A
 * class whose cases are planned in the run (notice mimicry) keeps its corpus cell.
 */
export function lieClassesTable(doc: string, all: readonly MutantSpec[]): string {
  const start = doc.indexOf('## The lie classes');
  const end = doc.indexOf('\n## ', start + 1);
  if (start === -1 || end === -1) throw new BlockError('docs/LIE-CLASSES.md has no "## The lie classes" section');
  const section = doc.slice(start, end);
  const lines = section.split('\n');
  const first = lines.findIndex((l) => l.startsWith('| class |'));
  if (first === -1) throw new BlockError('docs/LIE-CLASSES.md: "## The lie classes" has no table');
  let last = first;
  while (last + 1 < lines.length && lines[last + 1]!.startsWith('|')) last++;
  const kept = new Map<string, string[]>();
  for (const row of lines.slice(first + 2, last + 1)) {
    const c = cells(row);
    kept.set(c[0]!.replace(/`/g, ''), c);
  }
  const rows = LIE_CLASS_IDS.map((id) => {
    const old = kept.get(id) ?? [];
    const cases = CASES.filter((c) => c.lieClass === id).map((c) => `\`${c.id}\``);
    const mutants = all.filter((m) => m.lieClasses?.includes(id)).map((m) => m.id);
    return `| ${[
      `\`${id}\``,
      cell(LIE_CLASSES[id]),
      old[2] ?? '—',
      cases.length > 0 ? cases.join(', ') : (old[3] ?? '—'),
      mutants.join(', ') || '—',
      old[5] ?? '—',
    ].join(' | ')} |`;
  });
  const table = [LIE_HEADER, '|---|---|---|---|---|---|', ...rows];
  const next = [...lines.slice(0, first), ...table, ...lines.slice(last + 1)].join('\n');
  return doc.slice(0, start) + next + doc.slice(end);
}
