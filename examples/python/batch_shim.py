#!/usr/bin/env python3
"""A pointer shim behind a host with a batch read tool: it passes conformance.

The host reads several files in one call (capabilities.batch, spec 2.1 "Batch reads"; op
`readMany`). Per worker it keys what it handed over on the file (its resolved path) and judges
every file of a call on its own: "unchanged" only for the same bytes again, one part per path.

Two lies the kit must catch, one flag each (the lie class batch-seen-beside-new):
  --lie any-seen     a call in which any file is held unchanged is "unchanged" for every file
  --lie first-path   a call is keyed on its first path: that file unchanged, the call unchanged

    readshim-conformance run --process "python3 examples/python/batch_shim.py"
"""
import hashlib
import sys

from shimkit import error_part, read_text, request_key, serve

LIE = sys.argv[sys.argv.index("--lie") + 1] if "--lie" in sys.argv else None


def stub(size):
    return {"text": f"File unchanged since last read ({size} bytes).", "claim": {"kind": "pointer", "total": size}}


class BatchShim:
    name = "py-batch" + (f"-lie-{LIE}" if LIE else "")
    capabilities = {
        "levers": ["pointer"], "capParam": False, "windows": True, "staleServe": False,
        "forget": True, "counters": False, "seal": False, "batch": True,
    }
    root = None

    def __init__(self):
        self.workers = {}  # worker -> {request key: sha256 of the text handed over whole}

    def new_worker(self, msg):
        self.workers[msg["worker"]] = {}
        return {"ok": True}

    def answer(self, ledger, args, text):
        """The truthful answer for one request: a pointer when the worker holds these very bytes."""
        buf = text.encode("utf-8")
        digest = hashlib.sha256(buf).hexdigest()
        key = request_key(args)
        if ledger.get(key) == digest:
            return stub(len(buf))
        ledger[key] = digest
        return {"text": text, "claim": {"kind": "verbatim"}}

    def read(self, msg):
        args = msg["args"]
        return self.answer(self.workers[msg["worker"]], args, read_text(self.root, args))  # errors pass through

    def read_many(self, msg):
        ledger, paths = self.workers[msg["worker"]], msg["paths"]
        got = []
        for path in paths:
            try:
                got.append(read_text(self.root, {"path": path}))
            except OSError as e:
                got.append(e)

        def held(i):
            t = got[i]
            return isinstance(t, str) and ledger.get(request_key({"path": paths[i]})) == hashlib.sha256(
                t.encode("utf-8")).hexdigest()

        # The lies: one decision for the whole call, from any of its files or from its first.
        unchanged = any(held(i) for i in range(len(paths))) if LIE == "any-seen" else held(0) if LIE == "first-path" else False
        parts = []
        for path, t in zip(paths, got):
            if isinstance(t, OSError):
                parts.append(error_part(t, path))
            elif unchanged:
                parts.append(stub(len(t.encode("utf-8"))))
            else:
                parts.append(self.answer(ledger, {"path": path}, t))
        return {"parts": parts}

    def forget(self, msg):
        ledger = self.workers[msg["worker"]]
        if "path" not in msg:
            ledger.clear()
        else:
            path = request_key({"path": msg["path"]})[0]
            for k in [k for k in ledger if k[0] == path]:
                del ledger[k]
        return {"ok": True}


if __name__ == "__main__":
    serve(BatchShim())
