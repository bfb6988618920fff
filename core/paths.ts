/** Request keys (KIT-DESIGN.md "Oracle semantics"): resolved path + canonical JSON of other args. */
import { posix } from 'node:path';

/** The file a path names: `a`, `./a` and `d/../a` are one file; case matters. */
export function resolvePath(path: string): string {
  const n = posix.normalize(path);
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n;
}

/** JSON with object keys sorted and undefined dropped, recursively. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
}

/** The request key of a read: resolved path plus the canonical JSON of the other arguments. */
export function requestKey(path: string, args: Readonly<Record<string, unknown>> | undefined): string {
  const rest: Record<string, unknown> = { ...(args ?? {}) };
  delete rest.path;
  return `${resolvePath(path)}\u0000${canonicalJson(rest)}`;
}

export function keyPath(key: string): string {
  return key.slice(0, key.indexOf('\u0000'));
}
