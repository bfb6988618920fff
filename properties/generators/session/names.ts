/**
 * The session band's file names (spec/SPEC.md "Request keys and windows"): folders, base names and
 * extensions drawn per seed from a salt, so no name, extension or folder is the kit's own. The
 * extensions are ranked from common to rare in public repositories (the kit's own ordering, not a
 * measurement) and drawn with Zipf weights whose exponent is drawn too: common extensions appear
 * in nearly every session, rare ones in some. Names never differ only by case (a case-insensitive
 * host would make them one file).
 */

/** A deterministic 32-bit generator (mulberry32) for everything derived from one drawn salt. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Extensions, most common first ('' is a file without one, as Makefile or LICENSE). */
export const EXTENSIONS: readonly string[] = Object.freeze([
  'ts', 'py', 'js', 'md', 'json', 'go', 'java', 'rs', 'tsx', 'c', 'h', 'cpp', 'yaml', 'sh', 'rb', 'php',
  'cs', 'txt', 'html', 'css', 'yml', 'kt', 'swift', 'jsx', 'sql', 'toml', 'scss', 'xml', 'vue', 'mjs',
  'hpp', '', 'lock', 'cfg', 'ini', 'proto', 'gradle', 'dart', 'lua', 'scala', 'ex', 'r', 'cjs', 'pl',
  'hs', 'ml', 'clj', 'erl', 'zig', 'nim', 'jl', 'tf', 'graphql', 'svelte', 'astro', 'rst', 'adoc', 'csv',
]); // prettier-ignore

const FOLDERS: readonly string[] = Object.freeze([
  'src', 'lib', 'test', 'tests', 'docs', 'app', 'pkg', 'internal', 'cmd', 'scripts', 'packages', 'api',
  'core', 'utils', 'components', 'server', 'client', 'config', 'tools', 'examples', 'models', 'handlers',
]); // prettier-ignore

const SYLLABLES: readonly string[] = Object.freeze([
  'read', 'shim', 'ledger', 'cache', 'parse', 'store', 'index', 'user', 'auth', 'route', 'model', 'view',
  'task', 'queue', 'event', 'stream', 'file', 'path', 'node', 'tree', 'graph', 'token', 'client', 'server',
  'util', 'helper', 'spec', 'main', 'types', 'error', 'config', 'state', 'hook', 'diff', 'patch', 'slice',
]); // prettier-ignore

/** Letters a name may carry beside ASCII (a host with names in any script). */
const WIDE_NAMES: readonly string[] = Object.freeze(['café', 'naïve', 'zürich', 'daten', 'файл', 'ファイル']);

export interface NameShape {
  readonly salt: number;
  /** Folders to spread files over (0: all at the root). */
  readonly folders: number;
  /** Zipf exponent of the extension draw, in hundredths (60–160). */
  readonly extSkew: number;
  /** Per mille of names with a space, an upper-case letter or a letter outside ASCII. */
  readonly oddNames: number;
}

/** An index drawn with weights 1 / (rank + 1)^s. */
function zipf(r: () => number, n: number, s: number): number {
  let total = 0;
  for (let i = 0; i < n; i++) total += 1 / (i + 1) ** s;
  let u = r() * total;
  for (let i = 0; i < n; i++) {
    u -= 1 / (i + 1) ** s;
    if (u <= 0) return i;
  }
  return n - 1;
}

const pickOf = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Folder paths for a shape: top folders, some nested one level or two. */
function folderPaths(shape: NameShape, r: () => number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < shape.folders && tries < shape.folders * 8; tries++) {
    const parent = out.length > 0 && r() < 0.4 ? pickOf(r, out) : undefined;
    const name = r() < 0.7 ? pickOf(r, FOLDERS) : `${pickOf(r, SYLLABLES)}${Math.floor(r() * 10)}`;
    const p = parent === undefined ? name : `${parent}/${name}`;
    if (seen.has(p.toLowerCase())) continue;
    seen.add(p.toLowerCase());
    out.push(p);
  }
  return out;
}

function baseName(r: () => number, odd: boolean): string {
  const parts = [pickOf(r, SYLLABLES)];
  if (r() < 0.6) parts.push(pickOf(r, SYLLABLES));
  if (!odd) return r() < 0.5 ? parts.join('_') : parts.join('-');
  const kind = Math.floor(r() * 3);
  if (kind === 0) return parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
  if (kind === 1) return parts.join(' ');
  return `${pickOf(r, WIDE_NAMES)}-${parts[0]!}`;
}

/** `count` distinct file paths (distinct under case folding too) for a shape. */
export function fileNames(shape: NameShape, count: number): string[] {
  const r = prng(shape.salt);
  const folders = folderPaths(shape, r);
  const out: string[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const ext = EXTENSIONS[zipf(r, EXTENSIONS.length, shape.extSkew / 100)]!;
    const base = baseName(r, r() * 1000 < shape.oddNames);
    const name = ext === '' ? base.toUpperCase().replace(/[^A-Z]/g, '') || 'MAKEFILE' : `${base}.${ext}`;
    const dir = folders.length > 0 && r() < 0.85 ? `${pickOf(r, folders)}/` : '';
    let p = `${dir}${name}`;
    if (seen.has(p.toLowerCase())) p = `${dir}${tries}-${name}`;
    if (seen.has(p.toLowerCase())) continue;
    seen.add(p.toLowerCase());
    out.push(p);
  }
  return out;
}

/** Other spellings of a path a worker may use (`./p`, `d/../p`), the path itself first. */
export function spellingsOf(path: string): string[] {
  const slash = path.lastIndexOf('/');
  const dir = slash === -1 ? '' : path.slice(0, slash + 1);
  const detour = dir === '' ? `x/../${path}` : `${dir}../${path}`;
  return [path, `./${path}`, detour];
}

/** The extension of a path as the coverage report names it ('' for none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1);
}
