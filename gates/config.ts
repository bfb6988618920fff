/**
 * The gate config: which files, functions and bindings of a shim each gate judges, so the gates
 * run on a third party's JS or TS source. Relative paths resolve against `root`, itself relative
 * to the config file's directory. Parsing is strict: an unknown key is a mistake, not a comment.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GateConfigError } from './errors.ts';
import { GATE_IDS, isGateId, type GateId } from './ids.ts';

/** Where a gate looks: a file, optionally a function in it (dotted path), optionally a binding. */
export interface Locator {
  readonly file: string;
  /** `name` or `outer.inner`: a function, method, function-valued property/variable, or class. */
  readonly function?: string;
  /** A variable, parameter, property or `this.name` assigned in the file or in `function`. */
  readonly binding?: string;
}

export interface BoundaryLocator extends Locator {
  /** Index of the parameter that takes the buffer; when set, the boundary must be of the sliced buffer. */
  readonly bufferArg?: number;
}

export interface StaleNoLedgerConfig {
  /** The stale serve (a function). */
  readonly serve: Locator;
  /** The ledger binding(s). */
  readonly ledger: readonly Locator[];
}
export interface NoModuleStateConfig {
  /** Globs or directories of the shim's source files. */
  readonly files: readonly string[];
}
export interface ArmsFrozenConfig {
  /** Every value the resolver returns is an arm table. */
  readonly resolver?: Locator;
  /** Arm table bindings named explicitly. */
  readonly tables?: readonly Locator[];
}
export interface ArmStrictEqConfig {
  /** The resolver; `binding` names the flag (default: its first parameter). */
  readonly resolver: Locator;
}
export interface SliceViaBoundaryConfig {
  readonly files: readonly string[];
  /** The UTF-8 boundary function(s). */
  readonly boundary: readonly BoundaryLocator[];
}
export interface NoticeSealedConfig {
  /** The function that builds the sealed prefix; its first parameter is the seal. */
  readonly prefix: Locator;
  /** Files whose exported functions are all notice templates (the prefix function excepted). */
  readonly files?: readonly string[];
  /** Notice template functions named explicitly. */
  readonly functions?: readonly Locator[];
}
export interface OracleIndependentConfig {
  /** Globs or directories of the oracle (may be empty). */
  readonly from: readonly string[];
  /** Directories no oracle file may import from. */
  readonly forbidden: readonly string[];
  /** Bare module specifiers (or prefixes ending in '/') no oracle file may import. */
  readonly forbiddenModules?: readonly string[];
  /** Follow imports through other modules of the project (default true). */
  readonly transitive?: boolean;
}

export interface GateSections {
  readonly 'GATE-STALE-NO-LEDGER'?: StaleNoLedgerConfig;
  readonly 'GATE-NO-MODULE-STATE'?: NoModuleStateConfig;
  readonly 'GATE-ARMS-FROZEN'?: ArmsFrozenConfig;
  readonly 'GATE-ARM-STRICT-EQ'?: ArmStrictEqConfig;
  readonly 'GATE-SLICE-VIA-BOUNDARY'?: SliceViaBoundaryConfig;
  readonly 'GATE-NOTICE-SEALED'?: NoticeSealedConfig;
  readonly 'GATE-ORACLE-INDEPENDENT'?: OracleIndependentConfig;
}

export interface GatesConfig {
  /** Absolute directory every relative path resolves against. */
  readonly root: string;
  /** Absolute path of the config file. */
  readonly path: string;
  readonly gates: GateSections;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { readonly [k: string]: Json };

function fail(where: string, what: string): never {
  throw new GateConfigError(`${where}: ${what}`);
}

function obj(v: Json | undefined, where: string, keys: readonly string[], required: readonly string[] = []): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(where, 'expected an object');
  for (const k of Object.keys(v))
    if (!keys.includes(k)) fail(where, `unknown key ${JSON.stringify(k)} (known: ${keys.join(', ')})`);
  for (const k of required) if (!(k in v)) fail(where, `missing key ${JSON.stringify(k)}`);
  return v;
}

function str(v: Json | undefined, where: string): string {
  if (typeof v !== 'string' || v.trim() === '') fail(where, 'expected a non-empty string');
  return v;
}

function strList(v: Json | undefined, where: string, allowEmpty = false): string[] {
  if (!Array.isArray(v)) fail(where, 'expected an array of strings');
  if (v.length === 0 && !allowEmpty) fail(where, 'expected at least one entry');
  return v.map((x, i) => str(x, `${where}[${i}]`));
}

