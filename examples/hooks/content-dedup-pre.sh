#!/usr/bin/env bash
# A read-dedup PreToolUse hook that records what it ALLOWS, not what the Read delivered: the twin
# of content-dedup.sh with its record written here, from the disk, before the host's Read runs.
# Keyed like the twin (per session and request, on the hash of the lines the Read would return),
# it lies only when the host's Read refuses (docs/LIE-CLASSES.md `refusal-recorded`): Claude Code
# refuses a whole Read of a file over 256 KB, the record says "delivered", and once the file is
# cut back under the size (its first 2,000 lines unchanged) the worker, who never got a byte, is
# told it already holds them — behind a Read that returns at most 2,000 lines, as the hook host
# played before 2.1: `readshim-conformance run --hook … --hook-tool
# '{"maxLines":2000,"maxLineChars":2000,"refuse":{"maxBytes":262144}}'` fails it on POINTER-FULL
# (corpus case refused-then-trimmed). Behind Claude Code 2.1.197's Read (no line cut, the default)
# the refused file's hash is never the hash of what a later Read returns, and that case passes.
# content-dedup.sh with content-dedup-post.sh passes both.
set -u
IFS=$'\t' read -r session file offset limit < <(jq -r '[.session_id, .tool_input.file_path, (.tool_input.offset // ""), (.tool_input.limit // "")] | @tsv')
key="$file|$offset|$limit"
k=${key//%/%25}; k=${k//\//%2F}
dir="$HOME/.content-dedup/$session"
[ -f "$file" ] || exit 0   # a missing file: let the Read fail

first=${offset:-1}
count=${limit:-2000}
[ "$count" -gt 2000 ] && count=2000     # the host's Read returns at most 2,000 lines
now=$(printf '' | sha256sum)
[ "$count" -gt 0 ] && now=$(sed -n "${first},$((first + count - 1))p" -- "$file" | sha256sum)
if [ -f "$dir/$k" ]; then
  read -r held < "$dir/$k"
  if [ "${now%% *}" = "$held" ]; then
    printf '%s\n' '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
      "permissionDecisionReason": "File unchanged since your last Read of it: you already hold its current content in full."}}'
    exit 0
  fi
fi
mkdir -p "$dir"
printf '%s\n' "${now%% *}" > "$dir/$k"   # the lie: recorded as delivered before the Read ran
exit 0
