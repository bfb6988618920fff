#!/usr/bin/env bash
# The steps of action.yml (docs/CI.md "GitHub Action"), as one script so that the test suite runs
# them (test/ci/action.long.test.ts) and any CI system can call it. Inputs (environment):
#   READSHIM_ARGS     required: the `run` flags, shell words: the subject and its flags,
#                     e.g. --process "python3 shim.py" --arm cap
#   READSHIM_VERSION  the kit version to npm install (default: latest)
#   READSHIM_FROM     install the kit from this path or tarball instead of the registry
#   READSHIM_KIT      a command that runs the kit; skips the install (a checkout, a test)
#   READSHIM_REPORTS  where the JUnit report goes (default: reports)
#   READSHIM_ISOLATE  true (default): add --isolate for a subject the kit starts as a process,
#                     where bubblewrap is installed and usable (the log says when it is not); false: never
#   READSHIM_STRICT_FAILURES  true (default): add --strict-failures, so a trace committed in the
#                     failure database that cannot be replayed fails the run (exit 2); false: skip it
# Exit: the run's code — 0 green, 1 red (a rule fails or is unexercised), 2 bad input, 128 + n
# cancelled by signal n (docs/reference/exit-codes.md).
set -uo pipefail

fail_usage() { echo "readshim action: $1" >&2; exit 2; }

[[ -n "${READSHIM_ARGS:-}" ]] || fail_usage 'READSHIM_ARGS (input "args") is required: the run flags, e.g. --adapter ./readshim.adapter.ts --arm all'
case "${READSHIM_ARGS}" in
  *--reporter*|*--out*) fail_usage 'READSHIM_ARGS: leave out --reporter and --out (the action writes its reports itself)' ;;
esac
reports="${READSHIM_REPORTS:-reports}"

if [[ -n "${READSHIM_KIT:-}" ]]; then
  read -r -a kit <<<"${READSHIM_KIT}"
else
  spec="readshim-conformance@${READSHIM_VERSION:-latest}"
  [[ -n "${READSHIM_FROM:-}" ]] && spec="${READSHIM_FROM}"
  # Into the project itself, so that an adapter importing 'readshim-conformance' resolves it.
  npm install --no-save --no-audit --no-fund "${spec}" >&2 || fail_usage "cannot npm install ${spec}"
  kit=(npx --no-install readshim-conformance)
fi

# The flags as the user wrote them (quotes kept): they are the action's input, not foreign data.
eval "set -- ${READSHIM_ARGS}" || fail_usage 'READSHIM_ARGS: not valid shell words'
mkdir -p "${reports}" || fail_usage "cannot create ${reports}"

# docs/reference/trust-model.md: a process subject runs under bubblewrap by default; an in-process adapter cannot.
isolate=()
case "${READSHIM_ISOLATE:-true}" in
  true)
    if [[ " $* " == *" --isolate "* ]]; then
      :
    elif [[ " $* " =~ \ --(process|hook|mcp|agent|agent-profile)\  ]]; then
      if ! command -v bwrap >/dev/null 2>&1; then
        echo "readshim-conformance: not isolated: bubblewrap (bwrap) is not installed (sudo apt-get install bubblewrap)"
      elif ! bwrap --unshare-net --unshare-pid --ro-bind / / --dev /dev --proc /proc true >/dev/null 2>&1; then
        echo "readshim-conformance: not isolated: bubblewrap cannot make its namespaces on this runner"
      else
        isolate=(--isolate)
        echo "readshim-conformance: isolated (--isolate, bubblewrap)"
      fi
    else
      echo "readshim-conformance: not isolated: in-process (the adapter runs inside the kit)"
    fi
    ;;
  false) echo "readshim-conformance: not isolated (input isolate: false)" ;;
  *) fail_usage "READSHIM_ISOLATE (input \"isolate\"): true or false, not ${READSHIM_ISOLATE}" ;;
esac

# A regression guard never goes green by losing its regressions (docs/CI.md "Failure database").
strict=()
case "${READSHIM_STRICT_FAILURES:-true}" in
  true) [[ " $* " == *" --replay "* || " $* " == *" --strict-failures "* ]] || strict=(--strict-failures) ;;
  false) ;;
  *) fail_usage "READSHIM_STRICT_FAILURES (input \"strict-failures\"): true or false, not ${READSHIM_STRICT_FAILURES}" ;;
esac

"${kit[@]}" run "$@" "${isolate[@]}" "${strict[@]}" --reporter junit --out "${reports}/readshim.xml"
code=$?
case "${code}" in
  0) echo "readshim-conformance: green; JUnit report ${reports}/readshim.xml" ;;
  1) echo "readshim-conformance: red (a rule failed or was unexercised); JUnit report ${reports}/readshim.xml; traces in .readshim/failures/" ;;
  *) echo "readshim-conformance: the run did not judge (exit ${code})" ;;
esac
exit "${code}"
