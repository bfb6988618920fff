#!/usr/bin/env bash
# Installs the pinned agent CLIs that `run --agent` and `npm run test:hosts` judge
# (docs/guide/agent.md) into .agent-clis/ (gitignored). Tests never install anything.
# Usage: dev/scripts/install-agent-clis.sh [claude-code|qwen-code|gemini-cli ...]  (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX="${AGENT_CLIS_DIR:-.agent-clis}"
declare -A PIN=(
  [claude-code]="@anthropic-ai/claude-code@2.1.197"
  [qwen-code]="@qwen-code/qwen-code@0.15.10"
  [gemini-cli]="@google/gemini-cli@0.61.0"
)
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(claude-code qwen-code gemini-cli)
specs=()
for n in "${names[@]}"; do
  [ -n "${PIN[$n]:-}" ] || { echo "install-agent-clis: unknown CLI '$n' (known: ${!PIN[*]})" >&2; exit 2; }
  specs+=("${PIN[$n]}")
done
mkdir -p "$PREFIX"
npm install --prefix "$PREFIX" --save-exact --no-audit --no-fund "${specs[@]}"
echo "installed into $PREFIX/node_modules/.bin: ${names[*]}"
