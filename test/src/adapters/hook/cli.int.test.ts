/** `run --hook`: the worked examples, the answers a hook may give, and its faults (exit 2). */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuBudget } from '../../cli/helpers.ts';
import { FIX, HOOKS, TRACE, failed, json, run, runBin, status } from '../drivers/helpers.ts';

const twin = [
  '--hook',
  `bash ${HOOKS}/content-dedup.sh`,
  '--hook-post',
  `bash ${HOOKS}/content-dedup-post.sh`,
  '--hook-compact',
  `bash ${HOOKS}/content-dedup-compact.sh`,
];
const mtime = ['--hook', `bash ${HOOKS}/mtime-dedup.sh`];
const replay = (name: string, flags: readonly string[], more: readonly string[] = []) =>
  run([...flags, '--replay', TRACE(name), '--reporter', 'json', ...more]);

// Each run starts hook processes (bash, jq) per read: limits sized by that CPU, not vitest's default.
describe('the worked examples (examples/hooks/)', { timeout: cpuBudget(6) }, () => {
  it('the mtime hook fails POINTER-FULL on an edit within the same second; its truthful twin passes', async () => {
    // End to end through the spawned bin; the other runs call main(argv) in-process.
    const naive = runBin([
      ...mtime,
      '--hook-compact',
      `bash ${HOOKS}/mtime-dedup-compact.sh`,
      '--replay',
      TRACE('same-second-edit'),
      '--reporter',
      'json',
    ]);
    expect(naive.code).toBe(1);
    const j = json(naive);
    expect(failed(j)).toEqual(['POINTER-FULL']);
    expect(j.rules.find((r) => r.id === 'POINTER-FULL')!.counterexample!.story.join('\n')).toMatch(
      /mtime 1700000000700[\s\S]*"unchanged, you hold all 26 bytes"/,
    );
    const truthful = await replay('same-second-edit', twin);
    expect(truthful.code, truthful.stdout + truthful.stderr).toBe(0);
    expect(json(truthful).claims).toEqual({ verbatim: 2 });
  });

  it('without its compaction hook the mtime hook fails FORGET-RESETS; with it, and for the twin, the compaction is told', async () => {
    const untold = json(await replay('compaction', mtime));
    expect(failed(untold)).toEqual(['FORGET-RESETS']);
    expect(untold.assumptions.join('\n')).toMatch(
      /No hook is told of a compaction \(no --hook-compact or --hook-session-start\)/,
    );
    const told = await replay('compaction', [...mtime, '--hook-compact', `bash ${HOOKS}/mtime-dedup-compact.sh`]);
    expect(told.code, told.stdout).toBe(0);
    const t = await replay('compaction', twin);
    expect(t.code, t.stdout).toBe(0);
    const j = json(t);
    expect(j.claims).toEqual({ verbatim: 2, pointer: 1 });
    expect(j.host).toMatchObject({
      played: 'Claude Code-style agent host (hooks)',
      counts: { preToolUse: 3, denied: 1, postToolUse: 2, preCompact: 1, hookErrors: 0 },
    });
    // The twin without its compaction hook lies like any other after a compaction.
    expect(failed(json(await replay('compaction', twin.slice(0, 4))))).toEqual(['FORGET-RESETS']);
  });

  it('the report names the host played and every assumption', async () => {
    const a = json(await replay('edit', twin)).assumptions.join('\n');
    for (const said of [
      /Host played: Claude Code-style agent host \(hooks\)/,
      /session_id \(one per worker\)/,
      /HOME is a fresh directory per history/,
      /no line limit and no line cut, a leading BOM dropped, CRLF line ends shown as LF, .*refuses a whole read of a file over 262,144 bytes \(Claude Code 2\.1\.197 Read, measured\)/,
      /"ask" = the played user approves/,
      /exit 2 = the read is withheld/,
      /tool_response \{type: "text", file: \{filePath, content, numLines, startLine, totalLines\}\}/,
      /PreCompact \(trigger "auto"\)/,
      /does not re-inject recently read files/,
      /one after another/,
      /Levers declared: \[pointer, diff\]/,
      /the stat-after-read race/,
    ])
      expect(a).toMatch(said);
  });
});

