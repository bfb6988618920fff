/**
 * GATES.md, checked both ways: one row per rule (law, spec, property, killing mutants, gate), per
 * gate and per mutant; no row without a registry entry, no entry without a row, no rule without a
 * killing mutant. `render()` writes it from the registries (`npm run docs:write`); `problems()` checks a text against them.
 */
import type { RuleId } from '../../src/core/rules.ts';
import { RULES } from '../../properties/rules/index.ts';
import { GATES } from '../../gates/ids.ts';
import { MUTANTS } from '../../mutations/index.ts';
import { RULE_PROPERTY } from './where.ts';

export interface Registry {
  readonly rules: readonly { readonly id: string; readonly law: string }[];
  readonly gates: readonly { readonly id: string; readonly rules: readonly string[]; readonly law: string }[];
  readonly mutants: readonly {
    readonly id: string;
    readonly arm: string;
    readonly rules: readonly string[];
    readonly breaks: string;
  }[];
  readonly where: Readonly<Record<string, readonly string[]>>;
}

export const REGISTRY: Registry = { rules: RULES, gates: GATES, mutants: MUTANTS, where: RULE_PROPERTY };

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const anchor = (id: string): string => id.toLowerCase();

export function render(r: Registry = REGISTRY): string {
  const out: string[] = [
    '# GATES.md — where every rule lives',
    '',
    'Every rule ID leads to its law and reasoning (`spec/SPEC.md`), the property that judges it',
    '(`properties/`), the mutants it must kill (`mutations/catalogue/`) and the syntax-tree gate',
    'that guards its structural half (`gates/`). Generated from the registries by `npm run docs:write`',
    '(do not edit); `test/dev/selfcheck/gates-md.test.ts` checks it both ways.',
    '',
    'Every rule applicable in an arm (off, cap, diff, all) and every gate has a floor in `dev/selfcheck/floors.json`:',
    'max(1, ⌊0.8·n⌋) of its random-phase checks in that arm (of its probes, for the pairs only probes',
    "reach) or of the gate's checks. CI fails a count below its floor and a count with no floor;",
    'floors only move up (`npm run floors:write`).',
    '',
    '## Rules',
    '',
    '| rule | law | spec | property | killed by | gate |',
    '|---|---|---|---|---|---|',
  ];
  for (const rule of r.rules) {
    const killers = r.mutants.filter((m) => m.rules.includes(rule.id)).map((m) => m.id);
    const gates = r.gates.filter((g) => g.rules.includes(rule.id)).map((g) => g.id);
    const where = (r.where[rule.id] ?? []).map((f) => `\`${f}\``).join(', ');
    out.push(
      `| ${rule.id} | ${cell(rule.law)} | [SPEC](spec/SPEC.md#${anchor(rule.id)}) | ${where} | ${killers.join(', ') || '—'} | ${gates.join(', ') || '—'} |`,
    );
  }
  out.push('', '## Gates', '', '| gate | guards | law | negative control |', '|---|---|---|---|');
  for (const g of r.gates)
    out.push(`| ${g.id} | ${g.rules.join(', ') || 'the kit itself'} | ${cell(g.law)} | \`test/gates/controls.ts\` |`);
  out.push('', '## Mutants', '', '| mutant | arm | breaks | must be killed by |', '|---|---|---|---|');
  for (const m of r.mutants) out.push(`| ${m.id} | ${m.arm} | ${cell(m.breaks)} | ${m.rules.join(', ')} |`);
  return `${out.join('\n')}\n`;
}

/** First-column IDs of the table under `## heading`. */
function rowsUnder(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start === -1) return [];
  const ids: string[] = [];
  for (let i = start + 1; i < lines.length && !lines[i]!.startsWith('## '); i++) {
    const m = /^\|\s*([A-Z0-9][A-Z0-9-]*)\s*\|/.exec(lines[i]!);
    if (m) ids.push(m[1]!);
  }
  return ids;
}

/** Every way `text` and the registries disagree. */
export function problems(text: string, r: Registry = REGISTRY): string[] {
  const out: string[] = [];
  const both = (kind: string, rows: string[], ids: readonly string[]): void => {
    for (const id of ids) if (!rows.includes(id)) out.push(`${kind} ${id} has no row in GATES.md`);
    for (const id of rows)
      if (!ids.includes(id))
        out.push(`GATES.md has a row for ${kind.toLowerCase()} ${id}, which is not in the registry`);
    for (const id of new Set(rows))
      if (rows.filter((x) => x === id).length > 1) out.push(`GATES.md has ${kind.toLowerCase()} ${id} twice`);
  };
  both(
    'Rule',
    rowsUnder(text, 'Rules'),
    r.rules.map((x) => x.id),
  );
  both(
    'Gate',
    rowsUnder(text, 'Gates'),
    r.gates.map((x) => x.id),
  );
  both(
    'Mutant',
    rowsUnder(text, 'Mutants'),
    r.mutants.map((x) => x.id),
  );
  for (const rule of r.rules)
    if (!r.mutants.some((m) => m.rules.includes(rule.id)))
      out.push(`rule ${rule.id} has no mutant that must be killed by it`);
  for (const m of r.mutants)
    for (const id of m.rules)
      if (!r.rules.some((x) => x.id === id)) out.push(`mutant ${m.id} names unknown rule ${id}`);
  if (text !== render(r)) out.push('GATES.md differs from what the registries render (npm run docs:write)');
  return out;
}

export type { RuleId };
