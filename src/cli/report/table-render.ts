/**
 * `table`: docs/IMPLEMENTATIONS.md, docs/implementations.html and the failing traces, rendered from
 * the results file alone (no subject runs here, no clock: the same results give the same files).
 * One row per implementation, one column per rule; a cell other than pass links to its reason, and
 * a failing cell to its story and replay command. A rule ID links to its spec/SPEC.md prose: in the
 * page, inlined at its end (it stands alone as a CI artefact); in the Markdown, to spec/SPEC.md
 * when the table is made in a checkout of the kit, which has it.
 */
import { formatTrace, type Trace } from '../../core/trace.ts';
import { xmlEscape as esc } from './junit.ts';
import { specLink, specSections } from './html.ts';
import type { ReportRule, ResultsFile, SubjectResult } from './table-model.ts';

export const RESULTS_PATH = 'docs/implementations.results.json';
export const MD_PATH = 'docs/IMPLEMENTATIONS.md';
export const HTML_PATH = 'docs/implementations.html';
export const TRACES_DIR = 'docs/implementations/traces';
/** The spec as the Markdown in docs/ reaches it in a checkout of the kit. */
export const SPEC_LINK = '../spec/SPEC.md';

export interface RenderOptions {
  /** Where the Markdown links a rule (a checkout's `../spec/SPEC.md`), or undefined: no link (a project that installed the kit). */
  readonly specLink?: string;
}

/** Flags of generated histories, which `run --replay` refuses (src/cli/commands/run.ts parseRunFlags). */
const GENERATION_FLAGS = ['--runs', '--seed', '--shrink', '--jobs'];

export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The `run` command of a row, as a person types it. */
export const runCommand = (argv: readonly string[]): string =>
  ['npx readshim-conformance run', ...argv.map(shellQuote)].join(' ');

/** The row's `run` arguments minus what a replay refuses, then --replay <trace>. */
export function replayArgv(argv: readonly string[], trace: string): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const flag = a.split('=')[0]!;
    if (GENERATION_FLAGS.includes(flag)) {
      if (!a.includes('=')) i++;
      continue;
    }
    kept.push(a);
  }
  return [...kept, '--replay', trace];
}

export const replayCommand = (argv: readonly string[], trace: string): string => runCommand(replayArgv(argv, trace));

export const tracePath = (subject: string, rule: string): string => `${TRACES_DIR}/${subject}/${rule}.jsonl`;

/** A failing rule's saved trace (none for a probe's finding, which has no events). */
function traceOf(rule: ReportRule): Trace | undefined {
  const t = rule.counterexample?.trace as Trace | undefined;
  return t !== undefined && typeof t === 'object' && Array.isArray(t.events) && t.events.length > 0 ? t : undefined;
}

/** The rule IDs in the order the reports give them (the first report's order, then any others). */
function ruleIds(r: ResultsFile): string[] {
  const ids: string[] = [];
  for (const s of r.subjects) for (const rule of s.report.rules) if (!ids.includes(rule.id)) ids.push(rule.id);
  return ids;
}

const anchor = (subject: string, rule: string): string => `${subject}--${rule.toLowerCase()}`;
/** A rule as the Markdown names it: linked to its SPEC.md section where there is one. */
const mdRule = (rule: string, o: RenderOptions): string =>
  o.specLink !== undefined ? `[${rule}](${o.specLink}#${rule.toLowerCase()})` : rule;

function verdict(s: SubjectResult): string {
  const { failed, unexercised } = s.report.summary;
  if (s.exitCode === 0) return 'pass';
  const parts = [failed > 0 ? `${failed} failed` : '', unexercised > 0 ? `${unexercised} unexercised` : ''].filter(
    Boolean,
  );
  return `fail (${parts.join(', ') || `exit ${s.exitCode}`})`;
}

/** "3 per cap band (--runs 3)": said when the row asked for fewer or more than the default. */
function runsText(s: SubjectResult): string {
  const given = s.argv.some((a) => a === '--runs' || a.startsWith('--runs='));
  return `${s.report.runs} per cap band${given ? ` (--runs ${s.report.runs})` : ''}`;
}

const mode = (s: SubjectResult): string =>
  s.report.arm !== undefined ? `arm ${s.report.arm}` : `levers [${s.report.levers.join(', ')}]`;

function dates(r: ResultsFile): string {
  const ds = [...new Set(r.subjects.map((s) => s.date))].sort();
  return ds.length === 0 ? 'no runs' : ds.length === 1 ? ds[0]! : `${ds[0]} to ${ds[ds.length - 1]}`;
}

const CELL: Readonly<Record<string, string>> = { pass: 'pass', fail: 'FAIL', 'n/a': 'n/a', unexercised: 'unexercised' };

// ---------- Markdown ----------

