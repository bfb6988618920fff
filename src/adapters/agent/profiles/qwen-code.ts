/**
 * qwen-code (`@qwen-code/qwen-code`), headless with stream-json input and output, its read_file
 * tool played through the OpenAI Chat Completions wire. docs/guide/agent.md.
 */
import type { Claim } from '../../../core/claims.ts';
import type { AgentProfile } from '../profile.ts';
import { stripReminders } from '../profile.ts';
import { defined } from '../../../core/defined.ts';

/** The re-read stub of its file read cache (same inode, mtime and size, last read full). */
export const QWEN_STUB = /^\[File .* unchanged since last read in this session\b/;
/** A missing file: the tool's error text (the wire carries no error flag). */
export const QWEN_ABSENT = /^File not found: \/\S*$/;
/** The header read_file puts before a partial view: a window, or a full read cut at its bounds. */
export const QWEN_HEADER = /^Showing lines (\d+)-(\d+) of (\d+) total lines\.\n\n---\n\n/;

export const qwenCode: AgentProfile = {
  name: 'qwen-code',
  package: '@qwen-code/qwen-code',
  version: '0.15.10',
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
    }),
  }),
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
  // read_file stops at 1,000 lines when no limit is given (its truncateToolOutputLines default).
  // Measured on 0.15.10: 1,000 lines when a read gives no limit (a larger limit is served whole), and
  // a leading BOM and every line's trailing whitespace dropped (split('\n'), trimEnd): spec/SPEC.md "Host read tools".
  tool: { defaultLimit: 1000, normalize: ['bom', 'trim-end'] },
  normalize: (raw) => {
    const text = stripReminders(raw);
    const h = QWEN_HEADER.exec(text);
    // The header of a window or of a read cut at 1,000 lines is framing: lines a-b of N joined by
    // "\n", so b < N means line b ended in "\n" (restored).
    if (h === null) return { text };
    return { text: text.slice(h[0].length) + (Number(h[2]) < Number(h[3]) ? '\n' : '') };
  },
  decode: (text, info): Claim | undefined => {
    if (QWEN_STUB.test(text)) return { kind: 'pointer', total: info.contentBytes };
    if (QWEN_ABSENT.test(text)) return { kind: 'refusal', reason: 'absent' };
    return undefined;
  },
  cannot: {
    forget:
      'this profile does not send /compress: tried on 0.15.10 through stream-json input after two reads, it made one side request (no read tool offered) and its next re-read still got the "unchanged" stub, so a compaction could not be confirmed (qwen-code clears its read cache whenever it really compresses; the kit would have to confirm one from its next request)',
  },
  assumptions: [
    'qwen-code\'s read_file: file_path absolute, offset 0-based (the kit\'s 1-based offset minus one), limit in lines; the "Showing lines a-b of N total lines." header of a window or a cut read is removed (and line b\'s "\\n" restored when b < N); <system-reminder> blocks are removed and never judged.',
    'Re-read stub "[File X unchanged since last read in this session — …]" = a pointer ("you hold this file"; its cache keys on inode, mtime and size); "File not found: <absolute path>" = a refusal (absent).',
    'Measured bounds of its read_file: without a limit it returns at most 1,000 lines and a window\'s limit over 1,000 is served whole (declared as its tool bound, defaultLimit 1000: content is judged against the bounded text), and it cuts its text at 25,000 characters mid-line with "... [truncated]" (not a line end: a longer text fails SLICE-EXACT); each line it shows has its trailing whitespace (and a CRLF\'s "\\r") removed, and a leading BOM dropped (declared: normalize bom, trim-end).',
  ],
};
