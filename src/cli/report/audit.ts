/** Reports of `audit`: pretty (people) and JSON (docs/reference/cli.md "audit": `lies`). */
import { nothingJudged, type AuditResult } from '../../../properties/audit.ts';
import { reportJson } from '../../core/schemas.ts';
import { envelope } from '../../core/output.ts';

export interface AuditReportInfo {
  readonly trace: string;
  readonly adapter: string;
  /** The trace's arm, or its levers (a lever shim's trace). */
  readonly arm?: string;
  readonly levers?: readonly string[];
  readonly cap: number;
}

function byRule(r: AuditResult): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of r.lies) out[l.rule] = (out[l.rule] ?? 0) + 1;
  return out;
}

export function auditJson(r: AuditResult, info: AuditReportInfo): string {
  return reportJson(
    {
      ...envelope('audit'),
      trace: info.trace,
      adapter: info.adapter,
      ...(info.levers !== undefined ? { levers: info.levers } : { arm: info.arm }),
      cap: info.cap,
      ...(r.notes !== undefined ? { notes: r.notes } : {}),
      lies: r.lies.map((l) => ({ line: l.line, rule: l.rule, message: l.message, story: l.story })),
      summary: {
        events: r.events,
        responses: r.responses,
        lies: r.lies.length,
        byRule: byRule(r),
        judged: !nothingJudged(r),
      },
    },
    2,
  );
}

export function auditPretty(r: AuditResult, info: AuditReportInfo): string {
  const out: string[] = [];
  out.push(
    `readshim-conformance audit ${info.trace} — decoder ${info.adapter}, ${info.levers !== undefined ? `levers [${info.levers.join(', ')}]` : `arm ${info.arm}`}, cap ${info.cap.toLocaleString('en-US')}`,
  );
  const verdict =
    r.lies.length > 0
      ? `${r.lies.length} lie${r.lies.length === 1 ? '' : 's'}`
      : nothingJudged(r)
        ? 'nothing was judged (no read or stale serve with a recorded response): not a pass'
        : 'no lie';
  for (const note of r.notes ?? []) out.push(`note: ${note}`);
  out.push(`${r.responses} responses judged in ${r.events} events: ${verdict}`);
  for (const l of r.lies) {
    out.push('', `line ${l.line}: ${l.rule} — ${l.message}`);
    for (const s of l.story) out.push(`  ${s}`);
  }
  const rules = Object.entries(byRule(r));
  if (rules.length > 0) out.push('', `lies by rule: ${rules.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  return out.join('\n');
}
