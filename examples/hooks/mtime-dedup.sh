#!/usr/bin/env bash
# A naive read-dedup PreToolUse hook, as often written: it remembers each file's mtime (whole
# seconds) when the Read is requested and blocks a later Read while the mtime is the same.
# It lies twice, and `readshim-conformance run --hook` shows both:
#  - POINTER-FULL: an edit within the same second keeps the mtime, so the worker is told it holds
#    a version it never saw;
#  - FORGET-RESETS when run without its compaction hook (mtime-dedup-compact.sh): after the host
#    compacted the transcript the worker no longer holds the file, but the hook still blocks.
set -u
IFS=$'\t' read -r session file < <(jq -r '[.session_id, .tool_input.file_path] | @tsv')
state="$HOME/.mtime-dedup/$session.tsv"
[ -d "$HOME/.mtime-dedup" ] || mkdir -p "$HOME/.mtime-dedup"

mtime=$(stat -c %Y -- "$file" 2>/dev/null) || exit 0   # a missing file: let the Read fail
seen=""
if [ -f "$state" ]; then
  while IFS=$'\t' read -r f m; do [ "$f" = "$file" ] && seen=$m; done < "$state"
fi
if [ "$seen" = "$mtime" ]; then
  echo "Already in context: $file has not changed since you read it." >&2
  exit 2   # block; stderr is what the worker sees
fi
printf '%s\t%s\n' "$file" "$mtime" >> "$state"
exit 0     # allow the Read
