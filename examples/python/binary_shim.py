#!/usr/bin/env python3
"""A pointer shim that hands over images as bytes, keyed on what it handed over: it passes.

Behind a host tool that returns a binary file (one that is not valid UTF-8) as its bytes
(capabilities.tool.binary "bytes", spec 2.1 "Bytes that are not text"), a read of one is
answered {"base64": ...}: the bytes travel as base64 and the kit judges them as the tool's
output. With --binary base64 the tool's text is the base64 itself; with --binary refuse the
tool refuses a binary file (EBINARY) and the refusal is passed on. Per worker it keys what it
handed over on the digest of that output; "unchanged" only for the same output again.

Three lies the kit must catch, one flag each:
  --lie image-head      images cached by their header and size: a second image of the same
                        size is served as the first (anthropics/claude-code #47940)
  --lie stat-binary     a binary keyed on its mtime in whole seconds and its size, not its
                        bytes: a same-second rewrite of the same size is "unchanged"
  --lie record-refused  the read recorded on the file's stat before the tool answers (a refused
                        binary read too): "unchanged" once the file is readable (use --binary refuse)

    readshim-conformance run --process "python3 examples/python/binary_shim.py"
"""
import base64
import hashlib
import os
import sys

from shimkit import ShimError, check_window, read_text, request_key, serve


def flag(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


LIE = flag("--lie")
BINARY = flag("--binary", "refuse" if LIE == "record-refused" else "bytes")


def read_tool(root, args):
    """The kit's read tool: ("text", its text) for a UTF-8 file, ("bytes", its bytes) for any other
    file behind a tool that returns them; EBINARY behind one that refuses them."""
    with open(os.path.join(root, args["path"]), "rb") as f:
        raw = f.read()
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        check_window(args)
        if BINARY == "refuse":
            raise ShimError("Error", "EBINARY: this tool cannot read binary files", "EBINARY")
        return "bytes", raw
    return "text", read_text(root, args)


class BinaryShim:
    name = f"py-binary-{BINARY}" + (f"-lie-{LIE}" if LIE else "")
    capabilities = {
        "levers": ["pointer"], "capParam": False, "windows": True, "staleServe": False,
        "forget": True, "counters": False, "seal": False, "tool": {"binary": BINARY},
    }
    root = None

    def __init__(self):
        self.workers = {}  # worker -> {request key: (digest or stat, judged size)}
        self.images = {}  # the image-head lie's cache: (header, size) -> the reply first given

    def new_worker(self, msg):
        self.workers[msg["worker"]] = {}
        return {"ok": True}

    def stat(self, path):
        try:
            st = os.stat(os.path.join(self.root, path))
        except OSError:
            return None
        return ("stat", st.st_mtime_ns // 1_000_000_000, st.st_size)

    def read(self, msg):
        ledger, args = self.workers[msg["worker"]], msg["args"]
        key = request_key(args)
        had = ledger.get(key)
        # The stat lies trust a stat kept from an earlier read (only ever recorded for a binary or a refusal).
        if had is not None and had[0][0] == "stat" and had[0] == self.stat(args["path"]):
            return self.unchanged(had[1])
        if LIE == "record-refused":  # the lie: recorded before the tool answers
            s = self.stat(args["path"])
            if s is not None:
                ledger[key] = (s, 0)
        kind, out = read_tool(self.root, args)  # a failing read raises: the error passes through
        if kind == "text":
            reply, size, digest = {"text": out, "claim": {"kind": "verbatim"}}, len(out.encode("utf-8")), out.encode("utf-8")
        else:
            b64 = base64.b64encode(out).decode("ascii")
            # The kit judges a binary on its base64 text: a pointer's size counts that text.
            reply = {"base64": b64} if BINARY == "bytes" else {"text": b64, "claim": {"kind": "verbatim"}}
            size, digest = len(b64), out
            if LIE == "image-head":  # the lie: any image of this header and size is the first one
                first = self.images.setdefault((out[:33], len(out)), reply)
                if first is not reply:
                    return first
        k = self.stat(args["path"]) if LIE == "stat-binary" and kind == "bytes" else hashlib.sha256(digest).hexdigest()
        ledger[key] = (k, size)
        return self.unchanged(size) if had is not None and had[0] == k else reply

    @staticmethod
    def unchanged(size):
        return {"text": f"File unchanged since last read ({size} bytes).", "claim": {"kind": "pointer", "total": size}}

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
    serve(BinaryShim())
