/**
 * A session story kept short and named: the condition a failing read met, in words ("w1 has read
 * 64 other files since"), and runs of reads of other files told as one line. Step numbers stay the
 * history's event numbers, so a consequence's "at step N" still points at its line.
 */
import { resolvePath } from '../../src/core/paths.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import type { Outcome } from '../../src/harness/session.ts';
import type { Frame } from '../picture.ts';
import { walkHistory, type Measured } from './coverage.ts';
import { CONDITIONS, EDITS } from './table.ts';

/** What the tracker measured at the read with event index `index` (undefined: not a re-read of a held request). */
export function measuredAt(
  outcomes: readonly Outcome[],
  frames: readonly Frame[],
  index: number,
): Measured | undefined {
  let found: Measured | undefined;
  walkHistory(
    outcomes.filter((o) => o.index <= index),
    frames,
    (m, o) => {
      if (o.index === index) found = m;
    },
  );
  return found;
}

/** The condition line of a story: every condition the read met (at its least drawn value or more), then the edit. */
export function conditionWords(m: Measured, worker: string): string | undefined {
  const met = CONDITIONS.filter((c) => {
    const v = m.view[c.measure];
    return c.id !== 'held' && v >= (c.threshold?.min ?? 1) && (c.measure !== 'editOffset' || !m.change.same);
  }).map((c) => c.words(m.view[c.measure]).replace(/^the worker/, worker));
  const edits = EDITS.filter((e) => e.kind === 'hidden' && e.seen(m.change)).map((e) => e.words);
  if (met.length === 0 && edits.length === 0) return undefined;
  const held = m.view.held === 1 ? `${worker} was handed ${m.holding.names.join(', ')} whole` : '';
  const parts = [held, ...met].filter(Boolean);
  return `condition: ${parts.join('; ')}${edits.length > 0 ? `; since then ${edits.join(', and ')}` : ''}`;
}

/** Inserts the condition line after the first failing step of a story (`   ✗ RULE: …` under `N. …`). */
export function withCondition(story: readonly string[], index: number, line: string | undefined): string[] {
  if (line === undefined) return [...story];
  const out = [...story];
  const at = out.findIndex((l) => l.startsWith(`${index + 1}. `));
  if (at === -1) return out;
  let k = at + 1;
  while (k < out.length && out[k]!.startsWith('   ✗')) k++;
  out.splice(k, 0, `   ↳ ${line}`);
  return out;
}

const STEP = /^(\d+)\. /;

/** What a step is, for collapsing: a worker's read of another file, a write of one, or neither. */
function kindOf(e: TraceEvent | undefined, names: ReadonlySet<string>): { key: string; path: string } | undefined {
  if (e?.type === 'read' && !names.has(resolvePath(e.path))) return { key: `read ${e.worker}`, path: e.path };
  if (e?.type === 'write' && !names.has(resolvePath(e.path))) return { key: 'write', path: e.path };
  return undefined;
}

/**
 * Runs of four or more steps that are one worker's reads of other files than `names` (with no
 * finding under them), or writes of other files, told as one line: "17–80. w1 reads 64 other
 * files: a.ts, b.py, … 62 more".
 */
export function collapseOthers(
  story: readonly string[],
  events: readonly TraceEvent[],
  names: ReadonlySet<string>,
): string[] {
  const lines = new Map<number, string[]>();
  let step = 0;
  for (const l of story) {
    const m = STEP.exec(l);
    if (m !== null) step = Number(m[1]);
    if (!lines.has(step)) lines.set(step, []);
    lines.get(step)!.push(l);
  }
  const out: string[] = [];
  let run: { from: number; to: number; key: string; paths: string[] } | undefined;
  const flush = (): void => {
    if (run === undefined) return;
    const count = run.to - run.from + 1;
    if (count >= 4) {
      const shown = run.paths.slice(0, 2).join(', ');
      const more = run.paths.length > 2 ? `, … ${run.paths.length - 2} more` : '';
      const what =
        count === run.paths.length ? `${count} other files` : `${run.paths.length} other files (${count} times)`;
      const who = run.key === 'write' ? 'write' : `${run.key.slice(5)} reads`;
      out.push(`${run.from}–${run.to}. ${who} ${what}: ${shown}${more}`);
    } else for (let s = run.from; s <= run.to; s++) out.push(...(lines.get(s) ?? []));
    run = undefined;
  };
  for (const [s, ls] of lines) {
    const k = s > 0 && ls.length === 1 ? kindOf(events[s - 1], names) : undefined;
    if (k !== undefined && run !== undefined && run.key === k.key && run.to === s - 1) {
      run.to = s;
      if (!run.paths.includes(k.path)) run.paths.push(k.path);
      continue;
    }
    flush();
    if (k !== undefined) run = { from: s, to: s, key: k.key, paths: [k.path] };
    else out.push(...ls);
  }
  flush();
  return out;
}
