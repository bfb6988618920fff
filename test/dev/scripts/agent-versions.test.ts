/** docs/reference/agent-versions.md is the rendering of the profiles and the committed table (dev/scripts/agent-versions.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, PAGE, RESULTS_PATH, renderBlock, withBlock } from '../../../dev/scripts/agent-versions.ts';
import { BUILTIN_PROFILES } from '../../../src/adapters/agent/profiles/index.ts';
import { ROOT } from '../../src/cli/helpers.ts';

const results = readFileSync(join(ROOT, RESULTS_PATH), 'utf8');

describe('the agent CLI versions page', () => {
  it('carries the rendering of the profiles and the table (`npx tsx dev/scripts/agent-versions.ts write`)', () => {
    const page = readFileSync(join(ROOT, PAGE), 'utf8');
    const a = page.indexOf(BEGIN);
    const b = page.indexOf(END);
    expect(a).toBeGreaterThan(-1);
    expect(page.slice(a, b + END.length)).toBe(renderBlock(results));
  });

  it('has a row per built-in profile with its pin, and says what was found there', () => {
    const block = renderBlock(results);
    for (const [name, p] of Object.entries(BUILTIN_PROFILES))
      expect(block).toMatch(
        new RegExp(
          `^\\| \`${name}\` \\| \`${p.package}\` \\| ${p.version.replace(/\./g, '\\.')} \\(pin\\) \\|.*\\| (passes|fails)`,
          'm',
        ),
      );
  });

  it('a row the table judged red says which rules failed; a page without markers is refused', () => {
    const red = JSON.parse(results) as {
      subjects: Array<{ name: string; exitCode: number; report: { rules: Array<{ id: string; status: string }> } }>;
    };
    const row = red.subjects.find((s) => s.name === 'agent.claude-code')!;
    row.exitCode = 1;
    row.report.rules = row.report.rules.map((r) => (r.id === 'ISOLATION' ? { ...r, status: 'fail' } : r));
    expect(renderBlock(JSON.stringify(red))).toMatch(/^\| `claude-code` .*fails .*ISOLATION/m);
    expect(withBlock('no markers', renderBlock(results))).toBeUndefined();
  });

  it('an older measured version has its own row beside the pin (recorded, dated)', () => {
    const block = renderBlock(results);
    expect(block).toMatch(/^\| `claude-code` .*\| 2\.1\.197 \|.*fails POINTER-FULL \(2026-12-05, recorded/m);
    expect(block).toMatch(/^\| `claude-code` .*\| 2\.1\.332 \(pin\) \|.*passes/m);
  });
});
