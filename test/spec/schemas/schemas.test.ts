/**
 * The JSON Schemas of spec/schemas/ are the formats: each is a valid draft 2020-12 schema, every
 * trace, SPEC.md example, identity report and table result the kit ships validates against them,
 * and every negative fixture (test/fixtures/schemas/<schema>/*.json: a value, the smallest fix of
 * it, and the message it must be refused with) is refused while its fix is accepted.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILES, loadSchema, schemaProblem, type SchemaName } from '../../../src/core/schemas.ts';
import { parseTrace } from '../../../src/core/trace.ts';
import { exampleTrace } from '../../../spec/parse.ts';
import { IDENTITY_DIR } from '../../../dev/scripts/identity.ts';
import { ROOT } from '../../src/cli/helpers.ts';
import { loadRealSpec } from '../support.ts';

const NAMES = Object.keys(SCHEMA_FILES) as SchemaName[];

/** Every file under `dir` (repository-relative) whose name ends with `ext`. */
function files(dir: string, ext: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext))
    .map((f) => join(dir, f))
    .sort();
}

/** A trace's lines, each against its definition: the first the header, the rest events. */
function traceProblems(text: string): string[] {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.flatMap((l, i) => {
    const p = schemaProblem('trace', i === 0 ? 'header' : 'event', JSON.parse(l));
    return p === undefined ? [] : [`line ${i + 1}: ${p}`];
  });
}

describe('the schemas are draft 2020-12 and compile strictly', () => {
  it.each(NAMES)('%s', (name) => {
    const schema = loadSchema(name);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    // A fresh validator with every schema: meta-validation on, unknown keywords refused but the annotations.
    const ajv = new Ajv2020({ strict: true, strictRequired: false, strictTypes: false, validateSchema: true });
    ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
    ajv.addKeyword({ keyword: 'x-missing', schemaType: 'string' });
    for (const n of NAMES) ajv.addSchema(loadSchema(n));
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    expect(() => ajv.getSchema(String(schema.$id))).not.toThrow();
  });
});

describe('every shipped trace validates', () => {
  const traces = [...files('examples/traces', '.jsonl'), ...files('docs/implementations/traces', '.jsonl')];
  it('there are traces to check', () => expect(traces.length).toBeGreaterThan(10));
  it.each(traces)('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(traceProblems(text)).toEqual([]);
    expect(() => parseTrace(text)).not.toThrow();
  });
});

describe('every SPEC.md example is a valid trace', () => {
  const { examples } = loadRealSpec();
  it('there are examples', () => expect(examples.length).toBeGreaterThan(100));
  it.each(examples.map((c) => [c.example.id, c.example] as const))('%s', (_id, ex) => {
    const t = exampleTrace(ex);
    expect(schemaProblem('trace', 'header', t.header)).toBeUndefined();
    expect(t.events.map((e) => schemaProblem('trace', 'event', e)).filter(Boolean)).toEqual([]);
  });
});

describe('every identity report and the table results validate', () => {
  const reports = readdirSync(IDENTITY_DIR).filter((f) => f.endsWith('.txt'));
  it.each(reports)('test/fixtures/identity/%s', (f) => {
    const text = readFileSync(join(IDENTITY_DIR, f), 'utf8');
    const json = JSON.parse(text.slice(text.indexOf('--- json\n') + 9, text.indexOf('\n--- pretty'))) as {
      rules: Array<{ counterexample?: { trace: unknown } }>;
    };
    expect(schemaProblem('report', undefined, json)).toBeUndefined();
    // --no-save: a counterexample's trace is inline, and it is a trace.
    for (const r of json.rules) {
      const t = r.counterexample?.trace as { header: unknown; events: unknown[] } | undefined;
      if (t === undefined) continue;
      expect(schemaProblem('trace', 'header', t.header)).toBeUndefined();
      expect(t.events.map((e) => schemaProblem('trace', 'event', e)).filter(Boolean)).toEqual([]);
    }
  });
  it('docs/implementations.results.json', () => {
    const results = JSON.parse(readFileSync(join(ROOT, 'docs/implementations.results.json'), 'utf8')) as unknown;
    expect(schemaProblem('report', undefined, results)).toBeUndefined();
  });
});

describe('negative fixtures are refused, each with its message, and their fixes are accepted', () => {
  const fixtures = NAMES.flatMap((n) => files(`test/fixtures/schemas/${n}`, '.json').map((f) => [n, f] as const));
  it('there are fixtures for every schema', () => {
    for (const n of NAMES) expect(fixtures.filter(([s]) => s === n).length, n).toBeGreaterThanOrEqual(5);
  });
  it.each(fixtures.map(([n, f]) => [relative('test/fixtures/schemas', f), n, f] as const))('%s', (_name, schema, f) => {
    const fx = JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as {
      def?: string;
      says: string;
      value: unknown;
      fixed: unknown;
    };
    const problem = schemaProblem(schema, fx.def, fx.value);
    expect(problem).toMatch(new RegExp(fx.says));
    expect(problem).not.toMatch(/\n/);
    expect(schemaProblem(schema, fx.def, fx.fixed)).toBeUndefined();
  });
});
