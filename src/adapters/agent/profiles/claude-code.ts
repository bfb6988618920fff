/**
 * Claude Code (`@anthropic-ai/claude-code`), headless with stream-json input and output, its Read
 * tool played through the Anthropic Messages wire. docs/guide/agent.md.
 */
import type { Claim } from '../../../core/claims.ts';
import type { AgentProfile } from '../profile.ts';
import { stripReminders } from '../profile.ts';
import { defined } from '../../../core/defined.ts';
import { trimLastRow } from '../../../harness/host-tool.ts';

/**
 * The re-read stub (and the older wording the binary also recognises): "you already hold it".
 * 2.1.197–2.1.316 send it; 2.1.317 and later no longer do (bisected), but recognise both texts.
 */
export const CLAUDE_STUB = /\b(?:file unchanged since your last Read|File unchanged since last read)\b/i;
/** A missing file, an error result. */
export const CLAUDE_ABSENT = /^File does not exist\b/;
/** 2.1.332: a file named as binary (by its extension) is refused, an error result. */
export const CLAUDE_BINARY =
  /^<tool_use_error>This tool cannot read binary files\. The file appears to be a binary \S* file\./;
/** 2.1.332: a whole read of a file over 256 KB is refused, an error result (as the hook host's Read bound). */
export const CLAUDE_TOO_LARGE = /^File content \([^)]*\) exceeds maximum allowed size \(/;
/**
 * 2.1.332 appends a note after the numbered rows of a file whose first 8,000 bytes hold a NUL (or
 * that is not UTF-8, or UTF-16BE): "\n\n[This file has NUL bytes in its first 8 KB: … convert it to
 * UTF-8.]"; alone when the window is empty. Framing, not content: removed before the rows are read.
 */
export const CLAUDE_ENCODING_NOTE =
  /(?:^|\n\n)\[This file (?:has NUL bytes in its first 8 KB|is not valid UTF-8|is UTF-16 big-endian)[^\]]*\]$/;
/**
 * The extensions 2.1.332's Read refuses as binary whatever the file holds (its list, less the image,
 * audio, video and PDF types Read shows otherwise); measured for ".bin".
 */
export const CLAUDE_BINARY_EXTENSIONS: readonly string[] = Object.freeze(
  '.zip .tar .gz .bz2 .7z .rar .xz .z .tgz .iso .zst .lz4 .whl .exe .dll .so .dylib .bin .o .a .obj .lib .app .msi .deb .rpm .dmg .apk .doc .docx .docm .dotx .dotm .xls .xlsx .xlsm .xlsb .xltx .xltm .ppt .pptx .pptm .ppsx .ppsm .potx .potm .odt .ods .odp .numbers .epub .ttf .otf .woff .woff2 .eot .pyc .pyo .class .jar .war .ear .node .wasm .rlib .sqlite .sqlite3 .db .mdb .idx .parquet .feather .npy .npz .pickle .psd .ai .eps .sketch .fig .xd .blend .3ds .max .swf .fla .lockb .dat .data'.split(
    ' ',
  ),
);

/** The file's text from Read's `N\t<line>` framing; a trailing `N` alone is the empty last line. */
export function unnumber(text: string): { text: string } | { problem: string } {
  if (text === '') return { text };
  const rows = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const m = /^(\d+)\t/.exec(rows[i]!);
    if (m !== null) out.push(rows[i]!.slice(m[0].length));
    else if (i === rows.length - 1 && /^\d+$/.test(rows[i]!)) out.push('');
    else
      return {
        problem: `line ${i + 1} of the tool result has no "N\\t" number: ${JSON.stringify(rows[i]!.slice(0, 80))}`,
      };
  }
  return { text: out.join('\n') };
}

/** The summary request of a compaction (2.1.197: the last user message asks for it, tools still offered). */
export const CLAUDE_SUMMARY = /Your task is to create a detailed summary of the conversation so far/;
const CALLED = /Called the Read tool with the following input: (\{.*\})/;
const RESULT = /^(?:<system-reminder>\n)?Result of calling the Read tool:\n([\s\S]*?)\n?(?:<\/system-reminder>)?\s*$/;

/** Every text piece of a request's user messages, in order (string contents and text blocks). */
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
 * The files Claude Code re-attached after a compaction, as measured on 2.1.197: a user message
 * "Called the Read tool with the following input: {"file_path":…}" then one whose first text is
 * "Result of calling the Read tool:\n<the Read result>", each in a <system-reminder>.
 */
export function claudeReattached(body: unknown): { file: string; raw: string }[] {
  const out: { file: string; raw: string }[] = [];
  let input: { file_path?: unknown; offset?: unknown; limit?: unknown } | undefined;
  for (const t of userTexts(body)) {
    const called = CALLED.exec(t);
    if (called !== null) {
      try {
        input = JSON.parse(called[1]!) as typeof input;
      } catch {
        input = undefined;
      }
      continue;
    }
    const result = RESULT.exec(t);
    if (result !== null && input !== undefined && typeof input.file_path === 'string')
      // A window re-attached is not the whole file: left for the adapter's check to drop.
      out.push({
        file: input.file_path,
        raw: input.offset !== undefined || input.limit !== undefined ? '' : result[1]!,
      });
    input = undefined;
  }
  return out;
}

