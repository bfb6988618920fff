/**
 * One ts-morph Project per gates run, holding every file the config names plus what they import;
 * every gate reads it (the program and its type checker are built once). JS is read too (allowJs).
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Project, ts, type Node, type SourceFile } from 'ts-morph';
import type { GatesConfig, Locator } from './config.ts';
import { GateConfigError } from './errors.ts';

export interface Finding {
  /** Path relative to the config root, '/'-separated. */
  readonly file: string;
  readonly line: number;
  /** The offending node's source text (one line, shortened). */
  readonly node: string;
  /** What is wrong, in one sentence. */
  readonly message: string;
}

const SCRIPT_GLOB = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

/** Node's type declarations, from this kit's own install (a third party's tree may have none). */
function nodeTypeRoots(): string[] {
  try {
    return [dirname(dirname(createRequire(import.meta.url).resolve('@types/node/package.json')))];
  } catch {
    return [];
  }
}

function compilerOptions(): ts.CompilerOptions {
  const typeRoots = nodeTypeRoots();
  return {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    lib: ['lib.es2023.d.ts'],
    ...(typeRoots.length > 0 ? { typeRoots, types: ['node'] } : { types: [] }),
  };
}

/**
 * The folder of the innermost installed package a path is in — the path up to the package name
 * after its last `node_modules` segment (`@scope/name` counts as one) — or '' for a path under no
 * node_modules at all.
 */
export function installedPackage(path: string): string {
  const parts = resolve(path).split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1) return '';
  const name = parts[at + 1]?.startsWith('@') ? 2 : 1;
  return parts.slice(0, at + 1 + name).join('/');
}

