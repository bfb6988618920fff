/** A read's tool result as the worker's text and claim: the profile's normalisation and decoding, or exit 2. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AdapterError } from '../../../../src/core/errors.ts';
import { contentBytes, judgedResult, shownNow } from '../../../../src/adapters/agent/result.ts';
import { claudeCode } from '../../../../src/adapters/agent/profiles/claude-code.ts';
import { qwenCode } from '../../../../src/adapters/agent/profiles/qwen-code.ts';

const dir = mkdtempSync(join(tmpdir(), 'agent-result-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'a.ts');
writeFileSync(file, '\uFEFFl1\r\nl2\r\nl3\r\n');
const label = 'claude-code (worker w1)';
const result = (raw: string, isError = false) => ({ id: 't1', raw, isError });

describe('what the read tool shows now', () => {
  it("is the file through the profile's measured bound, windowed; 0 bytes when it cannot be read", () => {
    expect(shownNow(claudeCode, file, { path: 'a.ts' })).toBe('l1\nl2\nl3\n');
    expect(shownNow(claudeCode, file, { path: 'a.ts', offset: 1, limit: 2 })).toBe('l1\nl2');
    expect(contentBytes(claudeCode, file, { path: 'a.ts', offset: 2, limit: 1 })).toBe(2);
    expect(shownNow(claudeCode, join(dir, 'none.ts'), { path: 'none.ts' })).toBeUndefined();
    expect(contentBytes(claudeCode, join(dir, 'none.ts'), { path: 'none.ts' })).toBe(0);
  });
});

describe('judgedResult', () => {
  it('normalises the bytes the CLI sent and decodes stubs (a pointer sized as the tool shows the file) and refusals', () => {
    expect(judgedResult(claudeCode, label, result('1\tl1\n2\tl2\n3\tl3\n4\t'), { path: 'a.ts' }, file)).toEqual({
      text: 'l1\nl2\nl3\n',
      claim: undefined,
    });
    expect(judgedResult(claudeCode, label, result('File unchanged since last read'), { path: 'a.ts' }, file)).toEqual({
      text: 'File unchanged since last read',
      claim: { kind: 'pointer', total: 9 },
    });
    expect(
      judgedResult(claudeCode, label, result('File does not exist.', true), { path: 'b.ts' }, join(dir, 'b.ts')).claim,
    ).toEqual({ kind: 'refusal', reason: 'absent' });
  });

  it('a result the profile cannot decode, or an error it does not decode, ends the run quoting the text, the version and the range', () => {
    expect(() => judgedResult(claudeCode, label, result('no numbers'), { path: 'a.ts' }, file)).toThrow(AdapterError);
    const version =
      'claude-code 2.1.400 (Claude Code), outside the range the profile was measured on (2.1.197–2.1.332)';
    expect(() => judgedResult(claudeCode, label, result('no numbers'), { path: 'a.ts' }, file, version)).toThrow(
      'claude-code (worker w1): the profile cannot decode the tool result of a.ts: line 1 of the tool result has no "N\\t" number: "no numbers"; the text: "no numbers" (claude-code 2.1.400 (Claude Code), outside the range the profile was measured on (2.1.197–2.1.332))',
    );
    expect(() => judgedResult(qwenCode, label, result('Permission denied', true), { path: 'a.ts' }, file)).toThrow(
      'claude-code (worker w1): the profile cannot decode an error result of a.ts: "Permission denied"',
    );
  });
});
