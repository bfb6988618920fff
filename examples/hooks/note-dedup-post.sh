#!/usr/bin/env bash
# The truthful twin of elide-dedup-post.sh: it substitutes the Read's output too
# (hookSpecificOutput.updatedToolOutput), but with the tool's whole text under a note of its own,
# so what it records (the hash of tool_response) is what the worker was shown. It passes.
#   readshim-conformance run --hook "bash examples/hooks/content-dedup.sh" \
#     --hook-post "bash examples/hooks/note-dedup-post.sh" --hook-compact "bash examples/hooks/content-dedup-compact.sh"
set -u
event=$(cat)
printf '%s' "$event" | bash "$(dirname "$0")/content-dedup-post.sh"
printf '%s' "$event" | jq -c '{hookSpecificOutput: {hookEventName: "PostToolUse",
  updatedToolOutput: ("[read-dedup: a re-read of this exact text will be answered \"unchanged\"]\n" + .tool_response.file.content)}}'
