/** Loading a user's in-process adapter module (TS through tsx, or JS), with clear errors. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError } from '../core/errors.ts';
import { capabilitiesProblem } from './capabilities.ts';
import type { ShimAdapter } from '../core/contract.ts';

/** What is wrong with an adapter object, or undefined. */
export function adapterProblem(a: unknown): string | undefined {
  if (typeof a !== 'object' || a === null)
    return 'the module exports no adapter object (export default defineAdapter({...}) or export const adapter)';
  const o = a as Record<string, unknown>;
  if (typeof o.name !== 'string' || o.name === '') return 'the adapter has no "name" string';
  if (typeof o.create !== 'function') return 'the adapter has no create(ctx) function';
  if (typeof o.decode !== 'function') return 'the adapter has no decode(text, info) function';
  const problem = capabilitiesProblem(o.capabilities);
  if (problem !== undefined) return problem;
  const caps = o.capabilities as Record<string, unknown>;
  const surface = o.surface as Record<string, unknown> | undefined;
  if (caps.armResolver === true && typeof surface?.resolveArm !== 'function')
    return 'capabilities.armResolver is true but surface.resolveArm is missing';
  if (caps.persona === true && typeof surface?.persona !== 'function')
    return 'capabilities.persona is true but surface.persona is missing';
  if (caps.wrapTool === true && typeof surface?.wrapTool !== 'function')
    return 'capabilities.wrapTool is true but surface.wrapTool is missing';
  return undefined;
}

const SELF = fileURLToPath(import.meta.url);

/** A path as the user reads it: relative to the working directory when inside it. */
function shown(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel !== '' && !rel.startsWith('..') ? rel : file;
}

/**
 * Why a module did not load, in one line: for a syntax error, the file, line and reason. tsx
 * (esbuild) puts "file:line:col: ERROR: reason" in its message; Node's SyntaxError of an ES module
 * carries no location, so the entry file is parsed again with `node --check` (parse only: none of
 * the module's code runs).
 */
function loadProblem(e: unknown, file: string): string {
  const message = e instanceof Error ? e.message : String(e);
  const esbuild = /^(.+?):(\d+):(\d+): ERROR: (.*)$/m.exec(message);
  if (esbuild !== null) return `${shown(esbuild[1]!)}:${esbuild[2]}:${esbuild[3]}: ${esbuild[4]}`;
  if (e instanceof SyntaxError) {
    const at = (path: string, line: string): string =>
      `${shown(path.startsWith('file://') ? fileURLToPath(path) : path)}:${line}: SyntaxError: ${message}`;
    // A CommonJS module that does not parse: its stack starts with "file:line".
    const cjs = /^(\/.*|file:\/\/.*):(\d+)$/m.exec(e.stack?.split('\n')[0] ?? '');
    if (cjs !== null) return at(cjs[1]!, cjs[2]!);
    // Thrown by code that ran (JSON.parse at the top level): the first frame in a module.
    for (const m of (e.stack ?? '').matchAll(/(?:\(|at )((?:file:\/\/)?\/[^()]*?):(\d+):\d+\)?$/gm))
      if ((m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!) !== SELF) return at(m[1]!, m[2]!);
    // An ES module that does not parse: its stack has no location.
    const located = checkSyntax(file);
    if (located !== null) return at(located[1]!, located[2]!);
    return `SyntaxError in a module it imports (${shown(file)} itself parses): ${message}`;
  }
  return message.split('\n')[0]!;
}

/** `node --check file`: the location of its syntax error ([, file, line]), or null. */
function checkSyntax(file: string): RegExpExecArray | null {
  const r = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 ? null : /^(\/.*|file:\/\/.*):(\d+)$/m.exec(r.stderr ?? '');
}

/** The package.json that decides how Node reads a `.js` file: the nearest one above it. */
function scopeOf(file: string): { pkg: string; type: unknown } | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        return { pkg, type: (JSON.parse(readFileSync(pkg, 'utf8')) as { type?: unknown }).type };
      } catch {
        return undefined; // Node itself reports a package.json that does not parse
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Whether a module's source has ES module syntax (import/export statements, import.meta), by its syntax tree. */
async function hasModuleSyntax(file: string): Promise<boolean> {
  const { ts } = await import('ts-morph');
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  let found = false;
  const visit = (n: import('ts-morph').ts.Node): void => {
    if (found) return;
    if (
      ts.isImportDeclaration(n) ||
      ts.isExportDeclaration(n) ||
      ts.isExportAssignment(n) ||
      (ts.isMetaProperty(n) && n.keywordToken === ts.SyntaxKind.ImportKeyword) ||
      (ts.canHaveModifiers(n) && ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true)
    )
      found = true;
    else ts.forEachChild(n, visit);
  };
  visit(src);
  return found;
}

/**
 * A `.js` module written as an ES module in a CommonJS package: Node would guess its type (or fail
 * through a loader); the user is told the two ways to say it instead (docs/guide/adapter.md).
 */
async function moduleTypeProblem(file: string, modulePath: string, what: string): Promise<string | undefined> {
  if (!file.endsWith('.js')) return undefined;
  // With no package.json above it Node detects the module syntax itself and loads it (src/bench/naive.ts's builds).
  const scope = scopeOf(file);
  if (scope === undefined || scope.type === 'module' || !(await hasModuleSyntax(file))) return undefined;
  return `${what} ${modulePath} is an ES module (import/export) in a CommonJS package (${shown(scope.pkg)} has no "type": "module"): rename it to .mjs, or add "type": "module" to ${shown(scope.pkg)}`;
}

/** Imports a user's module (TS through tsx, or JS); a missing file or a load failure is one usage line naming `what`. */
export async function importUserModule(modulePath: string, what: string): Promise<Record<string, unknown>> {
  const file = resolve(modulePath);
  if (!existsSync(file)) throw new UsageError(`${what} module not found: ${modulePath}`);
  const typeProblem = await moduleTypeProblem(file, modulePath, what);
  if (typeProblem !== undefined) throw new UsageError(typeProblem);
  try {
    if (/\.(c|m)?ts$/.test(file)) {
      const { tsImport } = await import('tsx/esm/api');
      // In a checkout the kit's tsconfig maps 'readshim-conformance' to its sources (as the bin does),
      // so an adapter importing the kit by name loads without a build; installed, node_modules resolves it.
      const kitTsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
      const options =
        existsSync(kitTsconfig) && import.meta.url.endsWith('.ts')
          ? { parentURL: import.meta.url, tsconfig: kitTsconfig }
          : import.meta.url;
      return (await tsImport(pathToFileURL(file).href, options)) as Record<string, unknown>;
    }
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    throw new UsageError(`${what} ${modulePath} failed to load: ${loadProblem(e, file)}`);
  }
}

export async function loadAdapter(modulePath: string): Promise<ShimAdapter> {
  const mod = await importUserModule(modulePath, 'adapter');
  const candidate = mod.default !== undefined ? mod.default : mod.adapter;
  // tsx may wrap a CommonJS-style default once more.
  const adapter =
    (candidate as { default?: unknown })?.default !== undefined &&
    typeof (candidate as { create?: unknown }).create !== 'function'
      ? (candidate as { default: unknown }).default
      : candidate;
  const p = adapterProblem(adapter);
  if (p) throw new UsageError(`adapter ${modulePath}: ${p}`);
  return adapter as ShimAdapter;
}
