#!/usr/bin/env python3
"""POINTER-ONLY with a ledger on disk, behind a host that forks subagents, starts subagents under
their parent's session id and resumes sessions (SPEC.md "Forks and resumed sessions"): it passes.

One ledger per worker, a JSON file in the process's own HOME, written after every change. A fork
(`forkOf` in newWorker) starts from a copy of its parent's ledger; a resumed worker (`resumed`)
reloads its own; a fresh subagent under a shared session starts empty. Its lying modes:

    --fork-shared    a fork keeps using its parent's ledger file, not a copy (ISOLATION)
    --session-keyed  the ledger file is named by the session id, as a session-keyed hook's (ISOLATION)
    --stale-ledger   the file is an append-only log a compaction never reaches (FORGET-RESETS)
    --memory-only    (true) the ledger lives in memory: a resumed worker or a fork starts with none

    readshim-conformance run --process "python3 examples/python/session_shim.py"
"""
import hashlib
import json
import os
import sys

from shimkit import read_text, request_key, serve

MODE = sys.argv[1] if len(sys.argv) > 1 else "--truthful"
MODES = ("--truthful", "--fork-shared", "--session-keyed", "--stale-ledger", "--memory-only")
if MODE not in MODES:
    sys.stderr.write(f"session_shim.py: unknown mode {MODE} (one of {', '.join(MODES)})\n")
    sys.exit(2)


def ledger_path(owner):
    return os.path.join(os.environ["HOME"], f"ledger-{hashlib.sha256(owner.encode()).hexdigest()[:16]}.json")


def load(owner):
    try:
        with open(ledger_path(owner), encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def save(owner, ledger):
    with open(ledger_path(owner), "w", encoding="utf-8") as f:
        json.dump(ledger, f)


class SessionShim:
    name = "py-session" if MODE == "--truthful" else f"py-session{MODE[1:].replace('-', '_')}"
    capabilities = {
        "levers": ["pointer"], "capParam": False, "windows": True, "staleServe": False,
        "forget": True, "counters": False, "seal": False,
        "sessions": {"fork": True, "sharedSession": True, "resume": True},
    }
    root = None

    def __init__(self):
        self.owner = {}  # worker -> whose ledger it uses
        self.memory = {}  # worker -> ledger (the in-memory copy)

    def new_worker(self, msg):
        w = msg["worker"]
        session, fork, resumed = msg.get("session", w), msg.get("forkOf"), msg.get("resumed", False)
        if MODE == "--memory-only":
            self.owner[w], self.memory[w] = w, {}
            return {"ok": True}
        elif MODE == "--session-keyed":
            self.owner[w] = session
        elif MODE == "--fork-shared":
            self.owner[w] = self.owner.get(fork, fork) if fork is not None else self.owner.get(w, w)
        else:  # truthful, stale-ledger: a copy of the parent's at the fork, one's own on resume, else empty
            self.owner[w] = w
            self.memory[w] = load(fork) if fork is not None else load(w) if resumed else {}
            save(w, self.memory[w])
        return {"ok": True}

    def ledger(self, w):
        # The lying live modes share one file between workers: read it every time.
        return load(self.owner[w]) if MODE in ("--fork-shared", "--session-keyed") else self.memory[w]

    def written(self, w, ledger, key=None):
        if MODE == "--memory-only":
            return
        if MODE != "--stale-ledger":
            return save(self.owner[w], ledger)
        if key is not None:  # the lie: an append-only log of deliveries that never hears of a compaction
            log = load(w)
            log[key] = ledger[key]
            save(w, log)

    def read(self, msg):
        w, args = msg["worker"], msg["args"]
        text = read_text(self.root, args)  # a failing read raises: the error passes through
        data = text.encode("utf-8")
        key, digest = json.dumps(request_key(args)), hashlib.sha256(data).hexdigest()
        ledger = self.ledger(w)
        if ledger.get(key) == digest:
            return {"text": f"File unchanged since last read ({len(data)} bytes).",
                    "claim": {"kind": "pointer", "total": len(data)}}
        ledger[key] = digest
        self.written(w, ledger, key)
        return {"text": text}  # no claim: verbatim

    def forget(self, msg):
        w = msg["worker"]
        ledger = self.ledger(w)
        path = request_key({"path": msg["path"]})[0] if "path" in msg else None
        for key in [k for k in ledger if path is None or json.loads(k)[0] == path]:
            del ledger[key]
        self.written(w, ledger)
        return {"ok": True}


if __name__ == "__main__":
    serve(SessionShim())