function name(v: Json | undefined, where: string, dotted: boolean): string {
  const s = str(v, where);
  const part = /^[#$A-Za-z_][$\w]*$/;
  if (!(dotted ? s.split('.') : [s]).every((p) => part.test(p)))
    fail(where, `${JSON.stringify(s)} is not ${dotted ? 'a name or dotted path of names' : 'a name'}`);
  return s;
}

type Need = 'function' | 'binding' | 'any';

function locator(v: Json | undefined, where: string, need: Need, extra: readonly string[] = []): Locator {
  const o = obj(v, where, ['file', 'function', 'binding', ...extra], ['file']);
  const loc: { file: string; function?: string; binding?: string } = { file: str(o.file, `${where}.file`) };
  if (o.function !== undefined) loc.function = name(o.function, `${where}.function`, true);
  if (o.binding !== undefined) loc.binding = name(o.binding, `${where}.binding`, false);
  if (need === 'function' && loc.function === undefined) fail(where, 'needs "function"');
  if (need === 'binding' && loc.binding === undefined) fail(where, 'needs "binding"');
  return loc;
}

function locators(v: Json | undefined, where: string, need: Need, single: boolean): Locator[] {
  if (single && !Array.isArray(v)) return [locator(v, where, need)];
  if (!Array.isArray(v) || v.length === 0) fail(where, 'expected a non-empty array of locators');
  return v.map((x, i) => locator(x, `${where}[${i}]`, need));
}

function parseSection(id: GateId, v: Json | undefined): GateSections[GateId] {
  const w = `gates["${id}"]`;
  switch (id) {
    case 'GATE-STALE-NO-LEDGER': {
      const o = obj(v, w, ['serve', 'ledger'], ['serve', 'ledger']);
      return {
        serve: locator(o.serve, `${w}.serve`, 'function'),
        ledger: locators(o.ledger, `${w}.ledger`, 'binding', true),
      };
    }
    case 'GATE-NO-MODULE-STATE': {
      const o = obj(v, w, ['files'], ['files']);
      return { files: strList(o.files, `${w}.files`) };
    }
    case 'GATE-ARMS-FROZEN': {
      const o = obj(v, w, ['resolver', 'tables']);
      if (o.resolver === undefined && o.tables === undefined) fail(w, 'needs "resolver", "tables" or both');
      return {
        ...(o.resolver !== undefined ? { resolver: locator(o.resolver, `${w}.resolver`, 'function') } : {}),
        ...(o.tables !== undefined ? { tables: locators(o.tables, `${w}.tables`, 'binding', false) } : {}),
      };
    }
    case 'GATE-ARM-STRICT-EQ': {
      const o = obj(v, w, ['resolver'], ['resolver']);
      return { resolver: locator(o.resolver, `${w}.resolver`, 'function') };
    }
    case 'GATE-SLICE-VIA-BOUNDARY': {
      const o = obj(v, w, ['files', 'boundary'], ['files', 'boundary']);
      const list = Array.isArray(o.boundary) ? o.boundary : [o.boundary];
      if (list.length === 0) fail(`${w}.boundary`, 'expected at least one boundary function');
      const boundary = list.map((b, i) => {
        const where = `${w}.boundary${Array.isArray(o.boundary) ? `[${i}]` : ''}`;
        const loc = locator(b, where, 'function', ['bufferArg']);
        const arg = (b as Obj).bufferArg;
        if (arg === undefined) return loc;
        if (typeof arg !== 'number' || !Number.isSafeInteger(arg) || arg < 0)
          fail(`${where}.bufferArg`, 'expected an integer >= 0');
        return { ...loc, bufferArg: arg };
      });
      return { files: strList(o.files, `${w}.files`), boundary };
    }
    case 'GATE-NOTICE-SEALED': {
      const o = obj(v, w, ['prefix', 'files', 'functions'], ['prefix']);
      if (o.files === undefined && o.functions === undefined) fail(w, 'needs "files", "functions" or both');
      return {
        prefix: locator(o.prefix, `${w}.prefix`, 'function'),
        ...(o.files !== undefined ? { files: strList(o.files, `${w}.files`) } : {}),
        ...(o.functions !== undefined ? { functions: locators(o.functions, `${w}.functions`, 'function', false) } : {}),
      };
    }
    case 'GATE-ORACLE-INDEPENDENT': {
      const o = obj(v, w, ['from', 'forbidden', 'forbiddenModules', 'transitive'], ['from', 'forbidden']);
      if (o.transitive !== undefined && typeof o.transitive !== 'boolean')
        fail(`${w}.transitive`, 'expected true or false');
      return {
        from: strList(o.from, `${w}.from`),
        forbidden: strList(o.forbidden, `${w}.forbidden`),
        ...(o.forbiddenModules !== undefined
          ? { forbiddenModules: strList(o.forbiddenModules, `${w}.forbiddenModules`, true) }
          : {}),
        ...(o.transitive !== undefined ? { transitive: o.transitive } : {}),
      };
    }
  }
}

/** Validates parsed JSON; `path` is the config file's absolute path (root resolves from its folder). */
export function parseConfig(raw: unknown, path: string): GatesConfig {
  const top = obj(raw as Json, 'config', ['$schema', 'description', 'root', 'gates'], ['gates']);
  const root = resolve(dirname(path), top.root === undefined ? '.' : str(top.root, 'config.root'));
  const sections = obj(top.gates, 'config.gates', GATE_IDS);
  if (Object.keys(sections).length === 0) fail('config.gates', `names no gate (known: ${GATE_IDS.join(', ')})`);
  const gates: Record<string, unknown> = {};
  for (const [id, v] of Object.entries(sections)) if (isGateId(id)) gates[id] = parseSection(id, v);
  return { root, path, gates };
}

/** Reads and validates a config file; every problem is a GateConfigError (exit 2). */
export function loadConfig(path: string): GatesConfig {
  const abs = resolve(path);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (e) {
    throw new GateConfigError(
      `cannot read config ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new GateConfigError(`config ${path} is not JSON: ${(e as Error).message}`);
  }
  return parseConfig(raw, abs);
}

/** The package root (the folder holding this kit's package.json), from this module's location. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'readshim-conformance') return dir;
      } catch {
        // not ours; keep walking up
      }
    }
    const up = dirname(dir);
    if (up === dir)
      throw new GateConfigError('cannot find the readshim-conformance package root for the default gate config');
    dir = up;
  }
}

/**
 * The config the CLI uses without --config: the reference's (gates/reference.gates.json). An
 * installed package ships the reference's TypeScript and the oracle bundled, so there the oracle
 * gate is left out (gates/package.gates.json; the kit's CI judges it in a checkout).
 */
export function defaultConfigPath(): string {
  const root = packageRoot();
  // The oracle itself, not properties/rules/ (the package ships the rule modules for explain).
  const checkout = existsSync(join(root, 'properties', 'oracle'));
  return join(root, 'gates', checkout ? 'reference.gates.json' : 'package.gates.json');
}
