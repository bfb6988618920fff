#!/usr/bin/env bash
# PreCompact hook of content-dedup.sh: the worker's transcript is compacted, so its session holds
# nothing it read before.
set -u
session=$(jq -r '.session_id')
rm -rf -- "$HOME/.content-dedup/$session"
