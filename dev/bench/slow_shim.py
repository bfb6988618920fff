#!/usr/bin/env python3
"""A slow process shim for the slow-shim bench (dev/bench/slow-shim.ts): a hook-style shim's speed
without its CPU. It is the delivery-keyed example (passes), or with --lie the mtime-keyed one
(fails POINTER-FULL), and it sleeps a fixed time on every read before answering.

    python3 dev/bench/slow_shim.py [--sleep <seconds>] [--lie] [--count <file>]

--count appends one line per read to <file> (how many reads a run sends).
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples", "python"))

from delivery_shim import DeliveryShim  # noqa: E402
from mtime_shim import MtimeShim  # noqa: E402
from shimkit import serve  # noqa: E402


def main(argv):
    sleep, lie, count = 0.5, False, None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--sleep":
            sleep = float(argv[i + 1])
            i += 2
        elif a == "--lie":
            lie = True
            i += 1
        elif a == "--count":
            count = argv[i + 1]
            i += 2
        else:
            sys.exit(f"slow_shim.py: unknown argument {a!r}")
    shim = MtimeShim() if lie else DeliveryShim()
    inner = shim.read

    def slow_read(msg):
        if count is not None:
            with open(count, "a") as f:
                f.write("r\n")
        time.sleep(sleep)
        return inner(msg)

    shim.read = slow_read
    serve(shim)


if __name__ == "__main__":
    main(sys.argv[1:])
