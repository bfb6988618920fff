/**
 * A mutant's source tree: the reference adapter and everything it imports, copied into a fresh
 * temporary directory, edited once (ts-morph, in memory) and written out, so the mutant loads
 * through src/adapters/load.ts exactly like a third party's --adapter module.
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Project, ts, type SourceFile } from 'ts-morph';
import { MutantEditError } from './edit.ts';
import type { MutantSpec } from './spec.ts';

/** The adapter a mutant edits, with everything it imports. */
export const ADAPTER_FILE = 'src/adapters/reference.ts';

/**
 * The kit's own root: where the TypeScript sources of src/adapters/ and reference/ live — next to
 * mutations/ in a checkout, one level up when this module runs from the built dist/.
 */
const ROOTS = [new URL('..', import.meta.url), new URL('../..', import.meta.url)].map((u) => fileURLToPath(u));
export const KIT_ROOT =
  ROOTS.find((dir) => existsSync(join(dir, ADAPTER_FILE))) ??
  ROOTS.find((dir) => existsSync(join(dir, 'package.json'))) ??
  ROOTS[0]!;

export interface Workspace {
  readonly dir: string;
  /** The mutated adapter module, to hand to loadAdapter. */
  readonly adapterPath: string;
  /** Kit-relative paths of the files the edit changed. */
  readonly changed: readonly string[];
  dispose(): void;
}

const live = new Set<string>();
let hooked = false;

/** Temporary trees are removed on dispose, and any left over when the process exits. */
function track(dir: string): void {
  live.add(dir);
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const d of live) rmSync(d, { recursive: true, force: true });
  });
}

function remove(dir: string): void {
  live.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

/** Node's own modules are never linked. */
const isBuiltin = (spec: string): boolean => spec.startsWith('node:') || builtinModules.includes(spec);
/** `diff` → diff, `@scope/pkg/sub` → @scope/pkg. */
const packageName = (spec: string): string =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

interface Tree {
  /** Kit-relative path → source text. */
  readonly texts: ReadonlyMap<string, string>;
  /** Packages the tree imports by bare name. */
  readonly packages: readonly string[];
}

/** One read of the tree per kit root and process: every mutant of a run edits the same reference. */
const trees = new Map<string, Tree>();

/**
 * The adapter's import closure (relative imports and re-exports, followed from ADAPTER_FILE) with
 * its texts, and the packages it imports by bare name. ts.preProcessFile only scans the imports.
 */
function closure(root: string): Tree {
  const cached = trees.get(root);
  if (cached !== undefined) return cached;
  const texts = new Map<string, string>();
  const packages = new Set<string>();
  const todo = [ADAPTER_FILE];
  while (todo.length > 0) {
    const rel = todo.shift()!;
    if (texts.has(rel)) continue;
    const abs = join(root, rel);
    if (!existsSync(abs))
      throw new MutantEditError(`the kit's source tree has no ${rel} at ${root} (mutants need the TypeScript sources)`);
    const text = readFileSync(abs, 'utf8');
    texts.set(rel, text);
    for (const { fileName: spec } of ts.preProcessFile(text, true, false).importedFiles) {
      if (spec.startsWith('.')) todo.push(posix.normalize(posix.join(posix.dirname(rel), spec)));
      else if (!isBuiltin(spec)) packages.add(packageName(spec));
    }
  }
  const tree = { texts: new Map([...texts].sort(([a], [b]) => a.localeCompare(b))), packages: [...packages].sort() };
  trees.set(root, tree);
  return tree;
}

/**
 * Why mutants cannot be built from `root`, or undefined when they can: every file of the
 * reference adapter's import closure must be there as TypeScript (a checkout; the installed
 * package ships only reference/*.ts and the built JavaScript).
 */
export function sourcesProblem(root: string = KIT_ROOT): string | undefined {
  try {
    closure(root);
    return undefined;
  } catch (e) {
    if (e instanceof MutantEditError) return e.message;
    throw e;
  }
}

/** The directory of an installed package, resolved the way the kit itself resolves it. */
function packageDir(root: string, name: string): string {
  const req = createRequire(join(root, 'package.json'));
  let dir = dirname(req.resolve(name));
  while (
    !existsSync(join(dir, 'package.json')) ||
    (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name
  ) {
    const up = dirname(dir);
    if (up === dir) throw new MutantEditError(`cannot find the installed package ${name}`);
    dir = up;
  }
  return dir;
}

/**
 * Applies the mutant's edit to an in-memory copy of the tree (a file is parsed when the edit asks
 * for it); returns every file's text, the files the edit changed and the packages to link.
 */
export function editedTree(
  spec: MutantSpec,
  root = KIT_ROOT,
): { texts: Map<string, string>; changed: string[]; packages: readonly string[] } {
  const tree = closure(root);
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const opened = new Map<string, SourceFile>();
  spec.edit({
    file(path) {
      const text = tree.texts.get(path);
      if (text === undefined)
        throw new MutantEditError(`mutant ${spec.id}: the adapter's source tree has no file ${path}`);
      let sf = opened.get(path);
      if (sf === undefined) opened.set(path, (sf = project.createSourceFile(`/${path}`, text)));
      return sf;
    },
  });
  const texts = new Map(tree.texts);
  const changed: string[] = [];
  for (const [rel, sf] of opened) {
    const text = sf.getFullText();
    if (text === tree.texts.get(rel)) continue;
    texts.set(rel, text);
    changed.push(rel);
  }
  if (changed.length === 0)
    throw new MutantEditError(`mutant ${spec.id}: the edit changed nothing (it would be the reference itself)`);
  const program = project.getProgram().compilerObject;
  for (const rel of changed) {
    const bad = program.getSyntacticDiagnostics(opened.get(rel)!.compilerNode);
    if (bad.length > 0)
      throw new MutantEditError(
        `mutant ${spec.id}: the edit left ${rel} unparsable: ${ts.flattenDiagnosticMessageText(bad[0]!.messageText, ' ')}`,
      );
  }
  return { texts, changed: changed.sort(), packages: tree.packages };
}

/** Writes the mutated tree to a fresh temporary directory. The caller disposes of it. */
export function materialise(spec: MutantSpec, root = KIT_ROOT): Workspace {
  const { texts, changed, packages } = editedTree(spec, root);
  const dir = mkdtempSync(join(tmpdir(), `readshim-mutant-${spec.id.toLowerCase()}-`));
  track(dir);
  try {
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ name: `readshim-mutant-${spec.id.toLowerCase()}`, private: true, type: 'module' })}\n`,
    );
    for (const [rel, text] of texts) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text);
    }
    mkdirSync(join(dir, 'node_modules'));
    for (const p of packages) {
      mkdirSync(dirname(join(dir, 'node_modules', p)), { recursive: true });
      symlinkSync(packageDir(root, p), join(dir, 'node_modules', p), 'dir');
    }
  } catch (e) {
    remove(dir);
    throw e;
  }
  return { dir, adapterPath: join(dir, ADAPTER_FILE), changed, dispose: () => remove(dir) };
}
