#!/usr/bin/env bash
# A truthful read-dedup PreToolUse hook (the twin of mtime-dedup.sh). It blocks a Read only when
# the worker holds exactly what the Read would return now:
#  - it is keyed on what was DELIVERED, recorded after the Read by content-dedup-post.sh from the
#    tool_response (never when the Read is requested, never from the disk after the Read);
#  - per session (worker) and per request (path, offset, limit);
#  - content-dedup-compact.sh forgets the session when the host compacts its transcript.
# When in doubt it allows the Read (a long line the host cuts, a missing file: the hashes differ).
set -u
IFS=$'\t' read -r session file offset limit < <(jq -r '[.session_id, .tool_input.file_path, (.tool_input.offset // ""), (.tool_input.limit // "")] | @tsv')
key="$file|$offset|$limit"
k=${key//%/%25}; k=${k//\//%2F}
record="$HOME/.content-dedup/$session/$k"
[ -f "$record" ] && [ -f "$file" ] || exit 0

first=${offset:-1}
last='$'                                 # Claude Code 2.1's Read returns every line without a limit
[ -n "$limit" ] && last=$((first + limit - 1))
now=$(printf '' | sha256sum)
[ "${limit:-1}" -gt 0 ] && now=$(sed -n "${first},${last}p" -- "$file" | sha256sum)
read -r held < "$record"
if [ "${now%% *}" = "$held" ]; then
  printf '%s\n' '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
    "permissionDecisionReason": "File unchanged since your last Read of it: you already hold its current content in full."}}'
fi
exit 0
