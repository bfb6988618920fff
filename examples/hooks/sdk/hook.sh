#!/usr/bin/env bash
# The thin command hook in front of SDK hook callbacks: the same command serves PreToolUse,
# PostToolUse and PreCompact (the event names which callback runs). examples/hooks/sdk/runner.py.
exec python3 "$(dirname "$0")/runner.py" --call
