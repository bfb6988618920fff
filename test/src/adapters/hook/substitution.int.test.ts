/**
 * Substituted results (spec/SPEC.md "Substituted results"): a PostToolUse hook's updatedToolOutput
 * replaces what the worker is shown, and the worker holds what that text carries. The corpus case
 * of `substitution-recorded` played against the example hooks (docs/LIE-CLASSES.md).
 */
import { describe, expect, it } from 'vitest';
import { openHookAdapter, type HookDriverOptions } from '../../../../src/adapters/hook/adapter.ts';
import { shownClaim } from '../../../../src/adapters/hook/claim.ts';
import { postAnswer } from '../../../../src/adapters/hook/protocol.ts';
import { modeOfLevers } from '../../../../src/core/levers.ts';
import { caseById } from '../../../../properties/corpus/cases.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { cpuBudget } from '../../cli/helpers.ts';
import { HOOKS } from '../drivers/helpers.ts';

const mode = modeOfLevers(['pointer', 'diff']);
const exit = (stdout: string, code = 0) => ({ code, signal: null, stdout, stderr: '' });

async function play(post: string): Promise<string[]> {
  const hook: HookDriverOptions = {
    command: `bash ${HOOKS}/content-dedup.sh`,
    post: `bash ${HOOKS}/${post}`,
    compact: `bash ${HOOKS}/content-dedup-compact.sh`,
  };
  const adapter = openHookAdapter(hook);
  const c = caseById('substituted-reread')!;
  const ctx = { cap: c.cap, mode, seal: 'hook-substitution', tool: adapter.capabilities.tool! };
  const v = await judgeHistory(adapter, { mode, cap: c.cap, seal: ctx.seal, tool: ctx.tool }, c.events(ctx));
  return v.violations.map((x) => `${x.rule}: ${x.message}`);
}

describe('what a PostToolUse answer changes', () => {
  it('updatedToolOutput replaces the output; updatedMCPToolOutput is for MCP tools, ignored for Read', () => {
    const h = (o: Record<string, unknown>) => exit(JSON.stringify({ hookSpecificOutput: o }));
    expect(postAnswer(h({ hookEventName: 'PostToolUse', updatedToolOutput: 'x' }))).toEqual({
      updatedToolOutput: 'x',
      mcpIgnored: false,
    });
    expect(postAnswer(h({ updatedMCPToolOutput: 'x' }))).toEqual({ mcpIgnored: true });
    expect(postAnswer(exit('plain text'))).toEqual({ mcpIgnored: false });
    expect(postAnswer(exit(JSON.stringify({ hookSpecificOutput: { updatedToolOutput: 'x' } }), 1))).toEqual({
      mcpIgnored: false,
    });
    expect(postAnswer(h({ updatedToolOutput: 3 }))).toMatch(/updatedToolOutput that is not a string/);
    expect(postAnswer(h({ hookEventName: 'PreToolUse' }))).toMatch(/hookEventName "PreToolUse"/);
    expect(postAnswer(exit('{broken'))).toMatch(/starts like JSON but is not/);
  });
  it('the worker holds what it was shown: the tool text framed, a start of it, or none of it', () => {
    const v = { kind: 'verbatim' } as const;
    expect(shownClaim('abc\n', v, 4, 'abc\n')).toEqual(v);
    expect(shownClaim('abc\n', v, 4, '[note]\nabc\n')).toEqual({ kind: 'verbatim', payload: 'abc\n', at: 7 });
    expect(shownClaim('ab\ncd\n', v, 6, 'ab\n[… elided]')).toEqual({
      kind: 'slice',
      start: 0,
      end: 3,
      total: 6,
      done: false,
      payload: 'ab\n',
      at: 0,
    });
    expect(shownClaim('ab\n', v, 3, 'the summary')).toMatchObject({ kind: 'slice', start: 0, end: 0, payload: '' });
    // Never half a surrogate pair.
    expect(shownClaim('a\u{1F600}b', v, 6, 'a\uD83D!')).toMatchObject({ end: 1, payload: 'a' });
  });
});

describe('a substituted result recorded as the tool’s (the hook host)', { timeout: cpuBudget(4) }, () => {
  it('elide-dedup-post.sh records the tool’s text and shows 3 lines: "unchanged" is a lie', async () => {
    const said = await play('elide-dedup-post.sh');
    // 40 lines, 471 bytes; the worker was shown the first 3 (33 bytes) and a note.
    expect(said).toEqual([
      'ARM-TABLE: declared levers [pointer, diff], no cap lever, but answered a partial slice',
      "FIRST-VERBATIM: a first read of a 471-byte file was answered bytes 0–33 of 471 (partial), not with the tool's text untouched",
      'POINTER-FULL: said "unchanged, you hold all 471 bytes" but the worker holds bytes 0–33 of 471',
      'POINTER-FULL: said "unchanged, you hold all 471 bytes" but the worker holds bytes 0–33 of 471',
    ]);
  });
  it('its twin note-dedup-post.sh shows the whole text under a note: it passes', async () => {
    expect(await play('note-dedup-post.sh')).toEqual([]);
  });
});

async function playCut(pre: string): Promise<string[]> {
  const adapter = openHookAdapter({
    command: `bash ${HOOKS}/${pre}`,
    post: `bash ${HOOKS}/content-dedup-post.sh`,
    compact: `bash ${HOOKS}/content-dedup-compact.sh`,
  });
  const c = caseById('substituted-reread')!;
  const ctx = { cap: c.cap, mode, seal: 'hook-substitution', tool: adapter.capabilities.tool! };
  const v = await judgeHistory(adapter, { mode, cap: c.cap, seal: ctx.seal, tool: ctx.tool }, c.events(ctx));
  return v.violations.map((x) => `${x.rule}: ${x.message}`);
}

// The silent cut itself, whoever records what: a first read answered with 3 of 40 lines, a slice without the cap lever.
const CUT = [
  'ARM-TABLE: declared levers [pointer, diff], no cap lever, but answered a partial slice',
  "FIRST-VERBATIM: a first read of a 471-byte file was answered bytes 0–32 of 471 (partial), not with the tool's text untouched",
];

describe('a PreToolUse updatedInput that cuts the read (the hook host)', { timeout: cpuBudget(4) }, () => {
  it('head-dedup-pre.sh records the whole file and cuts the Read to 3 lines: "unchanged" is a lie', async () => {
    // 40 lines, 471 bytes; the Read ran with limit 3 (32 bytes). Both re-reads are denied "unchanged".
    expect(await playCut('head-dedup-pre.sh')).toEqual([
      ...CUT,
      'POINTER-FULL: said "unchanged, you hold all 471 bytes" but the worker holds bytes 0–32 of 471',
      'POINTER-FULL: said "unchanged, you hold all 471 bytes" but the worker holds bytes 0–32 of 471',
    ]);
  });
  it('its twin head-dedup.sh records what the cut Read delivered: it never points, and only the silent cut is flagged', async () => {
    // Every re-read of the whole file is cut again (its record is under the cut input): no claim about it is false.
    expect(await playCut('head-dedup.sh')).toEqual([...CUT, CUT[0], CUT[0]]);
  });
});
