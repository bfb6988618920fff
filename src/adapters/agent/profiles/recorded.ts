/**
 * What `run --agent <name>` found at each measured version of a built-in CLI, dated: the pin's row
 * and older pins side by side (docs/reference/agent-versions.md, rendered by
 * dev/scripts/agent-versions.ts). CI judges the pins only; a row here is a recorded result. When a
 * pin moves (docs/guide/agent.md "Bumping a pin"), add the new version's row from its run.
 */
export interface RecordedVerdict {
  readonly version: string;
  /** The day of the run (UTC). */
  readonly date: string;
  /** The rules that failed (none: the run passed). */
  readonly fails: readonly string[];
  /** What was seen besides the verdict, in a few words. */
  readonly note: string;
}

export const RECORDED_VERDICTS: Readonly<Record<string, readonly RecordedVerdict[]>> = Object.freeze({
  'claude-code': [
    {
      version: '2.1.332',
      date: '2026-12-06',
      fails: [],
      note: 'no re-read stub in 341 reads over 13 compactions (its stub was dropped in 2.1.317; 2.1.316 still sends it)',
    },
    {
      version: '2.1.197',
      date: '2026-12-05',
      fails: ['POINTER-FULL'],
      note: 'its stub answers an edit that keeps the mtime',
    },
  ],
  'qwen-code': [
    {
      version: '0.24.4',
      date: '2026-12-06',
      fails: ['POINTER-FULL'],
      note: 'the same stub as 0.15.10: an edit that keeps the mtime and the size, or a recreate on the same inode; SLICE-EXACT and FORGET-RESETS (over /compress) pass',
    },
    {
      version: '0.15.10',
      date: '2026-12-05',
      fails: ['POINTER-FULL'],
      note: 'its stub answers an edit that keeps the mtime and the size',
    },
  ],
  'gemini-cli': [{ version: '0.61.0', date: '2026-12-05', fails: [], note: 'no re-read stub' }],
});
