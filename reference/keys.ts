/** Ledger keys: the resolved path plus the canonical JSON of the other request arguments. */
import { posix } from 'node:path';

export function normalizePath(path: string): string {
  const n = posix.normalize(path);
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n;
}

function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

/** The part of the key after the path: every argument except `path`. */
export function argsKey(args: Readonly<Record<string, unknown>>): string {
  const { path: _path, ...rest } = args;
  return canonical(rest);
}