const userMessage = (text: string): string =>
  JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text }] } });

export const claudeCode: AgentProfile = {
  name: 'claude-code',
  package: '@anthropic-ai/claude-code',
  version: '2.1.332',
  // Full kit runs at both ends (2.1.197: POINTER-FULL fails; 2.1.332: passes, no stub), the stub
  // bisected between them (docs/reference/agent-versions.md).
  measured: { from: '2.1.197', to: '2.1.332' },
  node: 'none at run time: the claude bin is a native executable (2.1.332 ran its --version with no node on PATH); its package declares engines node >=22, which only makes npm warn (EBADENGINE) on Node 20, where its postinstall ran and every run here was made.',
  binary: 'claude',
  wire: 'anthropic-messages',
  args: () => [
    '-p',
    '--input-format',
    'stream-json',
    '--output-format',
    'stream-json',
    '--verbose',
    '--allowedTools',
    'Read',
    '--model',
    'claude-sonnet-4-5',
  ],
  env: (e) => ({
    ANTHROPIC_BASE_URL: e.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-readshim-dummy',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_ENABLE_TELEMETRY: '0',
  }),
  homeFiles: () => ({
    '.claude/settings.json': JSON.stringify({ env: { DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1' } }),
  }),
  userMessage,
  readTool: {
    name: 'Read',
    input: (args, file) => ({
      file_path: file,
      ...defined({ offset: args.offset }),
      ...defined({ limit: args.limit }),
    }),
  },
  normalize: (raw, info) => {
    const text = stripReminders(raw);
    if (info.isError || CLAUDE_STUB.test(text)) return { text };
    const rows = unnumber(text.replace(CLAUDE_ENCODING_NOTE, ''));
    // 2.1.332 trims its result before it appends the token-count reminder (every result): the last
    // row's trailing whitespace is lost. Where it did not trim (the NUL note followed, 2.1.197
    // without a reminder), the worker holds at least the declared view (trim-last): taken as that.
    return 'text' in rows ? { text: trimLastRow(rows.text) } : rows;
  },
  decode: (text, info): Claim | undefined => {
    if (info.isError && CLAUDE_ABSENT.test(text)) return { kind: 'refusal', reason: 'absent' };
    if (info.isError && CLAUDE_BINARY.test(text)) return { kind: 'refusal', reason: 'unreadable' };
    if (info.isError && CLAUDE_TOO_LARGE.test(text)) return { kind: 'refusal', reason: 'unreadable' };
    if (CLAUDE_STUB.test(text)) return { kind: 'pointer', total: info.contentBytes };
    return undefined;
  },
  // Measured (test/src/adapters/agent/profiles/claude-code.host.test.ts): a 1,692-byte CRLF file came
  // back as 1,572 bytes, every "\r\n" as "\n"; a leading BOM is not shown; a window of lines 1-2
  // of "l1\nl2\nl3\n" is "l1\nl2" (its rows, numbered, no ending after the last); 2.1.332: the
  // last row's trailing whitespace dropped ("x\ny \t" shows "x\ny"), files named as binary refused;
  // a whole read of a 1 MiB file refused: "File content (1MB) exceeds maximum allowed size (256KB)" (the session band);
  // a text past 25,000 tokens shown as a page of its first lines, "[Truncated: PARTIAL view — …: showing lines
  // 1-2737 of 8139 total (63190 tokens, cap 25000) …]" in a reminder, 63,190 = ceil(252,758 UTF-16 units / 4).
  tool: {
    normalize: ['crlf', 'bom', 'split', 'trim-last'],
    refuse: { extensions: CLAUDE_BINARY_EXTENSIONS, maxBytes: 256 * 1024 },
    pageOverTokens: 25_000,
  },
  // Measured on 2.1.197 (test/src/adapters/agent/profiles/claude-code.host.test.ts): "/compact" as a stream-json user
  // message compacts headless with tiny token counts; the summary request offers the tools; the
  // next request re-attaches recently read files.
  compact: {
    command: userMessage('/compact'),
    isSummary: (req) => CLAUDE_SUMMARY.test(req.userText),
    reattached: claudeReattached,
  },
  cannot: {},
  assumptions: [
    'Claude Code\'s Read tool: file_path absolute, offset 1-based, limit in lines; each result line is "N\\t<line>" (stripped); <system-reminder> blocks it appends (2.1.332: a token count after every result) are removed and never judged; 2.1.332\'s note after a file with a NUL in its first 8,000 bytes ("[This file has NUL bytes in its first 8 KB: …]") is framing, removed.',
    'Re-read stub "Wasted call — file unchanged since your last Read…" (or "File unchanged since last read") = a pointer: "you hold this file" (sent by 2.1.197–2.1.316, not by 2.1.317 and later); "File does not exist" (is_error) = a refusal (absent); "This tool cannot read binary files" and "File content (…) exceeds maximum allowed size" (is_error) = a refusal (unreadable).',
    "Measured bounds of its Read: a whole read of a file over 256 KB is refused (declared: refuse.maxBytes); a text over 25,000 tokens, estimated as UTF-16 units / 4, is shown as a page of its first lines, as many as the CLI chooses (declared: pageOverTokens; the page is judged as the tool's text, never as a slice the CLI took).",
  ],
};