function snippet(node: Node): string {
  const text = node.getText().replace(/\s+/g, ' ').trim();
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

export class GateContext {
  readonly project: Project;
  readonly root: string;
  readonly #patterns = new Map<string, SourceFile[]>();
  /** The installed package the config's root is in ('' when not under node_modules). */
  readonly #rootPackage: string;

  private constructor(root: string) {
    this.root = root;
    this.#rootPackage = installedPackage(join(root, 'x'));
    this.project = new Project({ compilerOptions: compilerOptions(), skipAddingFilesFromTsConfig: true });
  }

  /** Builds the project from every file and glob in the config, then resolves their imports. */
  static build(config: GatesConfig): GateContext {
    const ctx = new GateContext(config.root);
    const named: SourceFile[] = [];
    for (const { where, file } of locatorFiles(config)) named.push(ctx.#add(file, where));
    for (const { where, patterns, emptyDirOk } of globLists(config))
      for (const p of patterns) named.push(...ctx.#expand(p, where, emptyDirOk));
    ctx.project.resolveSourceFileDependencies();
    for (const sf of new Set(named)) ctx.#checkSyntax(sf);
    return ctx;
  }

  abs(path: string): string {
    return isAbsolute(path) ? resolve(path) : resolve(this.root, path);
  }

  rel(path: string): string {
    return relative(this.root, path).split(sep).join('/') || '.';
  }

  /** The source file a locator names (added while building). */
  file(path: string, where: string): SourceFile {
    return this.project.getSourceFile(this.abs(path)) ?? this.#add(path, where);
  }

  /** The source files a list of globs or directories names (expanded while building). */
  files(patterns: readonly string[], where: string, emptyDirOk = false): SourceFile[] {
    const out = new Set<SourceFile>();
    for (const p of patterns) for (const sf of this.#expand(p, where, emptyDirOk)) out.add(sf);
    return [...out].sort((a, b) => a.getFilePath().localeCompare(b.getFilePath()));
  }

  finding(node: Node, message: string): Finding {
    return {
      file: this.rel(node.getSourceFile().getFilePath()),
      line: node.getStartLineNumber(),
      node: snippet(node),
      message,
    };
  }

  /**
   * Code of the project itself: not a declaration file, and in the same package as the config's
   * root — a dependency under node_modules is not own code, but the package being judged is, even
   * when it is itself installed under node_modules (the kit's own gates run on its installed
   * reference/*.ts; a shim may be judged inside its own install too).
   */
  isOwnCode(node: Node): boolean {
    const sf = node.getSourceFile();
    return !sf.isDeclarationFile() && installedPackage(sf.getFilePath()) === this.#rootPackage;
  }

  #add(path: string, where: string): SourceFile {
    const abs = this.abs(path);
    let isFile = false;
    try {
      isFile = statSync(abs).isFile();
    } catch (e) {
      throw new GateConfigError(
        `${where}: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
    if (!isFile) throw new GateConfigError(`${where}: ${path} is not a file`);
    return this.project.getSourceFile(abs) ?? this.project.addSourceFileAtPath(abs);
  }

  #expand(pattern: string, where: string, emptyDirOk: boolean): SourceFile[] {
    const key = `${emptyDirOk ? 'd' : 'g'}:${pattern}`;
    const known = this.#patterns.get(key);
    if (known !== undefined) return known;
    const abs = this.abs(pattern);
    let found: SourceFile[];
    if (existsSync(abs) && statSync(abs).isDirectory()) {
      found = this.project.addSourceFilesAtPaths([`${abs}/${SCRIPT_GLOB}`, `!${abs}/**/node_modules/**`]);
      if (found.length === 0 && !emptyDirOk)
        throw new GateConfigError(`${where}: directory ${pattern} holds no JS or TS file`);
    } else if (existsSync(abs)) {
      found = [this.#add(pattern, where)];
    } else {
      found = this.project.addSourceFilesAtPaths(abs);
      if (found.length === 0) throw new GateConfigError(`${where}: ${pattern} matches no file`);
    }
    found.sort((a, b) => a.getFilePath().localeCompare(b.getFilePath()));
    this.#patterns.set(key, found);
    return found;
  }

  #checkSyntax(sf: SourceFile): void {
    const [first] = this.project.getProgram().getSyntacticDiagnostics(sf);
    if (first === undefined) return;
    const line = first.getLineNumber() ?? 0;
    const text = first.getMessageText();
    const message = typeof text === 'string' ? text : text.getMessageText();
    throw new GateConfigError(`cannot parse ${this.rel(sf.getFilePath())}:${line}: ${message}`);
  }
}

function* locatorFiles(config: GatesConfig): Generator<{ where: string; file: string }> {
  const g = config.gates;
  const one = function* (where: string, loc: Locator | undefined) {
    if (loc !== undefined) yield { where: `${where}.file`, file: loc.file };
  };
  const many = function* (where: string, locs: readonly Locator[] | undefined) {
    for (const [i, loc] of (locs ?? []).entries()) yield { where: `${where}[${i}].file`, file: loc.file };
  };
  const s = g['GATE-STALE-NO-LEDGER'];
  if (s) {
    yield* one('GATE-STALE-NO-LEDGER.serve', s.serve);
    yield* many('GATE-STALE-NO-LEDGER.ledger', s.ledger);
  }
  const a = g['GATE-ARMS-FROZEN'];
  if (a) {
    yield* one('GATE-ARMS-FROZEN.resolver', a.resolver);
    yield* many('GATE-ARMS-FROZEN.tables', a.tables);
  }
  yield* one('GATE-ARM-STRICT-EQ.resolver', g['GATE-ARM-STRICT-EQ']?.resolver);
  yield* many('GATE-SLICE-VIA-BOUNDARY.boundary', g['GATE-SLICE-VIA-BOUNDARY']?.boundary);
  const n = g['GATE-NOTICE-SEALED'];
  if (n) {
    yield* one('GATE-NOTICE-SEALED.prefix', n.prefix);
    yield* many('GATE-NOTICE-SEALED.functions', n.functions);
  }
}

function* globLists(
  config: GatesConfig,
): Generator<{ where: string; patterns: readonly string[]; emptyDirOk: boolean }> {
  const g = config.gates;
  if (g['GATE-NO-MODULE-STATE'])
    yield { where: 'GATE-NO-MODULE-STATE.files', patterns: g['GATE-NO-MODULE-STATE'].files, emptyDirOk: false };
  if (g['GATE-SLICE-VIA-BOUNDARY'])
    yield { where: 'GATE-SLICE-VIA-BOUNDARY.files', patterns: g['GATE-SLICE-VIA-BOUNDARY'].files, emptyDirOk: false };
  if (g['GATE-NOTICE-SEALED']?.files)
    yield { where: 'GATE-NOTICE-SEALED.files', patterns: g['GATE-NOTICE-SEALED'].files, emptyDirOk: false };
  // The oracle's folder may be empty while it is being written: nothing imports the reference then.
  if (g['GATE-ORACLE-INDEPENDENT'])
    yield { where: 'GATE-ORACLE-INDEPENDENT.from', patterns: g['GATE-ORACLE-INDEPENDENT'].from, emptyDirOk: true };
}
