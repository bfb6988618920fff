#!/usr/bin/env bash
# Installs the pinned agent CLIs that `run --agent` and `npm run test:hosts` judge
# (docs/guide/agent.md) into .agent-clis/ (gitignored). Tests never install anything.
# The names and pins are the profiles' (src/adapters/agent/profiles/, read by dev/scripts/agent-clis.ts).
# Usage: dev/scripts/install-agent-clis.sh [<name> ...]  (default: every built-in CLI)
set -euo pipefail
cd "$(dirname "$0")/../.."
PREFIX="${AGENT_CLIS_DIR:-.agent-clis}"
pins="$(npx --no tsx dev/scripts/agent-clis.ts "$@")" || exit 2
names=()
specs=()
while read -r name spec; do
  names+=("$name")
  specs+=("$spec")
done <<<"$pins"
mkdir -p "$PREFIX"
npm install --prefix "$PREFIX" --save-exact --no-audit --no-fund "${specs[@]}"
echo "installed into $PREFIX/node_modules/.bin: ${names[*]}"
