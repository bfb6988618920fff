/**
 * qwen-code (`@qwen-code/qwen-code`), headless with stream-json input and output, its read_file
 * tool played through the OpenAI Chat Completions wire. docs/guide/agent.md.
 */
import type { Claim } from '../../../core/claims.ts';
import type { AgentProfile } from '../profile.ts';
import { stripReminders } from '../profile.ts';
import { defined } from '../../../core/defined.ts';
import { GEMINI_BINARY_EXTENSIONS } from './gemini-cli.ts';

/** The re-read stub of its file read cache (same inode, mtime and size, last read full). */
export const QWEN_STUB = /^\[File .* unchanged since last read in this session\b/;
/** A missing file: the tool's error text (the wire carries no error flag). */
export const QWEN_ABSENT = /^File not found: \/\S*$/;
/** The header read_file puts before a partial view: a window, or a full read cut at its bounds. */
export const QWEN_HEADER = /^Showing lines (\d+)-(\d+) of (?:at least )?(\d+) total lines\.\n\n---\n\n/;
/** 0.24.4: what read_file shows for a whole text that is empty or whitespace only (truncateLlmContent). */
export const QWEN_BLANK = '(read_file completed with no output)';
/** What 0.24.4's read_file answers for a file it takes for binary. */
export const QWEN_BINARY = /^Cannot display content of binary file: /;

/** The names the kit writes that 0.24.4 shows as text whatever they hold (measured; .jl .lock .scss and none are sniffed). */
export const QWEN_TEXT_EXTENSIONS: readonly string[] = Object.freeze(
  ['ts', 'py', 'js', 'md', 'json', 'go', 'java', 'rs', 'tsx', 'c', 'h', 'cpp', 'yaml', 'sh', 'rb', 'php', 'cs',
   'txt', 'html', 'css', 'yml', 'kt', 'swift', 'jsx', 'sql', 'toml', 'xml', 'vue', 'mjs', 'hpp', 'cfg', 'ini',
   'proto', 'gradle', 'dart', 'lua', 'scala', 'ex', 'r', 'cjs', 'pl', 'hs', 'ml', 'clj', 'erl', 'zig', 'nim',
   'tf', 'graphql', 'svelte', 'astro', 'rst', 'adoc', 'csv'].map((e) => `.${e}`),
); // prettier-ignore

/** The extensions 0.24.4 refuses as binary whatever the file holds: gemini-cli 0.61.0's list less .pak and .rpa (both sources). */
export const QWEN_BINARY_EXTENSIONS: readonly string[] = Object.freeze(
  GEMINI_BINARY_EXTENSIONS.filter((e) => e !== '.pak' && e !== '.rpa'),
);

/** The marker after a text cut at 25,000 UTF-16 units (truncateToolOutputThreshold). */
export const QWEN_CUT = '... [truncated]';
/** A file it re-attached after a real compaction: its disk text, fenced (0.24.4 buildFileRestorationBlocks). */
export const QWEN_REATTACHED =
  /^Recently accessed file \(full current content embedded\):\n\n## (.+)\n\n(`{3,})\n([\s\S]*)\n\2$/;
/** The summary request of /compress (0.24.4: a loop request, the tools still offered). */
export const QWEN_SUMMARY =
  /^You are the component that summarizes a conversation when its context window is about to overflow\./;
/** The answer the kit gives its summary requests: a snapshot (a tool call would make it fall back). */
export const QWEN_SNAPSHOT = '<state_snapshot>The worker read the files the tool calls named.</state_snapshot>';

/** The texts of a chat request's user messages (string contents and text parts), in order. */
function userTexts(body: unknown): string[] {
  const msgs = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(msgs)) return [];
  const out: string[] = [];
  for (const m of msgs as { role?: unknown; content?: unknown }[]) {
    if (m?.role !== 'user') continue;
    if (typeof m.content === 'string') out.push(m.content);
    else if (Array.isArray(m.content))
      for (const b of m.content as { type?: unknown; text?: unknown }[])
        if (b?.type === 'text' && typeof b.text === 'string') out.push(b.text);
  }
  return out;
}

