/**
 * `run --reporter html`: one self-contained page (styles inline, no script, nothing fetched, no link
 * outside itself, so it reads the same uploaded as a CI artefact): the kit and spec versions, the
 * verdict per rule with its ID, its law (src/core/rules.ts) and a link to its spec/SPEC.md prose,
 * inlined at the end of the page, and each failing rule's story and replay command. Written as
 * well-formed XHTML markup so that a strict XML parser reads it (test/ci/html.int.test.ts). Each story
 * has its picture (src/cli/report/picture-svg.ts).
 */
import { readFileSync } from 'node:fs';
import { RULES } from '../../../properties/rules/index.ts';
import { KIT_VERSION, SPEC_VERSION } from '../../core/version.ts';
import type { RunResult } from '../../../properties/run.ts';
import { findSpecFile, ruleProse } from '../../../spec/load.ts';
import { xmlEscape as esc } from './junit.ts';
import { LEGEND, PICTURE_STYLE, pictureSvg } from './picture-svg.ts';
import { otherMechanisms, stoppedLine, type RunReportExtras } from './run.ts';

/** GitHub's heading anchor of a rule's section: "## POINTER-FULL" → #pointer-full. */
const anchor = (id: string): string => id.toLowerCase();

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:70em;color:#222}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
.pass{background:#dfd}.fail{background:#fdd}.unexercised{background:#fed}.na{background:#eee}
pre{background:#f6f6f6;padding:.6em;white-space:pre-wrap}
${PICTURE_STYLE}`;

/** Each rule's spec/SPEC.md prose as the page's last sections (`#spec-<rule>`), from the kit's own SPEC.md. */
export function specSections(ids: readonly string[]): string[] {
  const file = findSpecFile(import.meta.url);
  const prose = file !== undefined ? ruleProse(readFileSync(file, 'utf8')) : new Map<string, string[]>();
  return [
    `<h2>The rules (spec/SPEC.md of readshim-conformance ${esc(KIT_VERSION)}, spec ${esc(SPEC_VERSION)})</h2>`,
    ...ids.map(
      (id) =>
        `<section class="spec" id="spec-${anchor(id)}"><h3>${esc(id)}</h3>${(prose.get(id) ?? [RULES.find((i) => i.id === id)?.law ?? '']).map((p) => `<p>${esc(p)}</p>`).join('')}</section>`,
    ),
  ];
}

/** A rule's link: its prose inlined on the same page. */
export const specLink = (id: string): string => `#spec-${anchor(id)}`;

export function runHtml(r: RunResult, x: RunReportExtras): string {
  const link = specLink;
  const rows = r.rules.map((rule) => {
    const law = RULES.find((i) => i.id === rule.id)?.law ?? '';
    const cls = rule.status === 'n/a' ? 'na' : rule.status;
    return `<tr class="${cls}" id="rule-${anchor(rule.id)}"><td><a href="${esc(link(rule.id))}">${esc(rule.id)}</a></td><td>${esc(rule.status)}</td><td>${rule.checks}</td><td>${esc(law)}${rule.reason ? `<br/><em>${esc(rule.reason)}</em>` : ''}</td></tr>`;
  });
  const stories = r.rules.flatMap((rule) => {
    const cx = rule.counterexample;
    if (rule.status !== 'fail' || cx === undefined) return [];
    const file = x.traceFiles.get(rule.id);
    return [
      `<section class="story" id="story-${anchor(rule.id)}"><h2>FAIL <a href="${esc(link(rule.id))}">${esc(rule.id)}</a>: ${esc(rule.reason ?? '')}</h2>`,
      `<pre>${esc(cx.story.join('\n'))}</pre>`,
      cx.frames !== undefined && cx.frames.length > 0
        ? `<figure>${pictureSvg(cx.frames)}<figcaption>${LEGEND}</figcaption></figure>`
        : '',
      otherMechanisms(rule).length > 0 ? `<pre>${esc(otherMechanisms(rule).join('\n'))}</pre>` : '',
      file ? `<p>replay: <code>${esc(x.replayCommand(file))}</code></p>` : '',
      `<p>seed ${cx.seed}${cx.fcPath ? `, fast-check path ${esc(cx.fcPath)}` : ''}</p></section>`,
    ];
  });
  const s = r.summary;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"/>',
    `<title>readshim-conformance: ${esc(r.adapter)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>readshim-conformance run — ${esc(r.adapter)}</h1>`,
    `<p>kit ${esc(KIT_VERSION)}, spec ${esc(SPEC_VERSION)}; ${r.arm !== undefined ? `arm ${esc(r.arm)}` : `levers [${esc(r.levers.join(', '))}]`}, seed ${r.seed}, ${r.runs} histories per cap band</p>`,
    ...r.assumptions.map((a) => `<p>ASSUMPTION: ${esc(a)}</p>`),
    `<p>summary: ${s.passed} passed, ${s.failed} failed, ${s.na} n/a, ${s.unexercised} unexercised</p>`,
    ...(stoppedLine(r, x.maxSeconds) !== undefined
      ? [`<p class="unexercised">${esc(stoppedLine(r, x.maxSeconds)!)}</p>`]
      : []),
    '<table><thead><tr><th>rule</th><th>verdict</th><th>checks</th><th>law (spec/SPEC.md)</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table>',
    ...stories,
    ...specSections(r.rules.map((rule) => rule.id)),
    '</body></html>',
  ].join('\n');
}
