"""Plumbing shared by the example shims (standard library only).

The protocol loop of docs/reference/protocol.md (JSON lines on stdin/stdout), the kit's read tool (a file
under the sandbox root, or a line window of it) and UTF-8-safe cuts. A shim in another language
needs the same three things; everything that makes a shim truthful or not is in the shim files.
"""
import errno
import json
import os
import posixpath
import sys

PROTOCOL = 1


class ShimError(Exception):
    """An error reply. `name` is the error class the kit expects: TypeError for an unknown arm
    flag, RangeError for a bad cap, Error (with an errno `code`) for a read that fails."""

    def __init__(self, name, message, code=None):
        super().__init__(message)
        self.wire = {"name": name, "message": message}
        if code is not None:
            self.wire["code"] = code


def send(message):
    # stdout is the protocol channel: one JSON object per line, flushed at once. Log to stderr.
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def receive():
    line = sys.stdin.readline()
    return json.loads(line) if line else None


def barrier(request_id):
    """Race barrier (capabilities.raceBarrier): we have read the file's bytes for this request;
    the kit may now rewrite the file, and answers "resume" when it has."""
    send({"barrier": request_id})
    answer = receive()
    if answer is None or answer.get("op") != "resume" or answer.get("id") != request_id:
        sys.exit(f"expected resume for {request_id}, got {answer!r}")


def lines_of(text):
    """Lines with their endings; only "\\n" ends a line (str.splitlines would also split on \\r,
    \\x0b, \\u2028, ...)."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def check_window(args):
    """offset (1-based) and limit must be whole numbers; the tool refuses anything else (EINVAL)."""
    offset, limit = args.get("offset"), args.get("limit")
    for v in (offset, limit):
        if v is not None and (type(v) is not int or v < 0):
            raise ShimError("Error", f"EINVAL: bad window offset={offset} limit={limit}", "EINVAL")
    if offset == 0:
        raise ShimError("Error", "EINVAL: offset is 1-based", "EINVAL")


def read_text(root, args):
    """The kit's read tool: the file's text, or lines offset.. (1-based) of it, limit lines.
    OS errors (a missing file) propagate: the shim passes them on untouched."""
    with open(os.path.join(root, args["path"]), "rb") as f:
        text = f.read().decode("utf-8")
    offset, limit = args.get("offset"), args.get("limit")
    if offset is None and limit is None:
        return text
    check_window(args)
    lines = lines_of(text)
    start = (offset or 1) - 1
    end = len(lines) if limit is None else start + limit
    return "".join(lines[start:end])


def cut_line(line, units):
    """A line cut after `units` UTF-16 code units (as JavaScript counts), its ending ("\n" or
    "\r\n") kept and not counted; a lone "\r" is content. A cut through a character beyond
    U+FFFF leaves half a surrogate pair, which travels as U+FFFD: so it is written as U+FFFD."""
    ending = "\r\n" if line.endswith("\r\n") else "\n" if line.endswith("\n") else ""
    body = line[: len(line) - len(ending)]
    used = 0
    for i, ch in enumerate(body):
        width = 2 if ord(ch) > 0xFFFF else 1
        if used + width > units:
            return body[:i] + ("\ufffd" if used < units else "") + ending
        used += width
    return line


def read_bounded(root, args, tool):
    """The host read tool with a bound (capabilities.tool; docs/guide/adapter.md "The host's read tool and its bound"): each
    line cut after tool["maxLineChars"] UTF-16 units, then at most tool["maxLines"] lines from the
    requested start (min(limit, maxLines) with a window). Returns (text, lines in the whole file).
    Only maxLines and maxLineChars are done here (no maxChars, no cat -n numbering)."""
    whole = read_text(root, {"path": args["path"]})
    check_window(args)
    lines = lines_of(whole)
    if "maxLineChars" in tool:
        lines = [cut_line(line, tool["maxLineChars"]) for line in lines]
    start = (args.get("offset") or 1) - 1
    count = len(lines) if args.get("limit") is None else args["limit"]
    if "maxLines" in tool:
        count = min(count, tool["maxLines"])
    return "".join(lines[start:start + count]), len(lines)


def request_key(args):
    """The file a path names (a, ./a and d/../a are one file) plus the other arguments."""
    rest = {k: v for k, v in args.items() if k != "path"}
    return posixpath.normpath(args["path"]), json.dumps(rest, sort_keys=True)


def cut(buf, start, cap):
    """End of a slice of at most `cap` bytes from `start`, walked back so that no multi-byte
    UTF-8 sequence is split (cap >= 4, so a slice always advances)."""
    end = min(len(buf), start + cap)
    while start < end < len(buf) and (buf[end] & 0xC0) == 0x80:
        end -= 1
    return end


def check_cap(cap):
    # bool is an int subclass in Python: True must not pass for a cap of 1.
    if type(cap) is not int or cap < 4:
        raise ShimError("RangeError", f"cap must be an integer >= 4 (bytes), got {json.dumps(cap)}")


def error_part(e, path):
    """A failed file's part of a readMany reply (spec 2.1 "Batch reads"): the read tool's error
    passed on, as a read's error reply carries it."""
    code = errno.errorcode.get(e.errno, "EIO")
    return {"error": {"name": "Error", "code": code, "message": f"{code}: {e.strerror}, read '{path}'"}}


def serve(shim):
    """Answers requests until stdin closes. `shim` has name, capabilities, root (set by hello)
    and one method per op it offers: new_worker, read, stale, forget, resolve_arm, persona."""
    methods = {"newWorker": "new_worker", "read": "read", "readMany": "read_many", "stale": "stale",
               "forget": "forget", "resolveArm": "resolve_arm", "persona": "persona"}
    while True:
        msg = receive()
        if msg is None:
            return
        try:
            if msg["op"] == "hello":
                shim.root = msg["root"]
                reply = {"protocol": PROTOCOL, "name": shim.name, "capabilities": shim.capabilities}
            else:
                reply = getattr(shim, methods[msg["op"]])(msg)
        except ShimError as e:
            reply = {"error": e.wire}
        except OSError as e:
            code = errno.errorcode.get(e.errno, "EIO")
            reply = {"error": {"name": "Error", "code": code, "message": f"{code}: {e.strerror}, read '{msg['args']['path']}'"}}
        send({"id": msg["id"], **reply})
