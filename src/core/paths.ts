/**
 * Request keys (spec/SPEC.md "Knowledge"): resolved path + canonical JSON of the other
 * arguments. Written for the oracle on its own — not with the reference's helpers, nor with
 * node:path — and checked against the reference's keys on one shared table of cases
 * (test/properties/keys.test.ts): a shared bug would hide the lies it makes.
 */

/** resolvePath's answers: a session asks for its few hundred names again and again. */
const RESOLVED = new Map<string, string>();

/**
 * The file a path names, '/'-separated: empty and `.` segments drop, `..` takes back the segment
 * before it (at the root it is dropped, in a relative path it stays at the front), a trailing
 * `/` goes. `a`, `./a`, `a/`, `d/../a` and `a//` are one file; case matters; '' is `.`.
 */
export function resolvePath(path: string): string {
  let r = RESOLVED.get(path);
  if (r === undefined) {
    if (RESOLVED.size >= 4096) RESOLVED.clear();
    RESOLVED.set(path, (r = resolveOnce(path)));
  }
  return r;
}

function resolveOnce(path: string): string {
  const rooted = path.startsWith('/');
  const kept: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') kept.push(segment);
    else if (kept.length > 0 && kept[kept.length - 1] !== '..') kept.pop();
    else if (!rooted) kept.push('..');
  }
  if (rooted) return `/${kept.join('/')}`;
  return kept.length === 0 ? '.' : kept.join('/');
}

/**
 * Canonical JSON of a JSON value: object members sorted by key (UTF-16 order) with undefined
 * members left out, arrays in order with undefined (and functions) as null, numbers and strings
 * as JSON writes them. A bigint or a cycle has no canonical form: it throws a TypeError.
 */
export function canonicalJson(v: unknown): string {
  const out: string[] = [];
  const open = new Set<object>();
  const write = (x: unknown, inArray: boolean): void => {
    switch (typeof x) {
      case 'string':
      case 'number':
      case 'boolean':
        out.push(JSON.stringify(x));
        return;
      case 'bigint':
        throw new TypeError('a bigint argument has no canonical JSON');
      case 'object':
        break;
      default: // undefined, function, symbol
        if (inArray || out.length === 0) out.push('null');
        return;
    }
    if (x === null) {
      out.push('null');
      return;
    }
    if (open.has(x)) throw new TypeError('a cyclic argument has no canonical JSON');
    open.add(x);
    if (Array.isArray(x)) {
      out.push('[');
      x.forEach((item: unknown, i) => {
        if (i > 0) out.push(',');
        write(item, true);
      });
      out.push(']');
    } else {
      const members = Object.entries(x).filter(([, value]) => value !== undefined);
      members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.push('{');
      members.forEach(([key, value], i) => {
        out.push(i > 0 ? ',' : '', JSON.stringify(key), ':');
        write(value, true);
      });
      out.push('}');
    }
    open.delete(x);
  };
  write(v, false);
  return out.join('');
}

/** The request key of a read: resolved path plus the canonical JSON of the other arguments. */
export function requestKey(path: string, args: Readonly<Record<string, unknown>> | undefined): string {
  // Most reads carry no argument but the path: canonicalJson({}) is '{}'.
  if (args === undefined || Object.keys(args).every((name) => name === 'path')) return `${resolvePath(path)}\u0000{}`;
  const others = Object.fromEntries(Object.entries(args).filter(([name]) => name !== 'path'));
  return `${resolvePath(path)}\u0000${canonicalJson(others)}`;
}

export function keyPath(key: string): string {
  return key.slice(0, key.indexOf('\u0000'));
}

/** The longest request path, and the longest segment of one, in UTF-8 bytes (spec/SPEC.md "Request keys and windows"). */
export const PATH_MAX_BYTES = 1024;
export const SEGMENT_MAX_BYTES = 255;

/**
 * The one path domain (spec/SPEC.md "Request keys and windows"): which spellings a trace event, a
 * generated history or a request may carry, in-process and over the process protocol alike (where
 * each is a real file under the sandbox root). Returns the rule a path breaks, or undefined.
 */
export function pathProblem(path: string): string | undefined {
  let p = PROBLEMS.get(path);
  if (p === undefined) {
    if (PROBLEMS.size >= 4096) PROBLEMS.clear();
    PROBLEMS.set(path, (p = problemOnce(path) ?? null));
  }
  return p ?? undefined;
}

/** pathProblem's answers (null: none), as RESOLVED keeps resolvePath's. */
const PROBLEMS = new Map<string, string | null>();

function problemOnce(path: string): string | undefined {
  if (path === '') return 'a path is not empty';
  if (path.includes('\u0000')) return 'a path has no NUL character';
  if (/\p{Surrogate}/u.test(path)) return 'a path is well-formed Unicode (no lone surrogate)';
  if (path.startsWith('/')) return 'a path is relative to the project root';
  if (Buffer.byteLength(path, 'utf8') > PATH_MAX_BYTES) return `a path is at most ${PATH_MAX_BYTES} UTF-8 bytes`;
  const segments = path.split('/');
  if (segments.some((s) => Buffer.byteLength(s, 'utf8') > SEGMENT_MAX_BYTES))
    return `a path segment is at most ${SEGMENT_MAX_BYTES} UTF-8 bytes`;
  const last = segments[segments.length - 1]!;
  if (last === '' || last === '.' || last === '..') return 'a path ends in a file name (not "/", "." or "..")';
  const r = resolvePath(path);
  if (r === '..' || r.startsWith('../')) return 'a path resolves inside the project root';
  return undefined;
}
