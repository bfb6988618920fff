#!/usr/bin/env bash
# PreCompact hook of content-dedup-recent.sh, behind a host that re-attaches the N files a worker
# requested most recently once it has compacted the transcript (N, default 2, must be the host's:
# run --hook-reinject N). The session forgets everything, then holds again exactly those files,
# whole, as they are now: a record for each one's plain Read (no offset, no limit). A missing file,
# or one the host's Read refuses whole (over 262,144 bytes), is not re-attached and not replaced.
# It passes; content-dedup.sh without a compaction hook keeps every record and fails FORGET-RESETS.
#   readshim-conformance run --hook "bash examples/hooks/content-dedup-recent.sh" \
#     --hook-post "bash examples/hooks/content-dedup-post.sh" \
#     --hook-compact "bash examples/hooks/content-dedup-recent-compact.sh 2" --hook-reinject 2
set -u
n=${1:-2}
session=$(jq -r '.session_id')
dir="$HOME/.content-dedup/$session"
log="$dir.requested"
rm -rf -- "$dir"
mkdir -p "$dir"
[ -f "$log" ] || exit 0
# The n distinct paths requested most recently (the log is oldest first).
tac -- "$log" | awk '!seen[$0]++' | head -n "$n" | while IFS= read -r file; do
  [ -f "$file" ] || continue
  [ "$(stat -c %s -- "$file")" -le 262144 ] || continue
  key="$file||"
  k=${key//%/%25}; k=${k//\//%2F}
  sum=$(sed -n '1,$p' -- "$file" | sha256sum)
  printf '%s\n' "${sum%% *}" > "$dir/$k"
done
