/**
 * A shrunk history as a numbered story a person can follow: "read 3 said 'unchanged, you hold
 * all 105,426 bytes' but the worker holds bytes 0–24,576".
 */
import { resolvePath } from '../src/core/paths.ts';
import type { ForkEvent, ReadEvent, TraceEvent } from '../src/core/trace.ts';
import { groupEnd, type Outcome } from '../src/harness/session.ts';
import { n, utf8 } from './oracle/bytes.ts';
import { sayClaim, type Consequence, type Violation } from './oracle/judge.ts';
import type { RuleId } from '../src/core/rules.ts';
import type { ConsequenceRef } from './result.ts';

const preview = (s: string): string => {
  const t = s.length > 24 ? `${s.slice(0, 24)}…` : s;
  return JSON.stringify(t);
};

function window(args: Readonly<Record<string, unknown>> | undefined): string {
  if (args === undefined || Object.keys(args).length === 0) return '';
  const { offset, limit, ...rest } = args as { offset?: number; limit?: number };
  const parts: string[] = [];
  if (offset !== undefined || limit !== undefined)
    parts.push(`lines ${offset ?? 1}${limit !== undefined ? `+${limit}` : '…'}`);
  if (Object.keys(rest).length > 0) parts.push(JSON.stringify(rest));
  return ` [${parts.join(', ')}]`;
}

/** The consequences of a rule's failures in a told history, as a counterexample carries them (none: {}). */
export function consequencesOf(
  v: { readonly consequences: readonly Consequence[] },
  rule: RuleId,
  upTo = Infinity,
): { consequences?: readonly ConsequenceRef[] } {
  const list = v.consequences
    .filter((c) => c.cause.rule === rule && c.index <= upTo)
    .map((c) => ({ rule: c.rule, step: c.index + 1 }));
  return list.length > 0 ? { consequences: list } : {};
}

/** The files a host re-attached after a compaction, in words ('' when it re-attaches none by declaration). */
function reattachedWords(o: Outcome | undefined): string {
  if (o?.kind !== 'other' || o.reattached === undefined) return '';
  if (o.reattached.length === 0) return '; the host re-attaches no file';
  return `; the host re-attaches ${o.reattached.map((r) => `${r.path} (${n(utf8(r.text).length)} bytes)`).join(', ')}: the worker holds ${o.reattached.length === 1 ? 'it' : 'them'} again`;
}

/** A batch read call's part in words (spec/SPEC.md "Batch reads"): which call, and every path it lists. */
export function callWords(events: readonly TraceEvent[], i: number): string {
  let first = i;
  const e = events[i] as ReadEvent;
  for (; first > 0; first--) {
    const p = events[first - 1]!;
    if (p.type !== 'read' || p.worker !== e.worker || p.call !== e.call) break;
  }
  const paths = (events.slice(first, groupEnd(events, first) + 1) as ReadEvent[]).map((x) => x.path);
  return `part ${i - first + 1} of one batch read call of ${paths.join(', ')}`;
}

/** A subagent's start in words (spec/SPEC.md "Forks and resumed sessions"). */
function forkWords(e: ForkEvent): string {
  const holds = e.fresh
    ? 'holding nothing'
    : `holding what ${e.parent} holds now (deliveries to ${e.parent} after this are not ${e.worker}'s)`;
  const session = e.session === 'shared' ? ` under ${e.parent}'s session id` : '';
  return `worker ${e.worker} starts as a subagent of ${e.parent}${session}, ${holds}`;
}

