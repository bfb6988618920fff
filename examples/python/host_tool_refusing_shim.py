#!/usr/bin/env python3
"""POINTER-ONLY behind a host tool that REFUSES a whole read over 256 KB, as Claude Code 2.1's
Read does (spec/SPEC.md "Host refusals"): declared as tool.refuse.maxBytes in hello, applied here
to the shim's own reads, so a refused read is an Err with code EFBIG and the worker gets nothing.

Keyed on the bounded text it DELIVERED, it passes. With --record-first it writes its map before the
size check (the lie class `refusal-recorded`): a refused read is recorded, and once the file is cut
back under the size (its first 2,000 lines unchanged) the worker is told it holds text it never got.

    readshim-conformance run --process "python3 examples/python/host_tool_refusing_shim.py"
    readshim-conformance run --process "python3 examples/python/host_tool_refusing_shim.py --record-first"
"""
import hashlib
import os
import sys

from shimkit import ShimError, barrier, read_bounded, request_key, serve

TOOL = {"maxLines": 2000, "maxLineChars": 2000, "refuse": {"maxBytes": 256 * 1024}}
RECORD_FIRST = "--record-first" in sys.argv[1:]


def kb(n):
    if n < 1024:
        return f"{n} bytes"
    v = n / 1024
    return f"{int(v)}KB" if v == int(v) else f"{v:.1f}KB"


def refuse(root, args):
    """The host's refusal: a read without offset and limit of a file over maxBytes UTF-8 bytes."""
    size = os.path.getsize(os.path.join(root, args["path"]))
    limit = TOOL["refuse"]["maxBytes"]
    if args.get("offset") is None and args.get("limit") is None and size > limit:
        raise ShimError("Error", f"EFBIG: File content ({kb(size)}) exceeds maximum allowed size ({kb(limit)}). "
                        "Please use offset and limit parameters to read specific portions of the file.", "EFBIG")


class RefusingHostToolShim:
    name = "py-host-tool-refusing" + ("-record-first" if RECORD_FIRST else "")
    capabilities = {
        "levers": ["pointer"], "tool": TOOL, "capParam": False, "windows": True, "staleServe": False,
        "forget": True, "counters": False, "seal": False, "raceBarrier": True,
    }
    root = None

    def __init__(self):
        self.workers = {}  # worker -> {request key: sha256 of the bounded text}

    def new_worker(self, msg):
        self.workers[msg["worker"]] = {}
        return {"ok": True}

    def read(self, msg):
        given, args = self.workers[msg["worker"]], msg["args"]
        if not RECORD_FIRST:
            refuse(self.root, args)  # refused: nothing delivered, nothing recorded
        text, _ = read_bounded(self.root, args, TOOL)
        barrier(msg["id"])
        data = text.encode("utf-8")
        key, digest = request_key(args), hashlib.sha256(data).hexdigest()
        if given.get(key) == digest:
            return {"text": f"File unchanged since last read: you already have the {len(data)} bytes this read returns.",
                    "claim": {"kind": "pointer", "total": len(data)}}
        given[key] = digest
        if RECORD_FIRST:
            refuse(self.root, args)  # the lie: recorded above, before the size check
        return {"text": text}

    def forget(self, msg):
        given = self.workers[msg["worker"]]
        path = request_key({"path": msg["path"]})[0] if "path" in msg else None
        for key in [k for k in given if path is None or k[0] == path]:
            del given[key]
        return {"ok": True}


if __name__ == "__main__":
    serve(RefusingHostToolShim())
