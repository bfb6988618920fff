/**
 * A small read shim in plain JavaScript (ESM, no build step), written the way a third party
 * would: a class whose instance owns the ledger. It implements the off and cap arms (cap,
 * pointer, continuation, stale serve). Its gate config is gates.json next to it:
 *
 *   npx readshim-conformance gates --config examples/gates-js/gates.json
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

const ARMS = Object.freeze({
  off: Object.freeze({ on: false, cap: false, pointer: false }),
  cap: Object.freeze({ on: true, cap: true, pointer: true }),
});

/** Strict: anything but false, undefined or 'cap' throws before any read (ARM-GUARD). */
export function pickArm(flag) {
  if (flag === false || flag === undefined) return ARMS.off;
  if (flag === 'cap') return ARMS.cap;
  throw new TypeError(
    `jsshim: unknown arm ${typeof flag === 'string' ? JSON.stringify(flag) : String(flag)}; this shim takes false, undefined or 'cap'`,
  );
}

/** The largest UTF-8 code-point boundary at or before `i` (UTF8-WHOLE). */
export function cutPoint(bytes, i) {
  let j = Math.min(Math.max(i, 0), bytes.length);
  while (j > 0 && j < bytes.length && (bytes[j] & 0xc0) === 0x80) j--;
  return j;
}

function splitLines(text) {
  const out = [];
  let from = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', from)) {
    out.push(text.slice(from, i + 1));
    from = i + 1;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** Every notice starts with this, so file content cannot speak in the shim's voice. */
export function sealed(seal) {
  return `[jsshim ${seal}]`;
}

export function partialNote(seal, path, start, end, total) {
  return `${sealed(seal)} partial: bytes ${start}-${end} of ${total} of ${JSON.stringify(path)}; not the whole file; re-read to continue from byte ${end}.`;
}

export function restNote(seal, path, start, end, total) {
  return `${sealed(seal)} rest: bytes ${start}-${end} of ${total} of ${JSON.stringify(path)}; you now hold all ${total} bytes.`;
}

export function wholeNote(seal, path, total) {
  return `${sealed(seal)} whole: bytes 0-${total} of ${total} of ${JSON.stringify(path)} (it changed); you now hold all of it.`;
}

export function pointerNote(seal, path, total) {
  return `${sealed(seal)} unchanged: ${JSON.stringify(path)} is the same ${total} bytes you were already given in full.`;
}

export function staleNote(seal, path, first, last, lines, cutAt) {
  const cut = cutAt === undefined ? '' : `; cut at ${cutAt} bytes`;
  return `${sealed(seal)} stale: ${JSON.stringify(path)} changed on disk; lines ${first}-${last} (0-based) may hold other code; the file has ${lines} lines${cut}. Not recorded as delivered.`;
}

export function staleRefusal(seal, path, why) {
  return `${sealed(seal)} stale-${why}: ${JSON.stringify(path)}; nothing served.`;
}

export class ReadShim {
  constructor({ arm, cap = 24576, seal = randomBytes(6).toString('hex'), read = (p) => readFile(p, 'utf8') } = {}) {
    this.arm = pickArm(arm);
    if (!Number.isSafeInteger(cap) || cap < 4) throw new RangeError('jsshim: cap must be an integer >= 4 (bytes)');
    this.cap = cap;
    this.seal = seal;
    this.read = read;
    this.ledger = new Map();
  }

  wrap(tool) {
    if (!this.arm.on) return tool;
    const inner = tool.execute;
    const execute = async (args, ...rest) => {
      const result = await inner.call(tool, args, ...rest);
      if (typeof result !== 'string' || typeof args?.path !== 'string') return result;
      return this.respond(args.path, result);
    };
    return { ...tool, execute };
  }

  respond(path, text) {
    const bytes = Buffer.from(text, 'utf8');
    const total = bytes.length;
    const hash = createHash('sha256').update(bytes).digest('hex');
    const seen = this.ledger.get(path);
    const same = seen !== undefined && seen.hash === hash;
    const start = same ? seen.delivered : 0;
    if (this.arm.pointer && same && start >= total) return pointerNote(this.seal, path, total);
    const end = cutPoint(bytes, start + this.cap);
    this.ledger.set(path, { hash, delivered: end });
    if (seen === undefined && end === total) return text;
    const payload = bytes.subarray(start, end).toString('utf8');
    const note =
      end < total
        ? partialNote(this.seal, path, start, end, total)
        : start > 0
          ? restNote(this.seal, path, start, end, total)
          : wholeNote(this.seal, path, total);
    return `${note}\n${payload}`;
  }

  forget(path) {
    if (path === undefined) this.ledger = new Map();
    else this.ledger.delete(path);
  }

  async serveStale({ path, startLine, endLine }) {
    if (!this.arm.cap) return null;
    if (!Number.isSafeInteger(startLine) || !Number.isSafeInteger(endLine) || startLine < 0 || endLine < startLine)
      return staleRefusal(this.seal, path, 'bad-range');
    let text;
    try {
      text = await this.read(path);
    } catch {
      return staleRefusal(this.seal, path, 'absent');
    }
    const lines = splitLines(text);
    if (startLine >= lines.length) return staleRefusal(this.seal, path, 'past-eof');
    const last = Math.min(endLine, lines.length - 1);
    const bytes = Buffer.from(lines.slice(startLine, last + 1).join(''), 'utf8');
    const end = cutPoint(bytes, this.cap);
    return `${staleNote(this.seal, path, startLine, last, lines.length, end < bytes.length ? end : undefined)}\n${bytes.subarray(0, end).toString('utf8')}`;
  }
}

export function createShim(options) {
  return new ReadShim(options);
}
