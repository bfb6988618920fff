#!/usr/bin/env bash
# PostToolUse hook of content-dedup.sh: records the hash of the text the Read DELIVERED (from
# tool_response), under the session and the request.
set -u
jq -j '([.session_id, .tool_input.file_path, (.tool_input.offset // ""), (.tool_input.limit // "")] | @tsv) + "\n" + .tool_response.file.content' | {
  IFS=$'\t' read -r session file offset limit
  key="$file|$offset|$limit"
  k=${key//%/%25}; k=${k//\//%2F}
  mkdir -p "$HOME/.content-dedup/$session"
  sum=$(sha256sum)
  printf '%s\n' "${sum%% *}" > "$HOME/.content-dedup/$session/$k"
}
