#!/usr/bin/env python3
"""A pointer shim keyed on the file as the HOST identifies it: it passes conformance.

The host folds case (capabilities.caseInsensitive, spec 2.1 "Links and case"): `A.ts` and `a.ts`
are one file. Per worker it keys what it handed over on the realpath of the file (every symlink
followed), case folded, plus the other arguments; "unchanged" only for the same bytes again.

Three lies the kit must catch, one flag each:
  --lie own-lstat        a symlink whose own lstat (mtime, size) has not moved is taken to show
                         the text handed over (an edit of the target keeps the link's mtime)
  --lie spelling         the ledger keyed on the spelling while the host folds case
  --lie forget-spelling  forget() drops only the entries under the spelling it was given

    readshim-conformance run --process "python3 examples/python/host_identity_shim.py"
"""
import hashlib
import os
import posixpath
import sys

from shimkit import read_text, request_key, serve

LIE = sys.argv[sys.argv.index("--lie") + 1] if "--lie" in sys.argv else None


class HostIdentityShim:
    name = "py-host-identity" + (f"-lie-{LIE}" if LIE else "")
    capabilities = {
        "levers": ["pointer"], "capParam": False, "windows": True, "staleServe": False,
        "forget": True, "counters": False, "seal": False, "caseInsensitive": True,
    }
    root = None

    def __init__(self):
        self.workers = {}  # worker -> {key: (identity, spelling, sha256, size, link stamp)}

    def new_worker(self, msg):
        self.workers[msg["worker"]] = {}
        return {"ok": True}

    def link_stamp(self, path):
        """A symlink's own lstat (its mtime in ns and size), None for any other name."""
        try:
            st = os.lstat(os.path.join(self.root, path))
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size) if os.path.islink(os.path.join(self.root, path)) else None

    def identity(self, path):
        spelling = request_key({"path": path})[0]
        if LIE == "spelling" or (LIE == "own-lstat" and self.link_stamp(path) is not None):
            return spelling
        real = os.path.realpath(os.path.join(self.root, path))
        return posixpath.relpath(real, os.path.realpath(self.root)).lower()

    def read(self, msg):
        ledger, args = self.workers[msg["worker"]], msg["args"]
        rest = request_key(args)[1]
        key = (self.identity(args["path"]), rest)
        had = ledger.get(key)
        stamp = self.link_stamp(args["path"]) if LIE == "own-lstat" else None
        if had is not None and had[4] is not None and had[4] == stamp:  # the lie: the link did not move
            return {"text": f"File unchanged since last read ({had[3]} bytes).", "claim": {"kind": "pointer", "total": had[3]}}
        text = read_text(self.root, args)  # a failing read raises: the error passes through
        buf = text.encode("utf-8")
        digest = hashlib.sha256(buf).hexdigest()
        if had is not None and had[2] == digest:
            return {"text": f"File unchanged since last read ({len(buf)} bytes).", "claim": {"kind": "pointer", "total": len(buf)}}
        ledger[key] = (key[0], request_key(args)[0], digest, len(buf), stamp)
        return {"text": text, "claim": {"kind": "verbatim"}}

    def forget(self, msg):
        ledger = self.workers[msg["worker"]]
        if "path" not in msg:
            ledger.clear()
        elif LIE == "forget-spelling":
            spelling = request_key({"path": msg["path"]})[0]
            for k in [k for k, v in ledger.items() if v[1] == spelling]:
                del ledger[k]
        else:
            ident = self.identity(msg["path"])
            for k in [k for k, v in ledger.items() if v[0] == ident]:
                del ledger[k]
        return {"ok": True}


if __name__ == "__main__":
    serve(HostIdentityShim())
