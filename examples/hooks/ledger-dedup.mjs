#!/usr/bin/env node
// A PostToolUse dedup hook for Claude Code's Read that answers re-reads with a pointer ("unchanged
// since your last read") or a single-region delta, and is truthful (docs/guide/hook.md "A ledger
// checked against the transcript"). One script for every event it is registered for:
//
//   SessionStart  (source startup, compact, clear): the session's ledger starts empty;
//   PreToolUse    allows every read (no output);
//   PostToolUse   if the worker was shown this request's current text by an earlier Read whose
//                 tool_result is still on the transcript's live branch, the output is replaced by a
//                 pointer; if one region of it changed since, by a delta of that region; otherwise
//                 the Read's own output goes through and is recorded.
//
// The ledger is keyed on the session and the subagent (agent_id: Claude Code runs a subagent's
// hooks under its parent's session_id) and on the request (file, offset, limit). A rewind fires no
// hook: the transcript at transcript_path shows it — rows appended after a rewind hang off an
// earlier row, so an older tool_result is no longer on the branch that ends at the newest row.
// Compaction rows keep their logical parent, so this walk does not see compactions: SessionStart
// "compact" does.
//
// --deltas: a changed whole read is answered by a delta of its one changed region when that is
// smaller than the text (judged with --levers pointer,diff and the --delta-pattern in docs/guide/hook.md).
// Twins that lie, for the kit's tests (and --session-keyed above): --ignore-compact keeps the ledger across SessionStart
// "compact" (fails FORGET-RESETS); --trust-ledger never reads the transcript (fails FORGET-RESETS
// once rewinds are played: run --hook-forget compact,rewind).
//
//   readshim-conformance run --hook "node examples/hooks/ledger-dedup.mjs" \
//     --hook-post "node examples/hooks/ledger-dedup.mjs" --hook-session-start "node examples/hooks/ledger-dedup.mjs"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const flags = new Set(process.argv.slice(2));
// --delta-shifted (a twin that lies): a delta's row numbers one row late (fails DIFF-COMPLETE).
const shift = flags.has('--delta-shifted') ? 1 : 0;
const event = JSON.parse(readFileSync(0, 'utf8'));
const dir = join(process.env.HOME ?? '.', '.ledger-dedup');
// --session-keyed (a twin that lies): one ledger per session_id, a subagent's reads and its parent's mixed.
const ledgerFile = (e) =>
  join(dir, `${e.session_id}${e.agent_id && !flags.has('--session-keyed') ? `.${e.agent_id}` : ''}.json`);
const load = (e) => (existsSync(ledgerFile(e)) ? JSON.parse(readFileSync(ledgerFile(e), 'utf8')) : {});
const save = (e, l) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(ledgerFile(e), JSON.stringify(l));
};

/** The tool_use ids whose tool_result lies on the transcript's live branch (newest row back to the start). */
function liveResults(path) {
  if (typeof path !== 'string' || !existsSync(path)) return new Set();
  const rows = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l))
    .filter((r) => typeof r.uuid === 'string');
  const byId = new Map(rows.map((r) => [r.uuid, r]));
  const live = new Set();
  for (let r = rows.at(-1); r !== undefined;) {
    const content = r.type === 'user' ? r.message?.content : undefined;
    if (Array.isArray(content)) for (const b of content) if (b?.type === 'tool_result') live.add(b.tool_use_id);
    const up = r.parentUuid ?? (r.subtype === 'compact_boundary' ? r.logicalParentUuid : null);
    r = up === null || up === undefined ? undefined : byId.get(up);
  }
  return live;
}

/** Lines with their endings (a last line without "\n" is a line). */
const rowsOf = (s) => s.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** The one region of `now` that differs from `before`: rows first..last of `before` (1-based) and the rows replacing them. */
function region(before, now) {
  const a = rowsOf(before);
  const b = rowsOf(now);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { first: head + 1, last: a.length - tail, base: a.length, body: b.slice(head, b.length - tail).join('') };
}

const say = (text) =>
  process.stdout.write(
    JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: text } }),
  );

switch (event.hook_event_name) {
  case 'SessionStart':
    if (!(event.source === 'compact' && flags.has('--ignore-compact'))) rmSync(ledgerFile(event), { force: true });
    break;
  case 'PostToolUse': {
    const input = event.tool_input ?? {};
    const key = `${input.file_path}|${input.offset ?? ''}|${input.limit ?? ''}`;
    const now = event.tool_response?.file?.content;
    if (typeof now !== 'string') break;
    const ledger = load(event);
    const held = ledger[key];
    // Every result the worker's holding rests on (the first delivery, the deltas since) still live.
    const results = flags.has('--trust-ledger') ? undefined : liveResults(event.transcript_path);
    const live = held !== undefined && (results === undefined || held.ids.every((id) => results.has(id)));
    if (live && held.text === now) {
      say(`[ledger-dedup] ${input.file_path} is unchanged since your last read: you already hold its current content.`);
      break;
    }
    // A whole read whose one changed region replaces at least one row: a delta, when it is smaller than the text.
    const r =
      live && flags.has('--deltas') && input.offset === undefined && input.limit === undefined
        ? region(held.text, now)
        : undefined;
    const notice =
      r !== undefined && r.last >= r.first
        ? `[ledger-dedup] ${input.file_path} changed since your last read: lines ${r.first + shift}-${r.last + shift} of the ${r.base} lines you hold are now:\n${r.body}`
        : undefined;
    if (notice !== undefined && Buffer.byteLength(notice) < Buffer.byteLength(now)) {
      say(notice);
      ledger[key] = { text: now, ids: [...held.ids, event.tool_use_id] };
      save(event, ledger);
      break;
    }
    ledger[key] = { text: now, ids: [event.tool_use_id] };
    save(event, ledger);
    break;
  }
  default:
    break;
}
