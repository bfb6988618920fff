/**
 * A story's picture as inline SVG (`run --reporter html`): per read or stale serve, a bar of the
 * file's bytes at request time, the span the worker holds afterwards drawn over it (the oracle's K),
 * and the span the response claimed as an outline — so "holds bytes 0–16 of 40, told it holds all"
 * is seen. Every bar also says it in words (readable without graphics). No script, nothing fetched.
 */
import type { ClaimSpan, Frame } from '../../../properties/picture.ts';
import { n } from '../../../properties/oracle/bytes.ts';
import { xmlEscape as esc } from './junit.ts';

const WIDTH = 560;
const BAR = 16;
const ROW = 52;
const LEFT = 8;
/** Room for the words under each bar. */
const TEXT_WIDTH = 900;

function claimed(c: ClaimSpan): { from: number; to: number; words: string } | undefined {
  switch (c.kind) {
    case 'slice':
      return { from: c.start, to: c.end, words: `claimed bytes ${n(c.start)}–${n(c.end)} of ${n(c.total)} (slice)` };
    case 'whole':
      return {
        from: 0,
        to: c.total,
        words:
          c.how === 'pointer'
            ? `claimed "unchanged, you hold all ${n(c.total)} bytes" (pointer)`
            : c.how === 'diff'
              ? `claimed a diff to all ${n(c.total)} bytes`
              : `sent the tool's ${n(c.total)} bytes`,
      };
    case 'lines':
      return undefined;
    case 'other':
      return undefined;
  }
}

function words(f: Frame): string {
  const file = f.size === undefined ? 'the tool failed or the file is gone' : `file ${n(f.size)} bytes`;
  const held = f.after === undefined ? 'holds nothing' : `holds bytes 0–${n(f.after.bytes)} of ${n(f.after.total)}`;
  const c = claimed(f.claim);
  const said =
    c?.words ??
    (f.claim.kind === 'lines'
      ? `served lines ${f.claim.startLine}–${f.claim.endLine}`
      : f.claim.kind === 'other'
        ? `answered ${f.claim.what}`
        : '');
  return `${file}; ${said}; the worker now ${held}`;
}

/** One SVG for the frames of a story (those up to `last`, 0-based event index). */
export function pictureSvg(frames: readonly Frame[]): string {
  if (frames.length === 0) return '';
  const height = frames.length * ROW + 8;
  const rows = frames.map((f, i) => {
    const y = i * ROW + 4;
    const c = claimed(f.claim);
    const scale = Math.max(1, f.size ?? 0, f.after?.total ?? 0, c?.to ?? 0);
    const x = (bytes: number): number => LEFT + Math.round((Math.min(bytes, scale) / scale) * WIDTH);
    const label = `step ${f.index + 1} · ${f.worker} ${f.op === 'read' ? 'reads' : 'fetches stale lines of'} ${f.path}`;
    const parts = [
      `<text x="${LEFT}" y="${y + 11}" class="lbl">${esc(label)}</text>`,
      f.size !== undefined
        ? `<rect class="file" x="${LEFT}" y="${y + 18}" width="${x(f.size) - LEFT}" height="${BAR}"><title>${esc(`the file: ${n(f.size)} bytes`)}</title></rect>`
        : '',
      f.after !== undefined && f.after.bytes > 0
        ? `<rect class="held" x="${LEFT}" y="${y + 18}" width="${x(f.after.bytes) - LEFT}" height="${BAR}"><title>${esc(`the worker holds bytes 0–${n(f.after.bytes)}`)}</title></rect>`
        : '',
      c !== undefined
        ? `<rect class="claim" x="${x(c.from)}" y="${y + 16}" width="${Math.max(1, x(c.to) - x(c.from))}" height="${BAR + 4}"><title>${esc(c.words)}</title></rect>`
        : '',
      `<text x="${LEFT}" y="${y + 48}" class="words">${esc(words(f))}</text>`,
    ];
    return `<g class="frame" data-step="${f.index + 1}">${parts.join('')}</g>`;
  });
  return [
    `<svg class="picture" role="img" width="${TEXT_WIDTH}" height="${height}" viewBox="0 0 ${TEXT_WIDTH} ${height}">`,
    '<title>per step: the file (grey), the bytes the worker holds (green), what the response claimed (red outline)</title>',
    ...rows,
    '</svg>',
  ].join('');
}

export const PICTURE_STYLE = `.picture .file{fill:#ddd}.picture .held{fill:#5b5}.picture .claim{fill:none;stroke:#c22;stroke-width:2;stroke-dasharray:4 2}
.picture .lbl{font:12px system-ui,sans-serif;fill:#222}.picture .words{font:11px system-ui,sans-serif;fill:#555}
.legend span{display:inline-block;margin-right:1.2em}.legend i{display:inline-block;width:1.2em;height:.8em;margin-right:.3em;vertical-align:middle}`;

export const LEGEND =
  '<p class="legend"><span><i style="background:#ddd"></i>the file at request time</span><span><i style="background:#5b5"></i>bytes the worker holds after the response</span><span><i style="border:2px dashed #c22"></i>what the response claimed</span></p>';
