#!/usr/bin/env python3
"""A read shim keyed on DELIVERY: it passes conformance.

Per worker and request it remembers the hash of the content it last read and how many bytes of
that content it handed over. A re-read continues from there only while the content is the same,
and says "unchanged, you hold it" only when every byte was handed over. Anything else — a new
hash, another worker, a forget() — starts again from byte 0.

    readshim-conformance run --process "python3 examples/python/delivery_shim.py" --arm cap
"""
import hashlib
import json

from shimkit import ShimError, barrier, check_cap, cut, read_text, request_key, serve

LEVERS = {  # the arm table: what each legal flag switches on
    "off": {"on": False, "cap": False, "pointer": False, "diff": False, "g1": False},
    "cap": {"on": True, "cap": True, "pointer": True, "diff": False, "g1": True},
    "diff": {"on": True, "cap": False, "pointer": False, "diff": True, "g1": False},
    "all": {"on": True, "cap": True, "pointer": True, "diff": True, "g1": True},
}


class Worker:
    def __init__(self, cap, seal):
        self.cap, self.seal = cap, seal
        self.ledger = {}  # request key -> (sha256 of the content, bytes handed over)
        self.pointered = self.capped = self.withheld = 0

    def counters(self):
        return {"pointered": self.pointered, "capped": self.capped, "bytesWithheld": self.withheld}


class DeliveryShim:
    name = "py-delivery"
    capabilities = {
        "arms": ["cap"], "capParam": True, "windows": True, "diff": False, "staleServe": False,
        "forget": True, "counters": True, "persona": True, "armResolver": True, "seal": True,
        "raceBarrier": True,
    }
    root = None

    def __init__(self):
        self.workers = {}  # one ledger per worker, never shared (ISOLATION)

    def new_worker(self, msg):
        check_cap(msg["cap"])
        self.workers[msg["worker"]] = Worker(msg["cap"], msg["seal"])
        return {"ok": True}

    def read(self, msg):
        w, args = self.workers[msg["worker"]], msg["args"]
        text = read_text(self.root, args)  # a failing read raises: the error passes through
        barrier(msg["id"])  # the file may change now; we judge only the bytes we read
        buf = text.encode("utf-8")
        key = request_key(args)
        digest = hashlib.sha256(buf).hexdigest()
        seen = w.ledger.get(key)
        same = seen is not None and seen[0] == digest
        start = seen[1] if same else 0  # coverage never survives a change
        tag = f"[py-delivery {w.seal}] {args['path']}:"
        if same and start >= len(buf):  # every byte of this very content was handed over
            w.pointered += 1
            w.withheld += len(buf)
            return {"text": f"{tag} unchanged, you already hold all {len(buf)} bytes; not sent again.",
                    "claim": {"kind": "pointer", "total": len(buf)}, "counters": w.counters()}
        end = cut(buf, start, w.cap)
        w.ledger[key] = (digest, end)  # recorded only now that the bytes are delivered
        if seen is None and end == len(buf):  # a first read under the cap: the tool's text, untouched
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

    def forget(self, msg):  # the host compacted or rewound the transcript
        w = self.workers[msg["worker"]]
        if "path" not in msg:
            w.ledger.clear()
        else:
            path = request_key({"path": msg["path"]})[0]
            w.ledger = {k: v for k, v in w.ledger.items() if k[0] != path}
        return {"ok": True}

    def resolve_arm(self, msg):
        if "flag" not in msg:  # the host passed no flag (undefined): off
            return {"levers": LEVERS["off"]}
        flag = msg["flag"]
        # Compare type and value: in Python 0 == False and 1 == True (ARM-GUARD).
        for legal, arm in ((False, "off"), ("cap", "cap"), ("diff", "diff"), (True, "all")):
            if type(flag) is type(legal) and flag == legal:
                return {"levers": LEVERS[arm]}
        raise ShimError("TypeError", f"arm flag must be one of false, 'cap', 'diff', true; got {json.dumps(flag)}")

    def persona(self, msg):
        if msg["arm"] != "cap":
            return {"text": None}
        return {"text": f"[py-delivery {msg['seal']}] File reads are capped at {msg['cap']} bytes. Reading a file "
                        "again continues where the last read stopped; re-reading a file you hold whole answers "
                        "that it is unchanged."}


if __name__ == "__main__":
    serve(DeliveryShim())