export function tellStory(
  events: readonly TraceEvent[],
  outcomes: readonly Outcome[],
  violations: readonly Violation[],
  consequences: readonly Consequence[] = [],
): string[] {
  const byIndex = new Map<number, Outcome>(outcomes.map((o) => [o.index, o]));
  const mtimes = new Map<string, number>();
  const lines: string[] = [];
  events.forEach((e, i) => {
    const o = byIndex.get(i);
    let line: string;
    switch (e.type) {
      case 'worker':
        line = `worker ${e.id} starts`;
        break;
      case 'fork':
        line = forkWords(e);
        break;
      case 'resume':
        line = `${e.worker}'s session resumes in a new shim instance; ${e.worker} keeps its transcript`;
        break;
      case 'write': {
        const prev = mtimes.get(resolvePath(e.path));
        const mt = prev === e.mtimeMs ? `mtime kept at ${e.mtimeMs}` : `mtime ${e.mtimeMs}`;
        mtimes.set(resolvePath(e.path), e.mtimeMs);
        line =
          'contentBase64' in e
            ? `write ${e.path}: ${n(Buffer.from(e.contentBase64, 'base64').length)} bytes of binary (base64 ${preview(e.contentBase64)}), ${mt}`
            : `write ${e.path}: ${n(utf8(e.content).length)} bytes ${preview(e.content)}, ${mt}`;
        break;
      }
      case 'delete':
        line = `delete ${e.path}`;
        break;
      case 'symlink':
        line = `symlink ${e.path} → ${e.target} (the link's own mtime ${e.mtimeMs})`;
        break;
      case 'hardlink':
        line = `hardlink ${e.path}: a second name of ${e.existing} (one file)`;
        break;
      case 'forget':
        line = `the host compacts ${e.worker}'s transcript: forget(${e.path === undefined ? '' : JSON.stringify(e.path)})${reattachedWords(o)}`;
        break;
      case 'stale': {
        const r = o && o.kind === 'stale' ? o : undefined;
        const said =
          r === undefined
            ? ''
            : r.claim
              ? ` → ${sayClaim(r.claim, 'text' in r.response ? r.response.text : '')}`
              : 'none' in r.response
                ? ' → nothing'
                : ` → error: ${'error' in r.response ? r.response.error : ''}`;
        line = `${e.worker} fetches stale lines ${e.startLine}–${e.endLine} of ${e.path}${said}`;
        break;
      }
      case 'read': {
        const r = o && o.kind === 'read' ? o : undefined;
        const extra = [
          e.fail
            ? r?.toolSkipped
              ? `the tool would fail with ${e.fail}, but the shim did not call it`
              : `the tool fails with ${e.fail}`
            : '',
          e.race
            ? `right after the tool returns, ${e.path} is rewritten (${n(utf8(e.race.content).length)} bytes, ${mtimes.get(resolvePath(e.path)) === e.race.mtimeMs ? 'mtime kept at' : 'mtime'} ${e.race.mtimeMs})`
            : '',
          e.batch !== undefined ? `concurrent batch ${e.batch}` : '',
          e.call !== undefined ? callWords(events, i) : '',
        ]
          .filter(Boolean)
          .join('; ');
        const said =
          r === undefined
            ? ''
            : 'binary' in r.response && r.response.binary === true
              ? ` → bytes, as the tool's output (${n(Buffer.from(r.response.text, 'base64').length)} bytes: ${n(r.response.text.length)} of base64)`
              : r.claim
                ? ` → ${sayClaim(r.claim, 'text' in r.response ? r.response.text : '')}`
                : ` → error: ${'error' in r.response ? r.response.error : '?'}`;
        line = `${e.worker} reads ${e.path}${window(e.args)}${extra ? ` (${extra})` : ''}${said}`;
        if (e.race) mtimes.set(resolvePath(e.path), e.race.mtimeMs);
        break;
      }
    }
    lines.push(`${i + 1}. ${line}`);
    for (const v of violations.filter((x) => x.index === i)) {
      lines.push(`   ✗ ${v.rule}: ${v.message}`);
      const after = consequences.filter((c) => c.cause.index === i && c.cause.rule === v.rule);
      if (after.length > 0)
        lines.push(
          `     ↳ what follows from it is not counted again: ${after.map((c) => `${c.rule} at step ${c.index + 1}`).join(', ')}`,
        );
    }
    for (const c of consequences.filter((x) => x.index === i))
      lines.push(
        `   ↳ ${c.rule}, a consequence of ${c.cause.rule} at step ${c.cause.index + 1} (not counted against ${c.rule}): ${c.message}`,
      );
  });
  return lines;
}
