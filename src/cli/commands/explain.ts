/**
 * readshim-conformance explain <RULE> [--reporter pretty|json]
 * Everything about one rule: its law, the executed examples of its SPEC.md section, where it is
 * judged (file:line), the mutants it must kill, its gates, its lie classes and its corpus cases.
 * Exit 0; 2 for an unknown rule (naming the known IDs) or bad flags.
 */
import { EXIT, UsageError } from '../../core/errors.ts';
import { emit, envelope } from '../../core/output.ts';
import { reportJson } from '../../core/schemas.ts';
import { RULE_IDS } from '../../core/rules.ts';
import { oneOf, parseArgs } from '../args.ts';
import { explain, type ExplainedMutant, type Explanation } from '../explain/model.ts';

function killed(m: ExplainedMutant, rule: string): string {
  const r = m.measured;
  if (r === null) return 'no recorded run';
  if (r.status !== 'killed' || !r.failedRules.includes(rule)) return `recorded: ${r.status}, not by ${rule}`;
  const by = r.killedBy === 'corpus' ? `corpus case ${r.corpusCase ?? '?'}` : (r.killedBy ?? '?');
  return `killed first by ${by}${r.killedBy === 'random' ? ` (${r.runsToKill} histories per band)` : ''}`;
}

/** Where a lie class comes from: the rule's mutants and its corpus cases of that class. */
function via(c: Explanation['lieClasses'][number]): string {
  const parts = [
    ...(c.mutants.length > 0 ? [`mutants ${c.mutants.join(', ')}`] : []),
    ...(c.cases.length > 0 ? [`cases ${c.cases.join(', ')}`] : []),
  ];
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

function pretty(x: Explanation): string {
  const { rule } = x;
  const none = (list: readonly unknown[]): string[] => (list.length === 0 ? ['  —'] : []);
  const out = [
    `${rule.id} (${rule.kind} rule)`,
    `  law: ${rule.law}`,
    `  spec: ${rule.spec}${rule.lever === undefined ? '' : `; the ${rule.lever} lever stands behind it`}`,
    '',
    'judged in:',
    ...x.judgedIn.map((j) => `  ${j.file}:${j.line}  ${j.step === 'probe' ? j.symbol : j.step}: ${j.checks}`),
    ...none(x.judgedIn),
    '',
    `executed examples (spec/SPEC.md, ${x.examples.length}):`,
    ...x.examples.flatMap((e) => [`  ${e.id} (spec/SPEC.md:${e.line})`, ...e.text.map((l) => `    ${l}`)]),
    ...none(x.examples),
    '',
    'mutants it must kill:',
    ...(x.mutants === null
      ? ['  (the mutant catalogue is in a checkout of the kit, not in this install)']
      : [...x.mutants.map((m) => `  ${m.id} (arm ${m.arm}): ${m.breaks} — ${killed(m, rule.id)}`), ...none(x.mutants)]),
    '',
    'gates:',
    ...x.gates.map((g) => `  ${g.id}: ${g.law}`),
    ...none(x.gates),
    '',
    'lie classes:',
    ...x.lieClasses.map((c) => `  ${c.id}: ${c.words}${via(c)}`),
    ...none(x.lieClasses),
    '',
    'corpus cases:',
    ...x.corpusCases.map((c) => `  ${c.id} (${c.lieClass})`),
    ...none(x.corpusCases),
  ];
  return out.join('\n');
}

export default async function explainCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs('explain', argv, { values: ['reporter'], positionals: 1 });
  const reporter = oneOf('explain', 'reporter', args.flags.get('reporter'), ['pretty', 'json'] as const) ?? 'pretty';
  const id = args.positionals[0];
  if (id === undefined) throw new UsageError(`explain: name a rule (one of ${RULE_IDS.join(', ')})`);
  const x = await explain(id);
  await emit(reporter === 'json' ? reportJson({ ...envelope('explain'), ...x }, 2) : pretty(x), undefined);
  return EXIT.ok;
}
