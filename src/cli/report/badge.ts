/**
 * `run --reporter badge --out <name>.json`: a shields.io endpoint JSON (schemaVersion 1, label,
 * message, color; docs/CI.md "Badge") at <name>.json and the same badge drawn as <name>.svg beside
 * it (drawn here, nothing fetched). The message is the rules' verdict: "N/N rules" when every
 * judged rule passes (n/a rules are left out of N), else the failing (or unexercised) rule IDs.
 */
import type { RunResult } from '../../../properties/run.ts';
import { isPartial } from '../../../properties/shard.ts';
import { xmlEscape } from './junit.ts';

export interface Badge {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: string;
}

export const BADGE_LABEL = 'readshim-conformance';

/** "A", "A, B", "A, B +3": the first two IDs and how many more. */
const ids = (list: readonly string[]): string =>
  list.length <= 2 ? list.join(', ') : `${list.slice(0, 2).join(', ')} +${list.length - 2}`;

export function badgeOf(r: RunResult): Badge {
  const failed = r.rules.filter((x) => x.status === 'fail').map((x) => x.id);
  // A shard judges part of the histories: its unexercised rules are decided on the combined shards.
  const unexercised = isPartial(r) ? [] : r.rules.filter((x) => x.status === 'unexercised').map((x) => x.id);
  const judged = r.rules.filter((x) => x.status !== 'n/a').length;
  if (failed.length > 0) return { schemaVersion: 1, label: BADGE_LABEL, message: `fails ${ids(failed)}`, color: 'red' };
  if (unexercised.length > 0)
    return { schemaVersion: 1, label: BADGE_LABEL, message: `unexercised ${ids(unexercised)}`, color: 'orange' };
  // Stopped by its time bound before the end: never a pass (run --max-seconds).
  if (r.stoppedEarly !== undefined)
    return { schemaVersion: 1, label: BADGE_LABEL, message: 'incomplete (time bound)', color: 'orange' };
  return { schemaVersion: 1, label: BADGE_LABEL, message: `${r.summary.passed}/${judged} rules`, color: 'brightgreen' };
}

const COLORS: Readonly<Record<string, string>> = { brightgreen: '#4c1', orange: '#fe7d37', red: '#e05d44' };

/** Width of text in Verdana 11px, estimated per character (no font metrics here). */
const textWidth = (s: string): number => Math.ceil([...s].length * 6.5) + 10;

/** A flat two-part badge; the message is in the SVG's text and its <title>. */
export function badgeSvg(b: Badge): string {
  const lw = textWidth(b.label);
  const mw = textWidth(b.message);
  const w = lw + mw;
  const label = xmlEscape(b.label);
  const message = xmlEscape(b.message);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${label}: ${message}">`,
    `  <title>${label}: ${message}</title>`,
    `  <rect width="${lw}" height="20" fill="#555"/>`,
    `  <rect x="${lw}" width="${mw}" height="20" fill="${COLORS[b.color] ?? '#9f9f9f'}"/>`,
    `  <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">`,
    `    <text x="${lw / 2}" y="14">${label}</text>`,
    `    <text x="${lw + mw / 2}" y="14">${message}</text>`,
    '  </g>',
    '</svg>',
  ].join('\n');
}
