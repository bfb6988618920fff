/** The table of subject kinds (src/cli/subjects.ts): flags, usage, the --jobs rule and the replay flags all follow it. */
import { describe, expect, it } from 'vitest';
import { parseRunFlags } from '../../../src/cli/commands/run.ts';
import { COMMAND_USAGE } from '../../../src/cli/usage.ts';
import {
  SUBJECTS,
  SUBJECT_KINDS,
  SUBJECT_VALUE_FLAGS,
  entryOf,
  parseSubject,
  type SubjectFlags,
} from '../../../src/cli/subjects.ts';

/** A shell-free split of the replay flags (every value here is one plain or single-quoted word). */
function words(parts: readonly string[]): string[] {
  return parts.flatMap((p) => {
    const sp = p.indexOf(' ');
    const v = p.slice(sp + 1);
    return [p.slice(0, sp), v.startsWith("'") ? v.slice(1, -1).replace(/'\\''/g, "'") : v];
  });
}

const SAMPLES: readonly SubjectFlags[] = [
  { kind: 'adapter', path: 'examples/minimal-shim/adapter.ts' },
  { kind: 'process', command: "python3 shim.py --name 'x y'" },
  {
    kind: 'hook',
    command: 'bash h.sh {root}',
    post: 'bash p.sh',
    compact: 'c',
    levers: ['pointer'],
    pointerPattern: 'seen',
    decode: 'd.ts',
  },
  { kind: 'mcp', command: 'node s.js', tool: 'read', args: { path: 'file' }, compactTool: 'forget', levers: [] },
  { kind: 'agent', command: 'claude-code', builtin: true, agentCommand: '/opt/claude' },
];

describe('the subject table', () => {
  it('every kind is in usage (its choosing flag and its own flags) and in the flags run accepts', () => {
    for (const k of SUBJECT_KINDS) {
      expect(COMMAND_USAGE.run).toContain(SUBJECTS[k].select);
      for (const x of SUBJECTS[k].extra) expect(COMMAND_USAGE.run).toContain(`[${x}]`);
      for (const f of SUBJECTS[k].flags) expect(SUBJECT_VALUE_FLAGS).toContain(f);
    }
  });

  it("a kind's replay flags parse back to the same subject", () => {
    expect(SAMPLES.map((s) => s.kind).sort()).toEqual([...SUBJECT_KINDS].sort());
    for (const s of SAMPLES) {
      const argv = words(entryOf(s).argv(s, undefined));
      const f = new Map<string, string>();
      for (let i = 0; i < argv.length; i += 2) f.set(argv[i]!.slice(2), argv[i + 1]!);
      expect(parseSubject(f, undefined), s.kind).toEqual(s);
    }
  });

  it('--jobs applies exactly to the kinds whose histories are isolated processes', () => {
    const choose: Record<string, string[]> = {
      adapter: ['--adapter', 'a.ts'],
      process: ['--process', 'p'],
      hook: ['--hook', 'h'],
      mcp: ['--mcp', 'm'],
      agent: ['--agent', 'claude-code'],
    };
    for (const k of SUBJECT_KINDS) {
      const argv = [...choose[k]!, '--jobs', '2', '--no-save'];
      if (SUBJECTS[k].isolatedHistories) expect(parseRunFlags(argv).jobs, k).toBe(2);
      else
        expect(() => parseRunFlags(argv), k).toThrow(
          /^run: --jobs applies to --process, --hook and --agent runs .*; --adapter and --mcp run one history at a time$/,
        );
    }
  });

  it('no subject flag: the embedded reference', () => {
    expect(parseRunFlags(['--no-save']).subject).toEqual({ kind: 'adapter' });
  });
});
