/**
 * `run --reporter junit`: one <testcase> per rule in two suites (truth, surface); classname is
 * the suite's name. fail → <failure> with the story; unexercised → <failure>; n/a → <skipped>
 * with the reason. With a baseline, an accepted failure is <skipped> and a fixed one a <failure>.
 * In a shard, a rule the shard did not exercise is <skipped> (the combined shards decide).
 */
import { RULES } from '../../../properties/rules/index.ts';
import type { RuleResult, RunResult } from '../../../properties/run.ts';
import { isPartial } from '../../../properties/shard.ts';
import type { BaselineCheck } from '../../../properties/baseline.ts';
import { otherMechanisms, shrinkSpentLine, stoppedLine, type RunReportExtras } from './run.ts';

/** XML 1.0 text: escape markup, and spell out characters XML cannot carry at all. */
export function xmlEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&apos;';
    else if (
      (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) ||
      (c >= 0xd800 && c <= 0xdfff) ||
      c === 0xfffe ||
      c === 0xffff
    )
      out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

const attrs = (a: Record<string, string | number>): string =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join('');

type Outcome =
  | { kind: 'pass' }
  | { kind: 'failure'; type: string; message: string; body: string }
  | { kind: 'skipped'; message: string };

function outcomeOf(rule: RuleResult, r: RunResult, x: RunReportExtras, baseline: BaselineCheck | undefined): Outcome {
  const fixed = baseline?.fixed.find((f) => f.rule === rule.id);
  if (fixed)
    return {
      kind: 'failure',
      type: 'baseline',
      message: `fixed — remove ${rule.id} from the baseline ${baseline!.file} (it is ${fixed.status} now)`,
      body: '',
    };
  const known = baseline?.accepted.includes(rule.id) ?? false;
  if (rule.status === 'fail') {
    const cx = rule.counterexample;
    const file = x.traceFiles.get(rule.id);
    const body = [
      ...(cx
        ? [
            `(${cx.source}, ${cx.arm !== undefined ? `arm ${cx.arm}` : `levers [${r.levers.join(', ')}]`}${cx.cap ? `, cap ${cx.cap}` : ''})`,
            ...cx.story,
          ]
        : []),
      ...otherMechanisms(rule),
      ...(cx?.shrink?.budgetSpent ? [shrinkSpentLine(cx.shrink.histories)] : []),
      ...(file ? [`replay: ${x.replayCommand(file)}`] : []),
      ...(cx ? [`seed ${cx.seed}${cx.fcPath ? `, fast-check path ${cx.fcPath}` : ''}`] : []),
    ].join('\n');
    if (known) return { kind: 'skipped', message: `known failure accepted in the baseline: ${rule.reason ?? ''}` };
    return { kind: 'failure', type: 'fail', message: rule.reason ?? 'failed', body };
  }
  if (rule.status === 'unexercised') {
    if (isPartial(r)) return { kind: 'skipped', message: rule.reason ?? 'not exercised in this shard' };
    if (known)
      return { kind: 'skipped', message: `known failure accepted in the baseline: unexercised, ${rule.reason ?? ''}` };
    return {
      kind: 'failure',
      type: 'unexercised',
      message: `unexercised: ${rule.reason ?? 'no check of this rule ran'}`,
      body: '',
    };
  }
  if (rule.status === 'n/a') return { kind: 'skipped', message: `n/a: ${rule.reason ?? ''}` };
  return { kind: 'pass' };
}

export function runJunit(r: RunResult, x: RunReportExtras, baseline?: BaselineCheck): string {
  const base = `readshim-conformance.${r.adapter}.${r.arm ?? `levers-${r.levers.join('-') || 'none'}`}`;
  const suites = (['truth', 'surface'] as const).map((kind) => {
    const name = `${base}.${kind}`;
    const cases = r.rules
      .filter((rule) => RULES.find((i) => i.id === rule.id)?.kind === kind)
      .map((rule) => ({ rule, o: outcomeOf(rule, r, x, baseline) }));
    return { name, cases };
  });
  const count = (cases: { o: Outcome }[], k: Outcome['kind']) => cases.filter((c) => c.o.kind === k).length;
  const all = suites.flatMap((s) => s.cases);
  // A run its time bound stopped early is never a pass: one more testcase fails, saying how far it got.
  const stopped = stoppedLine(r, x.maxSeconds);
  const more = stopped !== undefined ? 1 : 0;
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  lines.push(
    `<testsuites${attrs({ name: 'readshim-conformance', tests: all.length + more, failures: count(all, 'failure') + more, errors: 0, skipped: count(all, 'skipped'), time: 0 })}>`,
  );
  for (const s of suites) {
    lines.push(
      `  <testsuite${attrs({ name: s.name, tests: s.cases.length, failures: count(s.cases, 'failure'), errors: 0, skipped: count(s.cases, 'skipped'), time: 0 })}>`,
    );
    lines.push('    <properties>');
    const props: Record<string, string | number> = {
      adapter: r.adapter,
      ...(r.arm !== undefined ? { arm: r.arm } : { levers: r.levers.join(',') }),
      seed: r.seed,
      runs: r.runs,
      caps: r.caps.map((c) => `${c.band} ${c.cap}`).join(', '),
    };
    if (r.shard) props.shard = `${r.shard.index}/${r.shard.count}`;
    if (baseline) props.baseline = baseline.file;
    r.assumptions.forEach((a, i) => (props[`assumption.${i + 1}`] = a));
    for (const [k, v] of Object.entries(props)) lines.push(`      <property${attrs({ name: k, value: v })}/>`);
    lines.push('    </properties>');
    for (const { rule, o } of s.cases) {
      const open = `    <testcase${attrs({ name: rule.id, classname: s.name, time: 0, assertions: rule.checks })}`;
      if (o.kind === 'pass') lines.push(`${open}/>`);
      else if (o.kind === 'skipped')
        lines.push(`${open}>`, `      <skipped${attrs({ message: o.message })}/>`, '    </testcase>');
      else
        lines.push(
          `${open}>`,
          `      <failure${attrs({ message: o.message, type: o.type })}>${xmlEscape(o.body)}</failure>`,
          '    </testcase>',
        );
    }
    lines.push('  </testsuite>');
  }
  if (stopped !== undefined) {
    const name = `${base}.run`;
    lines.push(
      `  <testsuite${attrs({ name, tests: 1, failures: 1, errors: 0, skipped: 0, time: 0 })}>`,
      `    <testcase${attrs({ name: 'complete', classname: name, time: 0 })}>`,
      `      <failure${attrs({ message: stopped, type: 'incomplete' })}/>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  lines.push('</testsuites>');
  return lines.join('\n');
}