/**
 * The files qwen-code re-attached after a real compaction. It embeds the disk text (no read_file
 * normalisation): the worker holds that text, and so its read_file view, which is returned (BOM
 * dropped, each row's trailing whitespace dropped).
 */
export function qwenReattached(body: unknown): { file: string; raw: string }[] {
  const out: { file: string; raw: string }[] = [];
  for (const t of userTexts(body)) {
    const m = QWEN_REATTACHED.exec(t);
    if (m === null) continue;
    const text = m[3]!.replace(/^\uFEFF/, '');
    out.push({
      file: m[1]!,
      raw: text
        .split('\n')
        .map((r) => r.trimEnd())
        .join('\n'),
    });
  }
  return out;
}

/** A stream-json result line: its `is_error` words (halts, a refused compaction) or its result text. */
type ResultLine = { type?: unknown; is_error?: unknown; result?: unknown; error?: { message?: unknown } } | null;
const errorWords = (l: NonNullable<ResultLine>): string =>
  typeof l.error?.message === 'string' ? l.error.message : JSON.stringify(l).slice(0, 300);

export const qwenCode: AgentProfile = {
  name: 'qwen-code',
  package: '@qwen-code/qwen-code',
  version: '0.24.4',
  measured: { from: '0.24.4', to: '0.24.4' },
  node: 'its package declares engines node >=22.0.0; 0.24.4 ran on Node 20.20.2 and 22.23.3 with byte-identical read results (npm warns EBADENGINE on Node 20); every run here was made on Node 20.',
  binary: 'qwen',
  wire: 'openai-chat',
  args: () => [
    '--auth-type',
    'openai',
    '--input-format',
    'stream-json',
    '--output-format',
    'stream-json',
    '--model',
    'qwen3-coder-plus',
    '--approval-mode',
    'default',
  ],
  env: (e) => ({
    OPENAI_BASE_URL: `${e.baseUrl}/v1`,
    OPENAI_API_KEY: 'sk-readshim-dummy',
    OPENAI_MODEL: 'qwen3-coder-plus',
    QWEN_CODE_DISABLE_PRECONNECT: '1',
  }),
  // Telemetry, usage statistics and the update check off in its user settings (~/.qwen/settings.json).
  homeFiles: () => ({
    '.qwen/settings.json': JSON.stringify({
      general: { enableAutoUpdate: false, disableAutoUpdate: true },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      // 0.24: its per-turn tool-call cap off (0 = no cap, not even the 1,000-call backstop).
      model: { maxToolCallsPerTurn: 0 },
      // 0.24: background memory extraction runs its own agent turn (tools offered) after a turn.
      memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false },
    }),
  }),
  // 0.24: an always-on loop guard halts the turn on the 5th identical tool call in a row.
  maxIdenticalCalls: 4,
  halt: (line) => {
    const l = line as ResultLine;
    return l?.type === 'result' && l.is_error === true ? errorWords(l) : undefined;
  },
  userMessage: (text) => JSON.stringify({ type: 'user', message: { role: 'user', content: text } }),
  readTool: {
    name: 'read_file',
    // The kit's offset is 1-based; read_file's is 0-based (and reads 1,000 lines when limit is absent).
    input: (args, file) => ({
      file_path: file,
      ...(args.offset !== undefined ? { offset: args.offset - 1 } : {}),
      ...defined({ limit: args.limit }),
    }),
  },
  // Measured (test/src/adapters/agent/profiles/qwen-code.host.test.ts): read_file shows the rows of
  // split('\n'), each trimEnd'ed, a leading BOM dropped, 1,000 of them when a read gives no limit (a
  // larger limit is served whole), joined by "\n" while within 25,000 UTF-16 units; the first row
  // that does not fit shows max(25,000 − used − 1, 10) of its units, then "... [truncated]"; a whole
  // text that is empty or whitespace only is "(read_file completed with no output)" (0.24). Declared
  // as its tool, so the text judged is the text it shows, marker and all (spec/SPEC.md "Host read tools").
  // 0.24.4, measured (qwen-code.host.test.ts): a file with a NUL within its first 4,096 bytes is refused as
  // binary ("Cannot display content of binary file: …") unless its name says text or it starts with a BOM;
  // of the names the kit writes, .jl, .lock, .scss and none are sniffed, the others shown as text.
  tool: {
    defaultLimit: 1000,
    normalize: ['bom', 'trim-end', 'split'],
    cutChars: { at: 25_000, overBytes: 0, marker: QWEN_CUT, minLine: 10 },
    blankText: QWEN_BLANK,
    refuse: {
      binary: true,
      binaryWithin: 4096,
      textExtensions: QWEN_TEXT_EXTENSIONS,
      bomIsText: true,
      extensions: QWEN_BINARY_EXTENSIONS,
    },
  },
  normalize: (raw) => {
    const text = stripReminders(raw);
    // The header of a window or of a cut read is framing: the rows it shows follow it.
    const h = QWEN_HEADER.exec(text);
    return { text: h === null ? text : text.slice(h[0].length) };
  },
  decode: (text, info): Claim | undefined => {
    if (QWEN_STUB.test(text)) return { kind: 'pointer', total: info.contentBytes };
    if (QWEN_ABSENT.test(text)) return { kind: 'refusal', reason: 'absent' };
    if (QWEN_BINARY.test(text)) return { kind: 'refusal', reason: 'unreadable' };
    return undefined;
  },
  // 0.24.4: "/compress" compacts only when the reported usage exceeds its estimate of the history
  // after compaction (at 10 prompt tokens: "Compression was not beneficial for this history size."),
  // and only when what it re-attaches does not outweigh what it replaces; measured in
  // test/src/adapters/agent/profiles/qwen-code.host.test.ts.
  compact: {
    command: JSON.stringify({ type: 'user', message: { role: 'user', content: '/compress' } }),
    isSummary: (req) => QWEN_SUMMARY.test(req.userText),
    reattached: qwenReattached,
    summaryText: QWEN_SNAPSHOT,
    promptTokens: 60_000,
    padChars: 120_000,
    // Its dedicated summarizer (no tools), used when the loop-side summary is not: its reply's usage
    // is what it takes the replaced history to weigh, so it reports the same 60,000.
    isSideSummary: (body) =>
      JSON.stringify((body as { messages?: unknown[] } | null)?.messages?.slice(-1) ?? '').includes('<state_snapshot>'),
    outcome: (line) => {
      const l = line as ResultLine;
      if (l?.type !== 'result') return undefined;
      if (l.is_error === true) return { compacted: false, text: errorWords(l) };
      return typeof l.result === 'string' && l.result.startsWith('Context compressed')
        ? { compacted: true, text: l.result }
        : undefined;
    },
  },
  cannot: {},
  assumptions: [
    'qwen-code\'s read_file: file_path absolute, offset 0-based (the kit\'s 1-based offset minus one), limit in lines; the "Showing lines a-b of N total lines." header of a window or a cut read is framing, removed; <system-reminder> blocks are removed and never judged.',
    'Re-read stub "[File X unchanged since last read in this session — …]" = a pointer ("you hold this file"; its cache keys on inode, mtime and size); "File not found: <absolute path>" = a refusal (absent).',
    'Measured bounds of its read_file, declared as its tool (content is judged against the text it shows): the rows of split("\\n"), each without its trailing whitespace (a CRLF\'s "\\r" too), a leading BOM dropped; at most 1,000 rows without a limit (a larger limit served whole); cut after 25,000 UTF-16 units, mid-row, with "... [truncated]" (at least 10 units of the cut row shown): that cut is the host\'s, judged as the tool\'s text, never as a slice the CLI took. A file with a NUL within its first 4,096 bytes is refused as binary ("Cannot display content of binary file", a refusal), unless it starts with a BOM or is named as text: of the names the kit writes, .jl, .lock, .scss and none are sniffed; a file named as binary (gemini-cli 0.61.0\'s list less .pak and .rpa) is refused whatever it holds (declared: refuse.binaryWithin, textExtensions, bomIsText, extensions; measured on those names only).',
  ],
};
