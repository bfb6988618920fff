// Comments and docs cite SPEC.md, docs/ in this repository, rule IDs or symbols: never a document
// kept outside the repository, nor an issue number a reader cannot open (docs/CONTRIBUTING.md).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && !f.startsWith('test/fixtures/') && f !== 'package-lock.json');
const OUTSIDE = /\b(KIT-DESIGN|READ-SHIM-CONTRACT|WILD-REPORTS|AGENT-CLIS)\.md\b|shared\/brief/;
// Public reports elsewhere (owner/repo #N) are fine; a bare "issue 12" or "(#12)" of this project is not.
const ISSUE = /\bissue #?\d+\b|(?<![\w/-])\(#\d+\)/i;

function hits(re: RegExp, files: string[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    const text = readFileSync(join(ROOT, f), 'utf8');
    text.split('\n').forEach((line, i) => {
      if (re.test(line)) out.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return out;
}

describe('citations', () => {
  it('no tracked file cites a design document kept outside the repository', () => {
    expect(
      hits(
        OUTSIDE,
        tracked.filter((f) => f !== 'test/ci/citations.int.test.ts'),
      ),
    ).toEqual([]);
  });

  it('no source, test or script cites an issue number', () => {
    const code = tracked.filter((f) => /\.(ts|js|mjs|cjs|py|sh)$/.test(f) && f !== 'test/ci/citations.int.test.ts');
    expect(hits(ISSUE, code)).toEqual([]);
  });

  it('the checks can see: a planted citation is found', () => {
    expect(OUTSIDE.test('see KIT-DESIGN.md "Oracle"')).toBe(true);
    expect(ISSUE.test('// the corpus phase (issue 12)')).toBe(true);
    expect(ISSUE.test('anthropics/claude-code #59362')).toBe(false);
  });
});
