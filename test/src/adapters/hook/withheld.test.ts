/** A read the PreToolUse hook withheld: its reason decoded as a diff or a pointer, --decode first, else exit 2. */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AdapterError } from '../../../../src/core/errors.ts';
import { DEFAULT_POINTER_PATTERN, pointerRegex } from '../../../../src/adapters/drivers/decode.ts';
import { READ_TOOL_BOUND } from '../../../../src/adapters/hook/host-read.ts';
import type { HookSetup } from '../../../../src/adapters/hook/run.ts';
import { withheldClaim } from '../../../../src/adapters/hook/withheld.ts';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'hook-withheld-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeFileSync(join(root, 'a.ts'), 'one\r\ntwo\n');
const setup: HookSetup = {
  command: 'h',
  post: undefined,
  compact: undefined,
  sessionStart: undefined,
  forgets: ['compact'],
  subagents: 'own',
  timeoutMs: 1,
  cwd: root,
  bound: READ_TOOL_BOUND,
  pattern: DEFAULT_POINTER_PATTERN,
  pointer: pointerRegex(DEFAULT_POINTER_PATTERN),
  decoder: undefined,
  sandboxDir: undefined,
  isolation: undefined,
};
const request = { file_path: `${root}/a.ts` };
const claim = (text: string, s: HookSetup = setup) => withheldClaim(s, root, text, 'deny', { path: 'a.ts' }, request);

describe('withheldClaim', () => {
  it('a pointer is sized as the host Read shows the file now; a unified diff is a diff', () => {
    expect(claim('File unchanged since last read.')).toEqual({ kind: 'pointer', total: 8 });
    const patch = '--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-zero\n+one\n';
    expect(claim(`changed:\n${patch}`)).toEqual({ kind: 'diff', patch, total: 8, at: 9 });
  });

  it('asks --decode first, with what the read would show', () => {
    const seen: unknown[] = [];
    const decoder = (text: string, info: unknown) => {
      seen.push(info);
      return text === 'mine' ? ({ kind: 'pointer', total: 1 } as const) : undefined;
    };
    expect(claim('mine', { ...setup, decoder })).toEqual({ kind: 'pointer', total: 1 });
    expect(claim('File unchanged', { ...setup, decoder })).toEqual({ kind: 'pointer', total: 8 });
    expect(seen[0]).toEqual({
      source: 'deny',
      path: 'a.ts',
      file: request.file_path,
      args: { path: 'a.ts' },
      contentBytes: 8,
    });
  });

  it('a reason that is neither ends the run, quoting at most 300 characters of it', () => {
    expect(() => claim('no way')).toThrow(AdapterError);
    expect(() => claim('no way')).toThrow(
      `the PreToolUse hook withheld ${request.file_path} (deny) with a reason that is neither a unified diff nor a pointer (--pointer-pattern /${DEFAULT_POINTER_PATTERN}/i): "no way"; give --pointer-pattern or --decode <module> to read it`,
    );
    expect(() => claim('x'.repeat(400))).toThrow(`: "${'x'.repeat(300)}…"; give`);
  });
});
