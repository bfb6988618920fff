/** What a compaction leaves the worker holding: the files the CLI re-attached whole, as its read tool shows them now. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kitPath, reattachedWhole } from '../../../../src/adapters/agent/compaction.ts';
import type { AgentProfile } from '../../../../src/adapters/agent/profile.ts';
import { claudeCode } from '../../../../src/adapters/agent/profiles/claude-code.ts';

const root = mkdtempSync(join(tmpdir(), 'agent-compaction-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'src'));
writeFileSync(join(root, 'src/a.ts'), 'a1\r\na2\n');
writeFileSync(join(root, 'b.ts'), 'b1\n');

/** A profile whose request body is the list of re-attached files itself. */
const profile = (files: { file: string; raw: string }[]): AgentProfile => ({
  ...claudeCode,
  compact: { ...claudeCode.compact!, reattached: () => files },
});

describe('kitPath', () => {
  it("is the sandbox path of a file under the root, with '/' separators; undefined at or outside it", () => {
    expect(kitPath(root, join(root, 'src/a.ts'))).toBe('src/a.ts');
    expect(kitPath(root, root)).toBeUndefined();
    expect(kitPath(root, join(root, '..', 'x.ts'))).toBeUndefined();
    expect(kitPath(root, '/etc/passwd')).toBeUndefined();
  });
});

describe('reattachedWhole', () => {
  it('holds a file re-attached as its read tool shows it now, once', () => {
    const a = { file: join(root, 'src/a.ts'), raw: '1\ta1\n2\ta2\n3\t' };
    expect(reattachedWhole(profile([a, a]), root, {})).toEqual(['src/a.ts']);
  });

  it('holds nothing for a window (raw ""), an edited file, a file outside the sandbox or one the profile cannot read', () => {
    const files = [
      { file: join(root, 'src/a.ts'), raw: '' },
      { file: join(root, 'b.ts'), raw: '1\tb0\n2\t' },
      { file: '/etc/hostname', raw: '1\tx\n' },
      { file: join(root, 'b.ts'), raw: 'not numbered' },
    ];
    expect(reattachedWhole(profile(files), root, {})).toEqual([]);
  });
});
