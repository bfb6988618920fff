#!/usr/bin/env bash
# A PostToolUse hook that SUBSTITUTES the Read's output and records what the tool returned: it
# FAILS conformance (docs/LIE-CLASSES.md `substitution-recorded`). Paired with content-dedup.sh as
# the PreToolUse hook, it records the hash of tool_response (all the Read returned), then answers
# hookSpecificOutput.updatedToolOutput = the first 3 lines and a note, so the worker holds 3 lines.
# A re-read of the unchanged file is denied "you already hold its current content in full" —
# about lines the worker was never shown (POINTER-FULL). Its twin, note-dedup-post.sh, passes.
#   readshim-conformance run --hook "bash examples/hooks/content-dedup.sh" \
#     --hook-post "bash examples/hooks/elide-dedup-post.sh" --hook-compact "bash examples/hooks/content-dedup-compact.sh"
set -u
event=$(cat)
printf '%s' "$event" | bash "$(dirname "$0")/content-dedup-post.sh"   # the record: the tool's bytes
printf '%s' "$event" | jq -c '.tool_response.file.content as $c
  | ($c | split("\n")) as $rows
  | if ($rows | length) <= 4 then empty
    else {hookSpecificOutput: {hookEventName: "PostToolUse",
      updatedToolOutput: (($rows[0:3] | map(. + "\n") | join("")) + "[… \(($rows | length) - 3) more lines elided to save context]")}}
    end'
