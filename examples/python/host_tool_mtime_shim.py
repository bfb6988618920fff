#!/usr/bin/env python3
"""POINTER-ONLY behind a 2,000-line host tool, keyed on PATH + MTIME: it FAILS conformance.

The same shim as host_tool_shim.py — the same bound, the same host note, the same stub — except
that it decides "same content" by the file's mtime, as many "file unchanged since last read"
layers do. An edit that keeps the mtime (a tool restoring it, two writes within the clock's
resolution) is invisible to it: it answers "unchanged" about a text the worker never saw
(POINTER-FULL, with a story whose edit says "mtime kept at").

    readshim-conformance run --process "python3 examples/python/host_tool_mtime_shim.py"
"""
import os

from shimkit import read_bounded, request_key, serve

TOOL = {"maxLines": 2000, "maxLineChars": 2000}


def host_note(args, text, total):
    first = args.get("offset") or 1
    shown = text.count("\n") + (0 if text == "" or text.endswith("\n") else 1)
    asked = total - first + 1 if args.get("limit") is None else min(args["limit"], total - first + 1)
    if shown == 0 or shown >= asked:
        return None
    return f"(Showing lines {first}-{first + shown - 1} of {total}. Use offset={first + shown} to read more.)"


class HostToolMtimeShim:
    name = "py-host-tool-mtime"
    capabilities = {
        "levers": ["pointer"], "tool": TOOL, "capParam": False, "windows": True, "staleServe": False,
        "forget": True, "counters": False, "seal": False,
    }
    root = None

    def __init__(self):
        self.workers = {}  # worker -> {request key: mtime (ns) of the file when it was read}

    def new_worker(self, msg):
        self.workers[msg["worker"]] = {}
        return {"ok": True}

    def read(self, msg):
        seen, args = self.workers[msg["worker"]], msg["args"]
        mtime = os.stat(os.path.join(self.root, args["path"])).st_mtime_ns  # taken before the read: no race
        text, total = read_bounded(self.root, args, TOOL)
        data = text.encode("utf-8")
        key = request_key(args)
        if seen.get(key) == mtime:  # THE BUG: same mtime taken for same content
            return {"text": f"File unchanged since last read: you already have the {len(data)} bytes this read returns.",
                    "claim": {"kind": "pointer", "total": len(data)}}
        seen[key] = mtime
        note = host_note(args, text, total)
        if note is None:
            return {"text": text}
        return {"text": f"{text}\n\n{note}", "claim": {"kind": "verbatim", "payload": text, "at": 0}}

    def forget(self, msg):
        seen = self.workers[msg["worker"]]
        path = request_key({"path": msg["path"]})[0] if "path" in msg else None
        for key in [k for k in seen if path is None or k[0] == path]:
            del seen[key]
        return {"ok": True}


if __name__ == "__main__":
    serve(HostToolMtimeShim())
