#!/usr/bin/env python3
"""Drive SDK hook callbacks (dedup_callbacks.py) with `readshim-conformance run --hook`.

    runner.py --call      # the thin command hook: the event on stdin, the callback's JSON on stdout

A callback keeps its state in memory, so one long-lived server process holds the module: the
first call of a history starts it (listening on a Unix socket in $HOME, which the kit makes fresh
per history), every call sends it one event and prints its answer. The server exits when its
socket is gone (the history's HOME removed) or after IDLE seconds without a call — it never
outlives the history by more than a second or so. docs/guide/hook.md, SDK hooks.
"""
import asyncio
import fcntl
import json
import os
import socket
import subprocess
import sys
import time

import dedup_callbacks

IDLE = 120


def paths():
    home = os.environ["HOME"]
    return os.path.join(home, ".readshim-sdk-hook.sock"), os.path.join(home, ".readshim-sdk-hook.lock")


def recv_all(conn):
    chunks = []
    while True:
        b = conn.recv(65536)
        if not b:
            return b"".join(chunks)
        chunks.append(b)


def serve(sock_path):
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    # Bound and listening before the name appears: a caller that sees the socket can connect.
    srv.bind(sock_path + ".new")
    srv.listen(16)
    os.rename(sock_path + ".new", sock_path)
    srv.settimeout(1.0)
    idle_since = time.monotonic()
    while os.path.exists(sock_path) and time.monotonic() - idle_since < IDLE:
        try:
            conn, _ = srv.accept()
        except socket.timeout:
            continue
        with conn:
            conn.settimeout(None)
            event = json.loads(recv_all_until_eof(conn))
            cb = dedup_callbacks.CALLBACKS.get(event.get("hook_event_name"))
            out = asyncio.run(cb(event, event.get("tool_use_id"), None)) if cb else {}
            conn.sendall(json.dumps(out).encode("utf-8"))
        idle_since = time.monotonic()
    srv.close()


def recv_all_until_eof(conn):
    # The client shuts its write side after the event: read to that end.
    return recv_all(conn).decode("utf-8")


def call():
    event = sys.stdin.buffer.read()
    sock_path, lock_path = paths()
    for attempt in range(2):
        try:
            c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            c.connect(sock_path)
            break
        except OSError:
            c.close()
            if attempt == 1:
                sys.exit("runner.py: the SDK hook server did not start")
            start(sock_path, lock_path)
    c.sendall(event)
    c.shutdown(socket.SHUT_WR)
    out = recv_all(c).decode("utf-8")
    c.close()
    if out not in ("", "{}"):
        sys.stdout.write(out + "\n")


def start(sock_path, lock_path):
    """One server per HOME: the first caller under the lock starts it and waits for its socket."""
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(sock_path):
            subprocess.Popen(
                [sys.executable, os.path.abspath(__file__), "--serve"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True, close_fds=True,
            )
            for _ in range(200):
                if os.path.exists(sock_path):
                    break
                time.sleep(0.025)


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve(paths()[0])
    elif sys.argv[1:] == ["--call"]:
        call()
    else:
        sys.exit("usage: runner.py --call   (the event on stdin)")
