/**
 * The transcript the played host writes at a session's transcript_path (docs/guide/hook.md "The
 * transcript"), as Claude Code 2.1.332 writes the rows a hook can check (measured by hand on that
 * release): JSON lines, each conversation row with a `uuid` and the
 * `parentUuid` of the row before it on its branch. A prompt is a `user` row; a Read is an `assistant`
 * row with its `tool_use` (written before PreToolUse) and a `user` row with its `tool_result`
 * (written after PostToolUse: what the worker was shown). A compaction writes a `system` row
 * `compact_boundary` with no parent (its `logicalParentUuid` the row before) and a `user` summary
 * row. A rewind writes nothing: the rows after it hang off an earlier row, so the rows in between
 * are off the branch that ends at the newest row. Rows Claude Code writes besides these
 * (attachments, request shapes, queue operations) are not written.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The played host's version, as its transcript rows carry it. */
export const TRANSCRIPT_VERSION = '2.1.332';

/** Where Claude Code keeps a session's transcript: ~/.claude/projects/<cwd with "/" as "-">/<session>.jsonl. */
export function transcriptPath(home: string, cwd: string, sessionId: string): string {
  return join(home, '.claude', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'), `${sessionId}.jsonl`);
}

/** Claude Code's Read result as the model sees it: each row of split("\n") numbered "N\t", from `startLine`. */
export function numbered(text: string, startLine: number): string {
  return text
    .split('\n')
    .map((row, i) => `${startLine + i}\t${row}`)
    .join('\n');
}

export class Transcript {
  /** The newest row of the live branch (undefined before the first row). */
  #leaf: string | null = null;
  /** Where the next prompt hangs: the leaf, or after a rewind the row the worker was rewound to. */
  #prompt: string | null | undefined;
  /** The row the live epoch's first prompt hangs off (a rewind goes back there). */
  #epochStart: string | null = null;
  #prompted = false;
  #clock = 0;

  constructor(
    readonly path: string,
    readonly sessionId: string,
    readonly cwd: string,
  ) {}

  #row(type: string, fields: Record<string, unknown>, parent: string | null): string {
    const uuid = randomUUID();
    const row = {
      parentUuid: parent,
      isSidechain: false,
      userType: 'external',
      cwd: this.cwd,
      sessionId: this.sessionId,
      version: TRANSCRIPT_VERSION,
      type,
      ...fields,
      uuid,
      // A fixed clock: the rows' order, never the wall clock, is what they say.
      timestamp: new Date(Date.UTC(2026, 0, 1) + this.#clock++).toISOString(),
    };
    mkdirSync(dirname(this.path), { recursive: true });
    appendFileSync(this.path, `${JSON.stringify(row)}\n`);
    this.#leaf = uuid;
    return uuid;
  }

  /** The worker's prompt, once per epoch, before its first Read. */
  #ensurePrompt(prompt: string): void {
    if (this.#prompted) return;
    const parent = this.#prompt !== undefined ? this.#prompt : this.#leaf;
    this.#epochStart = parent;
    this.#row('user', { message: { role: 'user', content: [{ type: 'text', text: prompt }] } }, parent);
    this.#prompt = undefined;
    this.#prompted = true;
  }

  /** The assistant's Read call (before PreToolUse). */
  toolUse(prompt: string, id: string, input: Readonly<Record<string, unknown>>): void {
    this.#ensurePrompt(prompt);
    this.#row(
      'assistant',
      { message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Read', input }] } },
      this.#leaf,
    );
  }

  /** What the worker was shown for the Read `id` (after PostToolUse; a withheld or failed read is an error). */
  toolResult(id: string, shown: string, isError: boolean): void {
    const block = { type: 'tool_result', tool_use_id: id, content: shown, ...(isError ? { is_error: true } : {}) };
    this.#row('user', { message: { role: 'user', content: [block] } }, this.#leaf);
  }

  /** A compaction: a boundary with no parent, then the summary; the next prompt starts a new epoch. */
  compact(): void {
    const before = this.#leaf;
    const boundary = this.#row(
      'system',
      {
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        isMeta: false,
        level: 'info',
        logicalParentUuid: before,
        compactMetadata: { trigger: 'auto', preTokens: 0 },
      },
      null,
    );
    this.#row(
      'user',
      {
        isCompactSummary: true,
        message: {
          role: 'user',
          content: 'This session is being continued from a previous conversation that ran out of context.',
        },
      },
      boundary,
    );
    this.#prompted = false;
  }

  /** A rewind to before the epoch's first prompt: nothing is written; the next prompt hangs off that row's parent. */
  rewind(): void {
    this.#prompt = this.#prompted ? this.#epochStart : (this.#prompt ?? this.#leaf);
    this.#prompted = false;
  }
}
