#!/usr/bin/env python3
"""A read shim with a STAT-AFTER-READ race: it FAILS conformance (POINTER-FULL).

It is the delivery shim (delivery_shim.py) in every respect but one: after reading the file's
bytes it stats the file and hashes what is on disk *now*, and records that as the version it
delivered. Shims in the wild do this to get an mtime or a hash "of the file" cheaply, next to the
read. A write that lands between the read and the stat (an editor saving, a formatter, another
agent) is then recorded as delivered although the worker got the bytes from before it: the next
read answers "unchanged, you already hold it" about bytes the worker never saw.

The kit can only make that write happen at the right moment if the shim tells it when it has read
the bytes: this example declares `raceBarrier: true` and calls `barrier()` right after the read
(docs/reference/protocol.md "The race barrier"). The directed corpus's stat-after-read cases and the random
phase's race reads then find it:

    readshim-conformance run --process "python3 examples/python/stat_after_read_shim.py"
"""
import hashlib
import os

from delivery_shim import DeliveryShim
from shimkit import barrier, cut, read_text, request_key, serve


class StatAfterRead(DeliveryShim):
    name = "py-stat-after-read"
    capabilities = {**DeliveryShim.capabilities, "raceBarrier": True}

    def read(self, msg):
        w, args = self.workers[msg["worker"]], msg["args"]
        text = read_text(self.root, args)  # the bytes the worker will get
        barrier(msg["id"])  # the kit may rewrite the file now
        # THE BUG: the version is taken from the disk after the read (stat and hash), not from the
        # bytes read. A write in between is recorded as what the worker was given.
        stat = os.stat(os.path.join(self.root, args["path"]))
        version = (stat.st_mtime_ns, hashlib.sha256(read_text(self.root, args).encode("utf-8")).hexdigest())
        buf = text.encode("utf-8")
        key = request_key(args)
        seen = w.ledger.get(key)
        same = seen is not None and seen[0] == version
        start = seen[1] if same else 0
        while 0 < start < len(buf) and (buf[start] & 0xC0) == 0x80:  # never split a character
            start -= 1
        tag = f"[py-stat-after-read {w.seal}] {args['path']}:"
        if same and start >= len(buf):
            w.pointered += 1
            w.withheld += len(buf)
            return {"text": f"{tag} unchanged, you already hold all {len(buf)} bytes; not sent again.",
                    "claim": {"kind": "pointer", "total": len(buf)}, "counters": w.counters()}
        end = cut(buf, start, w.cap)
        w.ledger[key] = (version, end)
        if seen is None and end == len(buf):
            return {"text": text, "claim": {"kind": "verbatim"}, "counters": w.counters()}
        if end < len(buf):
            w.capped += 1
            w.withheld += len(buf) - end
            note = f"bytes {start}-{end} of {len(buf)}; not the whole file, read it again to continue from byte {end}."
        else:
            note = f"bytes {start}-{end} of {len(buf)}; the rest of the file, you now hold all of it."
        payload = buf[start:end].decode("utf-8")
        claim = {"kind": "slice", "start": start, "end": end, "total": len(buf), "done": end == len(buf), "payload": payload}
        return {"text": f"{tag} {note}\n{payload}", "claim": claim, "counters": w.counters()}


if __name__ == "__main__":
    serve(StatAfterRead())
