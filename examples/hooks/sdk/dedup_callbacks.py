"""Read-dedup hooks written for an agent SDK (Python callbacks), not as commands.

An agent SDK registers these in-process, e.g. with the Claude Agent SDK:

    ClaudeAgentOptions(hooks={
        "PreToolUse": [HookMatcher(matcher="Read", hooks=[pre_tool_use])],
        "PostToolUse": [HookMatcher(matcher="Read", hooks=[post_tool_use])],
        "PreCompact": [HookMatcher(hooks=[pre_compact])],
    })

Each callback is `async (input_data, tool_use_id, context) -> dict`, the dict being the same JSON
a command hook prints. Their state lives in this module's memory, between calls — so the kit
drives them through runner.py, a long-lived process that keeps them loaded (docs/guide/hook.md).

Truthful: keyed on what the Read DELIVERED (PostToolUse's tool_response), per session and request;
a re-read is denied only when the text the Read would return now is that text; a compaction forgets
the session. With READSHIM_SDK_FORGETFUL=1 (a planted bug) PreCompact forgets nothing.
"""
import hashlib
import os

DELIVERED = {}  # session_id -> {(file_path, offset, limit): sha256 of the text delivered}
FORGETFUL = os.environ.get("READSHIM_SDK_FORGETFUL") == "1"


def _key(tool_input):
    return (tool_input.get("file_path"), tool_input.get("offset"), tool_input.get("limit"))


def _sha(text):
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def read_would_return(tool_input):
    """What Claude Code 2.1.197's Read returns (the kit's default hook host): CRLF as LF, a BOM
    dropped, a window = rows of split("\\n") joined by "\\n". None when the file is unreadable."""
    try:
        with open(tool_input["file_path"], "rb") as f:
            text = f.read().decode("utf-8")
    except (OSError, UnicodeDecodeError, KeyError, TypeError):
        return None
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n")
    offset, limit = tool_input.get("offset"), tool_input.get("limit")
    if offset is None and limit is None:
        return text
    rows = text.split("\n")
    start = (offset or 1) - 1
    end = len(rows) if limit is None else start + limit
    return "\n".join(rows[start:end])


async def pre_tool_use(input_data, tool_use_id, context):
    held = DELIVERED.get(input_data["session_id"], {}).get(_key(input_data["tool_input"]))
    now = read_would_return(input_data["tool_input"])
    if held is None or now is None or _sha(now) != held:
        return {}
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "File unchanged since your last Read: you already hold its current content in full.",
        }
    }


async def post_tool_use(input_data, tool_use_id, context):
    content = input_data["tool_response"]["file"]["content"]
    DELIVERED.setdefault(input_data["session_id"], {})[_key(input_data["tool_input"])] = _sha(content)
    return {}


async def pre_compact(input_data, tool_use_id, context):
    if not FORGETFUL:
        DELIVERED.pop(input_data["session_id"], None)
    return {}


CALLBACKS = {"PreToolUse": pre_tool_use, "PostToolUse": post_tool_use, "PreCompact": pre_compact}
