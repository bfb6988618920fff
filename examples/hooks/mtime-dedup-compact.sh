#!/usr/bin/env bash
# The compaction hook (PreCompact) of mtime-dedup.sh: the transcript is being compacted, so the
# session forgets every file it remembered.
set -u
session=$(jq -r '.session_id')
rm -f -- "$HOME/.mtime-dedup/$session.tsv"
