#!/usr/bin/env python3
"""A read shim keyed on PATH + MTIME, as many frameworks ship it: it FAILS conformance.

It is careful about delivery — a re-read continues from the last byte handed over, and says
"unchanged" only once every byte was handed over — but it decides "same content" by the file's
mtime. An edit that keeps the mtime (a tool restoring it, a write within the clock's resolution)
is invisible to it: it answers "unchanged, you hold it" about bytes the worker never saw
(POINTER-FULL), or continues a slice of a version the worker does not hold (SLICE-CONTINUES).

    readshim-conformance run --process "python3 examples/python/mtime_shim.py" --arm cap
"""
import os

from shimkit import check_cap, cut, read_text, request_key, serve


class MtimeShim:
    name = "py-mtime"
    capabilities = {
        "arms": ["cap"], "capParam": True, "windows": True, "diff": False, "staleServe": False,
        "forget": True, "counters": False, "persona": False, "armResolver": False, "seal": True,
    }
    root = None

    def __init__(self):
        self.workers = {}  # worker -> {"cap", "seal", "ledger": request key -> (mtime, bytes handed over)}

    def new_worker(self, msg):
        check_cap(msg["cap"])
        self.workers[msg["worker"]] = {"cap": msg["cap"], "seal": msg["seal"], "ledger": {}}
        return {"ok": True}

    def read(self, msg):
        w, args = self.workers[msg["worker"]], msg["args"]
        text = read_text(self.root, args)
        mtime = os.stat(os.path.join(self.root, args["path"])).st_mtime_ns
        buf = text.encode("utf-8")
        key = request_key(args)
        seen = w["ledger"].get(key)
        same = seen is not None and seen[0] == mtime  # THE BUG: same mtime taken for same content
        start = seen[1] if same else 0
        while 0 < start < len(buf) and (buf[start] & 0xC0) == 0x80:  # never split a character
            start -= 1
        tag = f"[py-mtime {w['seal']}] {args['path']}:"
        if same and start >= len(buf):
            return {"text": f"{tag} unchanged since your last read ({len(buf)} bytes); not sent again.",
                    "claim": {"kind": "pointer", "total": len(buf)}}
        end = cut(buf, start, w["cap"])
        w["ledger"][key] = (mtime, end)
        if seen is None and end == len(buf):
            return {"text": text, "claim": {"kind": "verbatim"}}
        payload = buf[start:end].decode("utf-8")
        more = "read it again to continue" if end < len(buf) else "you now hold all of it"
        claim = {"kind": "slice", "start": start, "end": end, "total": len(buf), "done": end == len(buf), "payload": payload}
        return {"text": f"{tag} bytes {start}-{end} of {len(buf)}; {more}.\n{payload}", "claim": claim}

    def forget(self, msg):
        w = self.workers[msg["worker"]]
        path = request_key({"path": msg["path"]})[0] if "path" in msg else None
        w["ledger"] = {k: v for k, v in w["ledger"].items() if path is not None and k[0] != path}
        return {"ok": True}


if __name__ == "__main__":
    serve(MtimeShim())
