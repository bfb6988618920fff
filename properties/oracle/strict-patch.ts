/**
 * DIFF-COMPLETE's applier: every hunk applies exactly at its header line, context and removed
 * lines must match byte for byte (line endings included), no search, no fuzz. jsdiff's
 * applyPatch relocates misplaced hunks, so it cannot be the judge.
 */
import { parsePatch } from 'diff';
import { splitLines } from '../../harness/lines.ts';

export type StrictResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

export function applyStrict(base: string, patchText: string): StrictResult {
  let parsed;
  try {
    parsed = parsePatch(patchText);
  } catch (e) {
    return { ok: false, reason: `not a unified diff: ${(e as Error).message}` };
  }
  if (parsed.length !== 1) return { ok: false, reason: `expected one file in the diff, found ${parsed.length}` };
  const file = parsed[0]!;
  if (file.oldFileName === undefined || file.newFileName === undefined)
    return { ok: false, reason: 'the diff has no ---/+++ file headers (git apply and patch need them)' };
  if (file.hunks.length === 0) return { ok: false, reason: 'the diff has no hunks' };
  const old = splitLines(base);
  const out: string[] = [];
  let cursor = 0;
  for (const [h, hunk] of file.hunks.entries()) {
    // jsdiff's parsePatch already turns `-10,0` (insert after line 10) into oldStart 11.
    const at = hunk.oldStart - 1;
    if (at < cursor || at > old.length)
      return { ok: false, reason: `hunk ${h + 1} (@@ -${hunk.oldStart},${hunk.oldLines}) is out of order or past the end (${old.length} lines)` };
    for (; cursor < at; cursor++) out.push(old[cursor]!);
    const lines = hunk.lines;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      const mark = l[0];
      if (mark === '\\') continue;
      const text = l.slice(1) + (lines[i + 1]?.startsWith('\\') ? '' : '\n');
      if (mark === '+') {
        out.push(text);
        continue;
      }
      const have = old[cursor];
      if (have !== text)
        return {
          ok: false,
          reason: `hunk ${h + 1}: line ${cursor + 1} of the held version is ${JSON.stringify(have ?? '<end of file>')}, the diff expects ${JSON.stringify(text)}`,
        };
      if (mark === ' ') out.push(text);
      cursor++;
    }
  }
  for (; cursor < old.length; cursor++) out.push(old[cursor]!);
  return { ok: true, text: out.join('') };
}