const mdCell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ');
const mdCode = (s: string): string => (s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``);

export function renderMarkdown(r: ResultsFile, o: RenderOptions = { specLink: SPEC_LINK }): string {
  const ids = ruleIds(r);
  const out: string[] = [
    '# Implementations',
    '',
    '<!-- Generated by `readshim-conformance table` from config/implementations.json and docs/implementations.results.json: do not edit. -->',
    '',
    `Every implementation the kit can run itself — its own reference and arms, the shipped examples, and what installs`,
    `from a registry at a pinned version — judged by kit ${r.version}, spec ${r.specVersion}, runs of ${dates(r)}.`,
    'Each row is one `run` command (under "Rows"), run with an empty failure database; its verdict is that',
    "command's. A cell other than pass links to its reason; a failing cell to its story and replay command; a",
    o.specLink !== undefined
      ? `rule links to its section of [spec/SPEC.md](${o.specLink}). The same table as a page:`
      : `rule is defined in spec/SPEC.md of readshim-conformance ${r.version}. The same table as a page:`,
    '[implementations.html](implementations.html). Regenerate both with `npx readshim-conformance table`',
    "(`npm run table` in a checkout; `--only <name,...>` reruns some rows and keeps the others' results).",
    '',
    `| implementation | kind | version | verdict | histories | ${ids.map((id) => mdRule(id, o)).join(' | ')} |`,
    `|---|---|---|---|---|${ids.map(() => '---').join('|')}|`,
  ];
  for (const s of r.subjects) {
    const cells = ids.map((id) => {
      const rule = s.report.rules.find((x) => x.id === id);
      if (rule === undefined) return '—';
      if (rule.status === 'pass') return 'pass';
      const label = rule.status === 'fail' ? '**FAIL**' : (CELL[rule.status] ?? rule.status);
      return `[${label}](#${anchor(s.name, id)})`;
    });
    out.push(
      `| [${s.name}](#${s.name}) | ${s.kind} | ${mdCell(s.version)} | ${verdict(s)} | ${runsText(s)} | ${cells.join(' | ')} |`,
    );
  }
  out.push('', '## Rows');
  for (const s of r.subjects) {
    const rep = s.report;
    out.push(
      '',
      `### ${s.name}`,
      '',
      `<a id="${s.name}"></a>${s.design}`,
      '',
      `- command: ${mdCode(runCommand(s.argv))}`,
      `- version: ${s.version}`,
      ...(s.isolation !== undefined ? [`- isolation: ${s.isolation}`] : []),
      `- verdict: ${verdict(s)} (exit ${s.exitCode}); ${rep.summary.passed} passed, ${rep.summary.failed} failed, ${rep.summary.na} n/a, ${rep.summary.unexercised} unexercised`,
      `- run: ${rep.adapter}, ${mode(s)}, seed ${rep.seed}, histories ${runsText(s)} (${rep.caps.map((c) => `${c.band} ${c.cap}`).join(', ')}); kit ${rep.version}, spec ${rep.specVersion}, ${s.date}`,
      ...(rep.host !== undefined ? [`- host played: ${rep.host.played}`] : []),
    );
    const notPass = rep.rules.filter((x) => x.status !== 'pass');
    if (notPass.length > 0) out.push('');
    for (const rule of notPass) {
      const head = `- <a id="${anchor(s.name, rule.id)}"></a>**${CELL[rule.status] ?? rule.status}** ${mdRule(rule.id, o)}: ${rule.reason ?? ''}`;
      out.push(head);
      const cx = rule.counterexample;
      if (rule.status !== 'fail' || cx === undefined) continue;
      out.push('', '  ```', ...cx.story.map((l) => `  ${l}`), '  ```', '');
      const t = traceOf(rule);
      out.push(
        t !== undefined
          ? `  replay: ${mdCode(replayCommand(s.argv, tracePath(s.name, rule.id)))} ([trace](${tracePath(s.name, rule.id).slice('docs/'.length)}))`
          : `  found by a probe (${cx.source}), which has no trace: rerun the row's command`,
      );
      out.push('');
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

// ---------- HTML ----------

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:.2em .4em;text-align:left;vertical-align:top}
th.rule{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap}
td.pass{background:#dfd}td.fail{background:#fbb;font-weight:bold}td.unexercised{background:#fed}td.na{background:#eee;color:#555}
pre{background:#f6f6f6;padding:.6em;white-space:pre-wrap}code{background:#f6f6f6}
section.row{border-top:1px solid #ccc;margin-top:1.5em}li{margin:.3em 0}`;

export function renderHtml(r: ResultsFile): string {
  const ids = ruleIds(r);
  const head = [
    '<tr><th>implementation</th><th>kind</th><th>version</th><th>verdict</th><th>histories</th>',
    ...ids.map((id) => `<th class="rule"><a href="${esc(specLink(id))}">${esc(id)}</a></th>`),
    '</tr>',
  ].join('');
  const rows = r.subjects.map((s) => {
    const cells = ids.map((id) => {
      const rule = s.report.rules.find((x) => x.id === id);
      if (rule === undefined) return '<td>—</td>';
      const cls = rule.status === 'n/a' ? 'na' : rule.status;
      const title = rule.reason ? ` title="${esc(`${id}: ${rule.reason}`)}"` : '';
      if (rule.status === 'pass') return `<td class="pass">pass</td>`;
      return `<td class="${esc(cls)}"${title}><a href="#${esc(anchor(s.name, id))}">${esc(CELL[rule.status] ?? rule.status)}</a></td>`;
    });
    return `<tr id="row-${esc(s.name)}"><td><a href="#${esc(s.name)}">${esc(s.name)}</a></td><td>${esc(s.kind)}</td><td>${esc(s.version)}</td><td>${esc(verdict(s))}</td><td>${esc(runsText(s))}</td>${cells.join('')}</tr>`;
  });
  const sections = r.subjects.map((s) => {
    const rep = s.report;
    const items = rep.rules
      .filter((x) => x.status !== 'pass')
      .map((rule) => {
        const cx = rule.counterexample;
        const story =
          rule.status === 'fail' && cx !== undefined
            ? [
                `<pre>${esc(cx.story.join('\n'))}</pre>`,
                traceOf(rule) !== undefined
                  ? `<p>replay: <code>${esc(replayCommand(s.argv, tracePath(s.name, rule.id)))}</code> (<a href="${esc(tracePath(s.name, rule.id).slice('docs/'.length))}">trace</a>)</p>`
                  : `<p>found by a probe (${esc(cx.source)}), which has no trace: rerun the row's command</p>`,
              ].join('')
            : '';
        return `<li id="${esc(anchor(s.name, rule.id))}"><strong>${esc(CELL[rule.status] ?? rule.status)}</strong> <a href="${esc(specLink(rule.id))}">${esc(rule.id)}</a>: ${esc(rule.reason ?? '')}${story}</li>`;
      });
    return [
      `<section class="row" id="${esc(s.name)}"><h2>${esc(s.name)}</h2><p>${esc(s.design)}</p><ul>`,
      `<li>command: <code>${esc(runCommand(s.argv))}</code></li>`,
      `<li>version: ${esc(s.version)}</li>`,
      ...(s.isolation !== undefined ? [`<li>isolation: ${esc(s.isolation)}</li>`] : []),
      `<li>verdict: ${esc(verdict(s))} (exit ${s.exitCode}); ${rep.summary.passed} passed, ${rep.summary.failed} failed, ${rep.summary.na} n/a, ${rep.summary.unexercised} unexercised</li>`,
      `<li>run: ${esc(`${rep.adapter}, ${mode(s)}, seed ${rep.seed}, histories ${runsText(s)} (${rep.caps.map((c) => `${c.band} ${c.cap}`).join(', ')}); kit ${rep.version}, spec ${rep.specVersion}, ${s.date}`)}</li>`,
      ...(rep.host !== undefined ? [`<li>host played: ${esc(rep.host.played)}</li>`] : []),
      '</ul>',
      ...(items.length > 0 ? ['<ul>', ...items, '</ul>'] : []),
      '</section>',
    ].join('\n');
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"/>',
    '<title>readshim-conformance: implementations</title>',
    `<style>${STYLE}</style></head><body>`,
    '<h1>readshim-conformance: implementations</h1>',
    `<p>kit ${esc(r.version)}, spec ${esc(r.specVersion)}; runs of ${esc(dates(r))}. Each row is one <code>run</code> command (below the table), run with an empty failure database; its verdict is that command's. A cell other than pass links to its reason, a failing cell to its story and replay command; a rule links to its spec/SPEC.md prose, at the end of this page. Generated by <code>readshim-conformance table</code> from config/implementations.json: do not edit.</p>`,
    `<table><thead>${head}</thead><tbody>`,
    ...rows,
    '</tbody></table>',
    ...sections,
    ...specSections(ids),
    '</body></html>',
    '',
  ].join('\n');
}

/** Every file the table writes besides the results file: path (relative to the config's folder) → text. */
export function renderTable(r: ResultsFile, o: RenderOptions = { specLink: SPEC_LINK }): Map<string, string> {
  const files = new Map<string, string>([
    [MD_PATH, renderMarkdown(r, o)],
    [HTML_PATH, renderHtml(r)],
  ]);
  for (const s of r.subjects)
    for (const rule of s.report.rules) {
      const t = rule.status === 'fail' ? traceOf(rule) : undefined;
      if (t !== undefined) files.set(tracePath(s.name, rule.id), formatTrace(t));
    }
  return files;
}
