import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULES } from '../../properties/rules/index.ts';
import { cpuBudget, HERE, inProcess, ROOT } from '../src/cli/helpers.ts';
import { parseXml, type XmlElement } from './xml.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-badge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The shields.io endpoint schema (shields.io/badges/endpoint-badge, "Schema"): schemaVersion is
 * required and always the number 1; label is a required string (may be empty); message is a
 * required non-empty string; color, labelColor, namedLogo, logoSvg, logoColor, style are optional
 * strings; isError and cacheSeconds optional (boolean, number). Nothing else is read.
 */
function shieldsEndpointProblems(j: unknown): string[] {
  const p: string[] = [];
  if (typeof j !== 'object' || j === null || Array.isArray(j)) return ['not a JSON object'];
  const o = j as Record<string, unknown>;
  if (o.schemaVersion !== 1) p.push('schemaVersion must be the number 1');
  if (typeof o.label !== 'string') p.push('label must be a string');
  if (typeof o.message !== 'string' || o.message === '') p.push('message must be a non-empty string');
  const strings = ['color', 'labelColor', 'namedLogo', 'logoSvg', 'logoColor', 'style'];
  const known = new Set(['schemaVersion', 'label', 'message', 'isError', 'cacheSeconds', 'logoWidth', ...strings]);
  for (const k of strings) if (k in o && typeof o[k] !== 'string') p.push(`${k} must be a string`);
  if ('isError' in o && typeof o.isError !== 'boolean') p.push('isError must be a boolean');
  if ('cacheSeconds' in o && typeof o.cacheSeconds !== 'number') p.push('cacheSeconds must be a number');
  for (const k of Object.keys(o)) if (!known.has(k)) p.push(`unknown property ${k}`);
  return p;
}

const texts = (e: XmlElement): string[] => [e.text ?? '', ...e.children.flatMap(texts)];

describe('the shields endpoint check can fail', () => {
  it('rejects what the schema rejects', () => {
    expect(shieldsEndpointProblems({ schemaVersion: 1, label: 'a', message: 'b', color: 'red' })).toEqual([]);
    expect(shieldsEndpointProblems({ schemaVersion: '1', label: 'a', message: 'b' })).not.toEqual([]);
    expect(shieldsEndpointProblems({ schemaVersion: 1, message: 'b' })).not.toEqual([]);
    expect(shieldsEndpointProblems({ schemaVersion: 1, label: 'a', message: '' })).not.toEqual([]);
    expect(shieldsEndpointProblems({ schemaVersion: 1, label: 'a', message: 'b', color: 3 })).not.toEqual([]);
  });
});

describe('run --reporter badge', { timeout: cpuBudget(10) }, () => {
  const badge = async (adapter: string | undefined, name: string, extra: string[] = []) => {
    const out = join(tmp, `${name}.json`);
    const r = await inProcess(
      [
        'run',
        ...(adapter ? ['--adapter', join(ROOT, adapter)] : []),
        '--runs',
        '20',
        '--seed',
        '5',
        // The badge, not the session band nor the whole crossed table.
        '--sessions',
        '0',
        '--crossed-sample',
        '--no-save',
        '--reporter',
        'badge',
        '--out',
        out,
        ...extra,
      ],
      tmp,
      HERE,
    );
    return {
      r,
      json: JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>,
      svg: readFileSync(join(tmp, `${name}.svg`), 'utf8'),
    };
  };

  it('a failing shim: "fails <RULE>", red, exit 1; the SVG is well-formed and carries the message', async () => {
    const { r, json, svg } = await badge('test/fixtures/adapters/path-hash.ts', 'red', ['--arm', 'cap']);
    expect(r.code).toBe(1);
    expect(shieldsEndpointProblems(json)).toEqual([]);
    expect(json).toMatchObject({ schemaVersion: 1, label: 'readshim-conformance', color: 'red' });
    expect(json.message).toMatch(/^fails /);
    expect(json.message).toContain('POINTER-FULL');
    const root = parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`);
    expect(root.name).toBe('svg');
    expect(Number(root.attrs.width)).toBeGreaterThan(0);
    expect(texts(root)).toContain(json.message);
  });

  it('a conforming shim: "N/N rules", brightgreen, exit 0', async () => {
    const { r, json, svg } = await badge(undefined, 'green');
    expect(r.code).toBe(0);
    expect(shieldsEndpointProblems(json)).toEqual([]);
    expect(json.color).toBe('brightgreen');
    const m = /^(\d+)\/(\d+) rules$/.exec(String(json.message));
    expect(m).not.toBeNull();
    expect(m![1]).toBe(m![2]);
    expect(Number(m![2])).toBeLessThanOrEqual(RULES.length);
    expect(texts(parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`))).toContain(json.message);
  });

  it('without --out <name>.json: exit 2, one line, no file', async () => {
    for (const extra of [[], ['--out', join(tmp, 'x.svg')]]) {
      const r = await inProcess(['run', '--reporter', 'badge', ...extra], tmp, HERE);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('--out <name>.json');
    }
    expect(existsSync(join(tmp, 'x.svg'))).toBe(false);
  });
});
