#!/usr/bin/env python3
"""POINTER-ONLY behind a 2,000-line host tool, keyed on CONTENT: it passes conformance.

The host's read tool returns at most 2,000 lines and cuts lines after 2,000 characters, adding
its own note when lines were left out. This shim reads the disk itself and applies the same
bound (shimkit.read_bounded), so its "content" is the bounded text — the same text the kit's
ground truth uses, because hello declares the bound as `tool`. A re-read of the same request
whose bounded text is unchanged (same hash) answers "unchanged", even when the file is longer
than 2,000 lines: the worker holds everything that request returns.

    readshim-conformance run --process "python3 examples/python/host_tool_shim.py"
"""
import hashlib

from shimkit import barrier, read_bounded, request_key, serve

TOOL = {"maxLines": 2000, "maxLineChars": 2000}


def host_note(args, text, total):
    """The host tool's own note when its line bound left lines out: framing, not file text."""
    first = args.get("offset") or 1
    shown = text.count("\n") + (0 if text == "" or text.endswith("\n") else 1)
    asked = total - first + 1 if args.get("limit") is None else min(args["limit"], total - first + 1)
    if shown == 0 or shown >= asked:
        return None
    return f"(Showing lines {first}-{first + shown - 1} of {total}. Use offset={first + shown} to read more.)"


class HostToolShim:
    name = "py-host-tool"
    capabilities = {
        "levers": ["pointer"], "tool": TOOL, "capParam": False, "windows": True, "staleServe": False,
        "forget": True, "counters": False, "seal": False, "raceBarrier": True,
    }
    root = None

    def __init__(self):
        self.workers = {}  # worker -> {request key: sha256 of the bounded text it was given}

    def new_worker(self, msg):
        self.workers[msg["worker"]] = {}
        return {"ok": True}

    def read(self, msg):
        given, args = self.workers[msg["worker"]], msg["args"]
        text, total = read_bounded(self.root, args, TOOL)
        barrier(msg["id"])  # the file may change now: we judge by the bytes we read, not by the disk
        data = text.encode("utf-8")
        key, digest = request_key(args), hashlib.sha256(data).hexdigest()
        if given.get(key) == digest:
            return {"text": f"File unchanged since last read: you already have the {len(data)} bytes this read returns.",
                    "claim": {"kind": "pointer", "total": len(data)}}
        given[key] = digest
        note = host_note(args, text, total)
        if note is None:
            return {"text": text}  # no claim: verbatim, checked against the bounded text
        return {"text": f"{text}\n\n{note}", "claim": {"kind": "verbatim", "payload": text, "at": 0}}

    def forget(self, msg):
        given = self.workers[msg["worker"]]
        path = request_key({"path": msg["path"]})[0] if "path" in msg else None
        for key in [k for k in given if path is None or k[0] == path]:
            del given[key]
        return {"ok": True}


if __name__ == "__main__":
    serve(HostToolShim())
