/**
 * gemini-cli (`@google/gemini-cli`), headless (`-p <prompt>`, one session per worker), its
 * read_file tool played through the Gemini wire (src/adapters/agent/wire/gemini.ts). docs/guide/agent.md.
 * Its read_file has no re-read stub: every read answers with the file's lines.
 */
import type { Claim } from '../../../core/claims.ts';
import type { AgentProfile, AgentResultInfo } from '../profile.ts';
import { defined } from '../../../core/defined.ts';

/** The extensions gemini-cli 0.61.0's read_file refuses as binary whatever the file holds. */
export const GEMINI_BINARY_EXTENSIONS: readonly string[] = Object.freeze([
  '.7z',
  '.a',
  '.bin',
  '.bz2',
  '.class',
  '.dat',
  '.dll',
  '.doc',
  '.docx',
  '.dylib',
  '.exe',
  '.gz',
  '.jar',
  '.lib',
  '.o',
  '.obj',
  '.odp',
  '.ods',
  '.odt',
  '.pak',
  '.ppt',
  '.pptx',
  '.pyc',
  '.pyo',
  '.rar',
  '.rpa',
  '.so',
  '.tar',
  '.war',
  '.wasm',
  '.xls',
  '.xlsx',
  '.zip',
]);

/** read_file's header on a partial view (a window, or past its 2,000-line / 2,000-char bounds). */
export const GEMINI_TRUNCATED =
  /^\nIMPORTANT: The file content has been truncated\.\nStatus: Showing lines (\d+)-(\d+) of (\d+) total lines\.\n[^\n]*\n\n--- FILE CONTENT \(truncated\) ---\n/;
/** A missing file: the error result's text (`File not found: <path>`; older wording in its llmContent). */
export const GEMINI_ABSENT =
  /^(?:File not found: |Could not read file because no file was found at the specified path\.)/;
/** Not shown as text (it decides by content: NUL bytes, non-text bytes). */
export const GEMINI_BINARY = /^Cannot display content of binary file: /;

/**
 * The worker's text from a read_file result. Its text is the file's lines joined by "\n" (a CRLF
 * ending is shown as LF); a partial view starts with GEMINI_TRUNCATED, removed here. Lines a–b of N
 * with b < N are followed by more lines, so line b ended in a newline that the join dropped: it is
 * put back (read_file counts the empty text after a final newline as line N).
 */
export function geminiText(
  raw: string,
  info: Pick<AgentResultInfo, 'isError'>,
): { text: string } | { problem: string } {
  if (info.isError) return { text: raw };
  const m = GEMINI_TRUNCATED.exec(raw);
  if (m === null) {
    if (raw.startsWith('\nIMPORTANT: The file content has been truncated.'))
      return { problem: `a truncation header the profile cannot read: ${JSON.stringify(raw.slice(0, 200))}` };
    return { text: raw };
  }
  const body = raw.slice(m[0].length);
  const end = Number(m[2]);
  const total = Number(m[3]);
  return { text: end < total && end >= Number(m[1]) ? `${body}\n` : body };
}

export const geminiCli: AgentProfile = {
  name: 'gemini-cli',
  package: '@google/gemini-cli',
  version: '0.61.0',
  binary: 'gemini',
  wire: 'gemini',
  promptVia: 'args',
  // A fixed model: with "auto" it would first ask a routing classifier (a side request).
  args: (prompt) => ['-p', prompt, '--output-format', 'stream-json', '--model', 'gemini-2.5-flash'],
  env: (e) => ({
    GOOGLE_GEMINI_BASE_URL: e.baseUrl,
    GEMINI_API_KEY: 'readshim-dummy-key',
    // One process, not a relaunched child with a larger heap.
    GEMINI_CLI_NO_RELAUNCH: 'true',
    GEMINI_TELEMETRY_ENABLED: 'false',
    NO_BROWSER: 'true',
  }),
  homeFiles: (e) => ({
    // Without an auth choice and a trusted folder it exits 41 (FatalAuthenticationError).
    '.gemini/settings.json': JSON.stringify(
      {
        security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
        // Loop detection ends a session after 5 identical tool calls in a row (a history re-reads one
        // file often); the next-speaker check is a side question after a text answer.
        model: { disableLoopDetection: true, skipNextSpeakerCheck: true },
      },
      null,
      2,
    ),
    '.gemini/trustedFolders.json': JSON.stringify({ [e.root]: 'TRUST_FOLDER' }, null, 2),
  }),
  readTool: {
    name: 'read_file',
    // The kit's windows are 1-based lines; read_file's are 1-based inclusive start_line/end_line.
    input: (args, file) => ({
      file_path: file,
      ...defined({ start_line: args.offset }),
      ...(args.limit !== undefined ? { end_line: (args.offset ?? 1) + args.limit - 1 } : {}),
    }),
  },
  // Measured: a CRLF file is shown with LF line ends and a leading BOM dropped, and a read shows at
  // most 2,000 lines; a binary file and a file named as binary (its BINARY_EXTENSIONS, 0.61.0 source)
  // are refused (spec/SPEC.md "Host read tools", "Host refusals"). Binary is a NUL within the first
  // 512 bytes (isbinaryfile), never for .ts/.mts/.cts (detectFileType: text) nor after a UTF-8 BOM:
  // a .ts file with a NUL at byte 3 was shown as text (run --agent gemini-cli --sessions 4 --seed 5).
  tool: {
    normalize: ['crlf', 'bom'],
    maxLines: 2000,
    refuse: {
      binary: true,
      binaryWithin: 512,
      textExtensions: ['.ts', '.mts', '.cts'],
      bomIsText: true,
      extensions: GEMINI_BINARY_EXTENSIONS,
    },
  },
  normalize: (raw, info) => geminiText(raw, info),
  decode: (text, info): Claim | undefined => {
    if (info.isError && GEMINI_ABSENT.test(text)) return { kind: 'refusal', reason: 'absent' };
    if (GEMINI_BINARY.test(text)) return { kind: 'refusal', reason: 'unreadable' };
    return undefined;
  },
  cannot: {
    forget: 'gemini-cli headless (-p) takes one prompt per process, so /compress cannot be sent mid-session',
  },
  assumptions: [
    'gemini-cli\'s read_file: file_path absolute, start_line/end_line 1-based inclusive (a kit window offset o, limit l is start_line o, end_line o+l-1); its text is the file\'s lines joined by "\\n" (CRLF shown as LF); the "IMPORTANT: The file content has been truncated … Showing lines a-b of N" header of a partial view is removed, and a newline put back after line b when b < N.',
    'It has no re-read stub (no dedup): every read is judged as plain content. "Could not read file because no file was found" (an error) = a refusal (absent); "Cannot display content of binary file" = a refusal (unreadable).',
    'Measured bounds of its read_file (source of 0.61.0): at most 2,000 lines per read (declared as maxLines: no window above it is sent), 2,000 characters per line (longer lines end "... [truncated]": not declared, the histories keep lines shorter) and files over 20 MB refused. A file is binary (refused) when a NUL byte lies within its first 512 bytes, never when it is named .ts, .mts or .cts or starts with a UTF-8 BOM (declared); its other sniffs (more than 10% odd bytes in those 512, a %PDF- start) are not declared: the kit writes no such text.',
    'Settings in its fresh HOME: API-key auth, the sandbox a trusted folder, telemetry, usage statistics and auto-update off, loop detection and the next-speaker check off (they would end or extend a session the kit scripts).',
  ],
};
