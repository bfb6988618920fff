#!/usr/bin/env python3
"""POINTER-ONLY behind a host that RE-ATTACHES the 2 files a worker requested most recently after
it compacts the transcript (spec/SPEC.md "Re-injection after compaction"; Claude Code re-attaches
recently read files as reminders). Declared in hello as capabilities.reinject, so the kit plays the
same host: after a whole-worker forget the worker holds exactly those files again, whole.

The kit does not say which files came back: the shim computes the same set (the distinct paths
requested most recently, any window, any answer) and keeps a stub only for their plain read, with
the hash of the text now. It passes. With --assume-all it keeps every stub across a compaction
because "the host puts them back" (lie class `reinject-assumed`): a pointer to a file the host did
not re-attach fails FORGET-RESETS.

    readshim-conformance run --process "python3 examples/python/reinject_shim.py"
    readshim-conformance run --process "python3 examples/python/reinject_shim.py --assume-all"
"""
import hashlib
import sys

from shimkit import read_text, request_key, serve

REINJECT = {"count": 2, "order": "recent"}
ASSUME_ALL = "--assume-all" in sys.argv[1:]


def digest(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ReinjectShim:
    name = "py-reinject" + ("-assume-all" if ASSUME_ALL else "")
    capabilities = {
        "levers": ["pointer"], "capParam": False, "windows": True, "staleServe": False,
        "forget": True, "reinject": REINJECT, "counters": False, "seal": False,
    }
    root = None

    def __init__(self):
        self.workers = {}  # worker -> {"given": request key -> sha256 of the text handed over, "recent": paths}

    def new_worker(self, msg):
        self.workers[msg["worker"]] = {"given": {}, "recent": []}
        return {"ok": True}

    def read(self, msg):
        w, args = self.workers[msg["worker"]], msg["args"]
        key = request_key(args)
        if key[0] in w["recent"]:
            w["recent"].remove(key[0])
        w["recent"].append(key[0])  # every request counts, whatever it is answered
        text = read_text(self.root, args)  # a missing file raises: passed on, nothing recorded
        d = digest(text)
        if w["given"].get(key) == d:
            n = len(text.encode("utf-8"))
            return {"text": f"File unchanged since last read: you already have the {n} bytes this read returns.",
                    "claim": {"kind": "pointer", "total": n}}
        w["given"][key] = d
        return {"text": text}

    def forget(self, msg):
        w = self.workers[msg["worker"]]
        if "path" in msg:
            path = request_key({"path": msg["path"]})[0]
            w["given"] = {k: v for k, v in w["given"].items() if k[0] != path}
            return {"ok": True}
        if ASSUME_ALL:
            return {"ok": True}  # the lie: "the host re-attaches what I delivered"
        w["given"] = {}
        # The host re-attaches the most recently requested paths, whole, as they are now.
        for path in w["recent"][-REINJECT["count"]:]:
            try:
                w["given"][request_key({"path": path})] = digest(read_text(self.root, {"path": path}))
            except OSError:
                pass  # missing: not re-attached, and not replaced
        return {"ok": True}


if __name__ == "__main__":
    serve(ReinjectShim())
