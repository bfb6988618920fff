/**
 * Where a rule is judged, found by symbol (ts-morph), not by searching text: each step of the
 * judge in its module (properties/rules/<RULE-ID>.ts, `export default defineRule({ … judge: { … } })`)
 * and each surface probe the module names (the exported function of properties/surface/). Reads
 * the sources in a checkout, the shipped rule modules and probes in an installed package.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Node, Project, SyntaxKind, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';

export interface JudgedAt {
  /** Kit-relative path of the file. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** The step of the oracle (a key of the module's judge), or `probe`. */
  readonly step: string;
  /** The function that judges there: the probe's name, or the judge's step. */
  readonly symbol: string;
}

export class LocateError extends Error {}

/** What each step of a rule's judge checks (properties/rules/types.ts RuleJudge). */
export const STEP_WORDS: Readonly<Record<string, string>> = {
  failedRead: 'a read whose tool fails now',
  refusedRead: 'a read answered with no text or a refusal while the tool returns content',
  backs: "a claim whose body is not in the response text (these claim kinds' bodies are its)",
  surface: 'what the levers in force and the seal allow a response',
  exactness: "a response's bytes against the tool's, needing no knowledge",
  progress: 'liveness of slices per spelling',
  knowledge: 'the claim against what the worker holds (and against the shadow and as-claimed models)',
  derived: 'blame: a knowledge finding that only its shadow model explains',
  batch: "a batch's counters",
  staleAnswer: "a stale serve's answer",
  staleSurface: "a stale serve's notice",
  staleClaim: "a stale serve's claim against the file now",
  probe: 'a surface probe, once per run against the adapter itself',
};

/** `path` (kit-relative, .ts) as it exists under `root`: the source, else the built .js beside it. */
function existing(root: string, path: string): string {
  const ts = join(root, path);
  if (existsSync(ts)) return path;
  const js = path.replace(/\.ts$/, '.js');
  if (existsSync(join(root, js))) return js;
  throw new LocateError(`${path} is not in ${root}`);
}

/** The object literal a rule module default-exports through defineRule. */
function ruleObject(sf: SourceFile): ObjectLiteralExpression {
  const assignment = sf.getExportAssignment((a) => !a.isExportEquals());
  const call = assignment?.getExpression();
  const arg = call !== undefined && Node.isCallExpression(call) ? call.getArguments()[0] : undefined;
  if (arg === undefined || !Node.isObjectLiteralExpression(arg))
    throw new LocateError(`${sf.getFilePath()}: no \`export default defineRule({ … })\``);
  return arg;
}

const stringValue = (o: ObjectLiteralExpression, name: string): string | undefined => {
  const p = o.getProperty(name);
  const init = p !== undefined && Node.isPropertyAssignment(p) ? p.getInitializer() : undefined;
  return init !== undefined && Node.isStringLiteral(init) ? init.getLiteralValue() : undefined;
};

/** One project for every lookup of this process: the files are parsed once (no type checking). */
let shared: Project | undefined;

function source(root: string, file: string): SourceFile {
  shared ??= new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: true },
  });
  const path = join(root, file);
  return shared.getSourceFile(path) ?? shared.addSourceFileAtPath(path);
}

/** The line of the exported function `symbol` in `file` (a function declaration or a const). */
function functionLine(root: string, file: string, symbol: string): number {
  const sf = source(root, file);
  const decl = sf.getExportedDeclarations().get(symbol)?.[0];
  if (decl === undefined) throw new LocateError(`${file} exports no ${symbol}`);
  return decl.getStartLineNumber();
}

/** Where rule `id` is judged under the kit root `root`, in the order its module lists them. */
export function judgedAt(root: string, id: string): JudgedAt[] {
  const file = existing(root, `properties/rules/${id}.ts`);
  const rule = ruleObject(source(root, file));
  if (stringValue(rule, 'id') !== id) throw new LocateError(`${file}: its id is not ${id}`);
  const out: JudgedAt[] = [];
  const judge = rule.getProperty('judge');
  const hooks = judge !== undefined && Node.isPropertyAssignment(judge) ? judge.getInitializer() : undefined;
  if (hooks !== undefined && Node.isObjectLiteralExpression(hooks))
    for (const p of hooks.getProperties())
      if (Node.isPropertyAssignment(p) || Node.isMethodDeclaration(p))
        out.push({ file, line: p.getStartLineNumber(), step: p.getName(), symbol: `judge.${p.getName()}` });
  const probes = rule.getProperty('probes');
  const list = probes !== undefined && Node.isPropertyAssignment(probes) ? probes.getInitializer() : undefined;
  for (const el of list?.asKind(SyntaxKind.ArrayLiteralExpression)?.getElements() ?? []) {
    if (!Node.isObjectLiteralExpression(el)) continue;
    const at = stringValue(el, 'file');
    const symbol = stringValue(el, 'symbol');
    if (at === undefined || symbol === undefined) throw new LocateError(`${file}: a probe without file and symbol`);
    const where = existing(root, at);
    out.push({ file: where, line: functionLine(root, where, symbol), step: 'probe', symbol });
  }
  return out;
}