describe('what a hook may answer', { timeout: cpuBudget(4) }, () => {
  it('ask: the played user approves, the read proceeds', async () => {
    const r = await replay('edit', ['--hook', `sh ${FIX}/ask.sh`]);
    expect(r.code, r.stdout).toBe(0);
    expect(json(r).host!.counts).toMatchObject({ asked: 3, denied: 0 });
  });
  it('a non-blocking error (exit 3) lets the read proceed and is counted', async () => {
    const j = json(await replay('edit', ['--hook', `sh ${FIX}/flaky.sh`]));
    expect(failed(j)).toEqual([]);
    expect(j.host!.counts).toMatchObject({ preToolUse: 3, hookErrors: 1, allowed: 2 });
  });
  it('the older {"decision": "block"} keyed on the path is a pointer, and a lie after an edit', async () => {
    const j = json(await replay('same-second-edit', ['--hook', `sh ${FIX}/block-path.sh`]));
    expect(failed(j)).toEqual(['POINTER-FULL']);
  });
  it('updatedInput that skips the first line serves a slice the worker never got the start of', async () => {
    const j = json(await replay('edit', ['--hook', `sh ${FIX}/skip-first-line.sh`]));
    expect(failed(j)).toContain('SLICE-CONTINUES');
    expect(j.claims.slice).toBe(2);
    expect(j.host!.counts.updatedInput).toBe(3);
  });
  it('a deny reason carrying a unified diff is judged as a diff', async () => {
    const j = json(await replay('edit', ['--hook', `sh ${FIX}/bogus-diff.sh`]));
    expect(j.claims.diff).toBe(3);
    expect(failed(j)).toEqual(expect.arrayContaining(['DIFF-BASE-HELD', 'DIFF-COMPLETE', 'PASSTHROUGH']));
  });
  it('{root} is the sandbox, the cwd the hook is told and CLAUDE_PROJECT_DIR', async () => {
    const ok = await replay('edit', ['--hook', `sh ${FIX}/root-check.sh {root}`]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(json(ok).host!.counts.hookErrors).toBe(0);
    const wrong = await replay('edit', ['--hook', `sh ${FIX}/root-check.sh /elsewhere`]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/never succeeded: all 3 calls ended in an error \(first: exit 3\)/);
  });
});

describe('faults are exit 2 with one line', { timeout: cpuBudget(4) }, () => {
  it.each([
    [
      'a hook that fails every call',
      ['--hook', `sh ${FIX}/fails.sh`],
      /the PreToolUse hook "sh test\/fixtures\/drivers\/fails.sh" never succeeded: all 3 calls ended in an error \(first: exit 1, stderr "jq: command not found"\)/,
    ],
    [
      'a hook that hangs',
      ['--hook', `sh ${FIX}/hangs.sh`, '--timeout', '400'],
      /PreToolUse hook for \/.*\/src\/config.ts: hook "sh test\/fixtures\/drivers\/hangs.sh" did not finish within 400 ms/,
    ],
    [
      'output that is not JSON',
      ['--hook', `sh ${FIX}/garbage.sh`],
      /printed output that starts like JSON but is not: "\{\\"decision\\":"/,
    ],
    [
      'a deny reason the kit cannot read',
      ['--hook', `sh ${FIX}/deny-odd.sh`],
      /withheld \/.*src\/config.ts \(exit 2\) with a reason that is neither a unified diff nor a pointer .*"Reading files is disabled in this repository\\n"; give --pointer-pattern or --decode <module>/,
    ],
  ])('%s, and no sandbox or HOME is left behind', async (_, flags, why) => {
    const tmp = mkdtempSync(join(tmpdir(), 'readshim-driver-tmp-'));
    const r = await run([...flags, '--replay', TRACE('edit')], { TMPDIR: tmp });
    const left = readdirSync(tmp).filter((f) => f.startsWith('readshim-')); // (tsx keeps its cache there)
    rmSync(tmp, { recursive: true, force: true });
    expect(left).toEqual([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(why);
  });

  it('--pointer-pattern reads that reason as a pointer; --decode a module can read it too', async () => {
    const p = json(await replay('edit', ['--hook', `sh ${FIX}/deny-odd.sh`, '--pointer-pattern', 'disabled']));
    expect(p.claims.pointer).toBe(3);
    expect(status(p, 'FIRST-VERBATIM')).toBe('fail');
    const d = json(await replay('edit', ['--hook', `sh ${FIX}/deny-odd.sh`, '--decode', `${FIX}/refusal-decoder.ts`]));
    expect(d.claims.refusal).toBe(3);
    expect(failed(d)).toEqual(['REFUSAL-TRUE']);
  });
});
