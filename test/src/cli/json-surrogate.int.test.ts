/**
 * Every JSON report is well-formed UTF-8 that strict parsers read: a lone surrogate in a path or
 * text is written as U+FFFD (src/core/json.ts; docs/reference/cli.md "Exit codes"). jq 1.6 refuses the `\ud800` escape
 * JSON.stringify writes for one, so the report is piped through jq where it is installed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJson, wellFormedJson } from '../../../src/core/json.ts';
import { cli, cpuBudget, ROOT } from './helpers.ts';

const jq = spawnSync('jq', ['--version'], { encoding: 'utf8' }).status === 0;

describe('wellFormedJson', () => {
  it('writes a lone surrogate in a key or a string as U+FFFD, and nothing else changes', () => {
    const v = { ['k\udc00']: 'a\ud800\ud800b', pair: '\ud83d\ude00', escaped: '\\ud800', both: '\\\ud800' };
    const text = toJson(v);
    expect(text).not.toMatch(/(?<!\\)\\u[dD][89a-fA-F]/);
    expect(JSON.parse(text)).toEqual({
      ['k\ufffd']: 'a\ufffd\ufffdb',
      pair: '\ud83d\ude00',
      escaped: '\\ud800',
      both: '\\\ufffd',
    });
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    expect(wellFormedJson('{"a":"\\\\ud800"}')).toBe('{"a":"\\\\ud800"}');
  });
});

describe('a run whose adapter is named with a lone surrogate', { timeout: cpuBudget(6) }, () => {
  const r = cli([
    'run',
    '--adapter',
    join('test/fixtures/adapters', 'lone-surrogate.ts'),
    '--runs',
    '1',
    '--no-save',
    '--reporter',
    'json',
  ]);

  it('writes a JSON report with U+FFFD in its place', () => {
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\\ud800/i);
    expect((JSON.parse(r.stdout) as { adapter: string }).adapter).toBe('lone-surrogate-\ufffd');
  });

  it.skipIf(!jq)('that jq parses', () => {
    const parsed = spawnSync('jq', ['-r', '.adapter'], { input: r.stdout, encoding: 'utf8' });
    expect(parsed.stderr).toBe('');
    expect(parsed.status).toBe(0);
    expect(parsed.stdout).toBe('lone-surrogate-\ufffd\n');
  });
});

describe('every JSON report goes through src/core/json.ts', () => {
  it('no report is indented by JSON.stringify(value, null, n) outside it', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const rel = join(dir, e.name);
        if (e.isDirectory()) walk(rel);
        else if (rel.endsWith('.ts') && /\bnull,\s*\d,?\s*\)/.test(readFileSync(join(ROOT, rel), 'utf8')))
          offenders.push(rel);
      }
    };
    for (const dir of ['src/cli', 'src/bench']) walk(dir); // every command and reporter lives there
    expect(offenders).toEqual([]);
  });
});
