#!/usr/bin/env bash
# A PreToolUse hook that CUTS a Read with updatedInput and dedups on what was delivered: the
# truthful twin of head-dedup-pre.sh. A Read of a whole file longer than 3 lines is rewritten to
# its first 3 lines ({"limit": 3}, "to save context"), so the worker holds those 3 lines and no
# more. The record is content-dedup-post.sh's: the hash of what the Read delivered, under the
# input the Read ran with (the cut one), so a re-read of the whole file finds no record and is cut
# again, never "unchanged". It says nothing false about what the worker holds; the cut itself is
# silent, so FIRST-VERBATIM and ARM-TABLE (a partial slice without the cap lever) still flag it.
#   readshim-conformance run --hook "bash examples/hooks/head-dedup.sh" \
#     --hook-post "bash examples/hooks/content-dedup-post.sh" --hook-compact "bash examples/hooks/content-dedup-compact.sh"
set -u
event=$(cat)
said=$(printf '%s' "$event" | bash "$(dirname "$0")/content-dedup.sh")
if [ -n "$said" ]; then printf '%s\n' "$said"; exit 0; fi
IFS=$'\t' read -r file offset limit < <(printf '%s' "$event" | jq -r '[.tool_input.file_path, (.tool_input.offset // ""), (.tool_input.limit // "")] | @tsv')
[ -z "$offset$limit" ] && [ -f "$file" ] && [ "$(wc -l < "$file")" -gt 3 ] || exit 0
jq -cn --arg f "$file" '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
  updatedInput: {file_path: $f, limit: 3}}}'
