/**
 * The published JSON Schemas (spec/schemas/*.schema.json, draft 2020-12) as the kit's validators:
 * trace lines, process-protocol messages and JSON reports are checked against the very files a
 * shim author in any language validates with (docs/reference/compatibility.md). A failure is one
 * line: the schema's own `x-message` for the part that failed, else a message built from the
 * failing keyword naming the field.
 */
import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { toJson } from './json.ts';

export type SchemaName = 'trace' | 'protocol' | 'report';

/** The schema files, relative to the package root. */
export const SCHEMA_FILES: Readonly<Record<SchemaName, string>> = Object.freeze({
  trace: 'spec/schemas/trace.schema.json',
  protocol: 'spec/schemas/protocol.schema.json',
  report: 'spec/schemas/report.schema.json',
});

const schemaId = (name: SchemaName): string => `urn:readshim-conformance:schema:${name}`;

/**
 * The parsed schema document, read once through the package's own name (its `exports` map
 * `./schemas/*` to `spec/schemas/*`): the same file in a checkout and in an install, and no file
 * system call in the modules the oracle reaches (test/ci/no-writes.int.test.ts).
 */
export const loadSchema = (() => {
  const cache = new Map<SchemaName, Record<string, unknown>>();
  const require = createRequire(import.meta.url);
  return (name: SchemaName): Record<string, unknown> => {
    let s = cache.get(name);
    if (s === undefined) {
      s = require(`readshim-conformance/schemas/${name}.schema.json`) as Record<string, unknown>;
      cache.set(name, s);
    }
    return s;
  };
})();

const ajv = (() => {
  let instance: Ajv2020 | undefined;
  return (): Ajv2020 => {
    if (instance === undefined) {
      // verbose: each error carries the failing subschema (its x-message); the first error is the innermost.
      instance = new Ajv2020({
        allErrors: false,
        verbose: true,
        strict: true,
        strictRequired: false,
        strictTypes: false,
        inlineRefs: false,
        // Each validator is compiled once a run and used a few times: skipping the optimising pass halves its compile time.
        code: { optimize: false },
      });
      instance.addKeyword({ keyword: 'x-message', schemaType: 'string' });
      instance.addKeyword({ keyword: 'x-missing', schemaType: 'string' });
    }
    return instance;
  };
})();

/** Adds a schema to the validator once, after the trace schema the others refer to. */
const added = new Set<SchemaName>();
function ensure(name: SchemaName): void {
  if (name !== 'trace') ensure('trace');
  if (added.has(name)) return;
  ajv().addSchema(loadSchema(name));
  added.add(name);
}

const compiled = new Map<string, ValidateFunction>();

/** The validator of one definition (`#/$defs/<def>`) of a schema, or of the whole schema. */
function validatorOf(name: SchemaName, def?: string): ValidateFunction {
  const key = `${name}#${def ?? ''}`;
  const known = compiled.get(key);
  if (known !== undefined) return known;
  ensure(name);
  const v = ajv().compile({ $ref: def === undefined ? schemaId(name) : `${schemaId(name)}#/$defs/${def}` });
  compiled.set(key, v);
  return v;
}

/** `/args/offset` → `args.offset` (array indices as `[i]`). */
export function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, p) => (/^\d+$/.test(p) ? `${out}[${p}]` : out === '' ? p : `${out}.${p}`), '');
}

const article = (t: string): string => (t === 'object' || t === 'array' || t === 'integer' ? `an ${t}` : `a ${t}`);

/** What a value is called in a message: an event by its type, a request by its op, a report by its command. */
function nameOf(v: unknown): string {
  const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  if (typeof o.type === 'string') return o.type;
  if (typeof o.op === 'string') return `a ${o.op} request`;
  if (typeof o.command === 'string') return `the ${o.command} report`;
  return 'the value';
}

/** A message for a failing keyword, naming the field (used where the schema gives no x-message). */
function generic(e: ErrorObject, name: SchemaName, subject: string | undefined): string {
  const field = fieldName(e.instancePath);
  const at = field === '' ? (subject ?? nameOf(e.data)) : `"${field}"`;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${at} needs "${String(p.missingProperty)}"`;
    case 'additionalProperties':
      return `${at} has unknown field "${String(p.additionalProperty)}" (${SCHEMA_FILES[name]} does not define it)`;
    case 'type':
      return `${at} must be ${String(p.type).split(',').map(article).join(' or ')}`;
    case 'const':
      return `${at} must be ${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return `${at} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join('|')}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${at} must be ${String(p.comparison)} ${String(p.limit)}`;
    default:
      return `${at} ${e.message ?? `breaks "${e.keyword}"`}`;
  }
}

/**
 * The one-line message of a validation error: the failing part's `x-message` (for a missing
 * property: the object's `x-missing`, else that property's `x-message`), else a generic one.
 * Placeholders: {value} the failing value, {missing} the missing property, {extra} the unknown one,
 * {key} the last name in the failing value's path.
 */
export function errorMessage(e: ErrorObject, name: SchemaName, subject?: string): string {
  const parent: Record<string, unknown> | undefined = e.parentSchema;
  const p = e.params as Record<string, unknown>;
  const missing = e.keyword === 'required' ? String(p.missingProperty) : undefined;
  const own: unknown =
    missing === undefined
      ? undefined
      : (parent?.['x-missing'] ??
        (parent?.properties as Record<string, Record<string, unknown>> | undefined)?.[missing]?.['x-message']);
  const message: unknown = own ?? parent?.['x-message'];
  if (typeof message !== 'string') return generic(e, name, subject);
  const value: unknown = missing !== undefined ? undefined : e.data;
  return message
    .replace('{value}', value === undefined ? 'undefined' : JSON.stringify(value))
    .replace('{missing}', missing ?? '')
    .replace('{key}', fieldName(e.instancePath).split('.').pop() ?? '')
    .replace('{extra}', JSON.stringify(p.additionalProperty));
}

/** A value's first schema failure: its one-line message and where (a JSON Pointer into the value). */
export interface SchemaFailure {
  readonly message: string;
  readonly instancePath: string;
}

/** The first failure of `value` against the schema's definition `def` (or the whole schema), or undefined. */
export function schemaFailure(
  name: SchemaName,
  def: string | undefined,
  value: unknown,
  subject?: string,
): SchemaFailure | undefined {
  const v = validatorOf(name, def);
  if (v(value)) return undefined;
  const first = v.errors?.[0];
  return first === undefined
    ? { message: `breaks ${SCHEMA_FILES[name]}`, instancePath: '' }
    : { message: errorMessage(first, name, subject), instancePath: first.instancePath };
}

/**
 * Why `value` breaks the schema's definition `def` (or the whole schema), in one line, or
 * undefined. `subject` names the value in generic messages (e.g. the event's type).
 */
export function schemaProblem(
  name: SchemaName,
  def: string | undefined,
  value: unknown,
  subject?: string,
): string | undefined {
  return schemaFailure(name, def, value, subject)?.message;
}

/**
 * A JSON report as text, checked against spec/schemas/report.schema.json first (`def`: a
 * definition such as `badge`; default: the whole schema, chosen by `command`). A report that
 * breaks the published schema is a bug in the kit: it throws, and nothing is written.
 */
export function reportJson(report: unknown, space?: number, def?: string): string {
  const text = toJson(report, space);
  const f = schemaFailure('report', def, JSON.parse(text));
  if (f !== undefined)
    throw new Error(
      `the JSON report breaks ${SCHEMA_FILES.report} at ${f.instancePath === '' ? '/' : f.instancePath}: ${f.message}`,
    );
  return text;
}
