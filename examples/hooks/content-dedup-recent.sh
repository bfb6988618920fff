#!/usr/bin/env bash
# PreToolUse hook of content-dedup.sh for a host that RE-ATTACHES recently read files after it
# compacts a transcript (run --hook-reinject <n>; spec/SPEC.md "Re-injection after compaction"):
# it logs every requested path (resolved, any window, whatever the answer) for
# content-dedup-recent-compact.sh, then decides exactly as content-dedup.sh does.
set -u
event=$(cat)
IFS=$'\t' read -r session file < <(printf '%s' "$event" | jq -r '[.session_id, .tool_input.file_path] | @tsv')
mkdir -p "$HOME/.content-dedup"
realpath -ms -- "$file" >> "$HOME/.content-dedup/$session.requested"
printf '%s' "$event" | bash "$(dirname "$0")/content-dedup.sh"
