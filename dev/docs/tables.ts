/**
 * The docs' tables derived from the registries: README's rule table (properties/rules/), the
 * catalogue of docs/MUTANTS.md (mutations/catalogue/ and mutations/measured.json) and the table
 * of docs/LIE-CLASSES.md (the class files properties/corpus/classes/ and the mutants' lie classes).
 */
import { RULES } from '../../properties/rules/index.ts';
import { LIE_CLASS_IDS, lieClassOf, type Example, type LieClass } from '../../properties/corpus/index.ts';
import { ADDITIONS, DESIGN_CATALOGUE } from '../../mutations/catalogue/index.ts';
import type { MutantSpec } from '../../mutations/spec.ts';
import { cell, withBlock } from './blocks.ts';
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

const LIE_HEADER = '| class | in words | where shims in the wild do it | corpus cases | mutants | examples |';

/** A subject of a class's examples in words: its file and names, or a test module's fixtures. */
function example(e: Example): string {
  const names = (e.names ?? []).map((n) => `\`${n}\``).join(', ');
  const subject =
    e.fixture === true
      ? `the ${names} fixture${(e.names?.length ?? 0) > 1 ? 's' : ''} (${e.file})`
      : `${e.file}${names === '' ? '' : ` ${names}`}`;
  return e.note === undefined ? subject : `${subject} ${e.note}`;
}

const folder = (e: Example): string => e.file.slice(0, e.file.lastIndexOf('/') + 1);
const bare = (e: Example): boolean => e.names === undefined && e.note === undefined && e.fixture !== true;

/** The examples in words; a run of three or more bare files of one folder as the folder and their names. */
function examples(list: readonly Example[]): string {
  const out: string[] = [];
  for (let i = 0; i < list.length;) {
    const dir = folder(list[i]!);
    let j = i;
    while (j < list.length && bare(list[j]!) && folder(list[j]!) === dir) j++;
    if (j - i >= 3) {
      const names = list.slice(i, j).map((e) => e.file.slice(dir.length));
      out.push(`${dir} (${names.join(', ')})`);
      i = j;
    } else out.push(example(list[i++]!));
  }
  return out.join('; ');
}

/** A class's examples cell: what lies that way, then its truthful twins. */
function examplesCell(c: LieClass): string {
  const lying = examples(c.lying);
  if (c.truthful.length === 0) return lying || '—';
  const twins = c.truthful.length > 1 ? 'twins that pass' : 'twin that passes';
  return `${lying || '—'} — truthful ${twins}: ${examples(c.truthful)}`;
}

/**
 * docs/LIE-CLASSES.md's block `lie-classes`: one row per class, all of it from the class's file
 * (properties/corpus/classes/<id>.ts) but the mutants, which declare their own lie classes.
 */
export function lieClassesTable(doc: string, all: readonly MutantSpec[]): string {
  const rows = LIE_CLASS_IDS.map((id) => {
    const c = lieClassOf(id);
    const mutants = all.filter((m) => m.lieClasses?.includes(id)).map((m) => m.id);
    return `| ${[
      `\`${id}\``,
      cell(c.words),
      cell(c.seenInWild),
      c.cases.length > 0 ? c.cases.map((k) => `\`${k.id}\``).join(', ') : cell(c.planned ?? '—'),
      mutants.join(', ') || '—',
      cell(examplesCell(c)),
    ].join(' | ')} |`;
  });
  const table = [LIE_HEADER, '|---|---|---|---|---|---|', ...rows].join('\n');
  return withBlock(doc, 'lie-classes', table, 'docs/LIE-CLASSES.md');
}
