/**
 * Claude Code (`@anthropic-ai/claude-code`), headless with stream-json input and output, its Read
 * tool played through the Anthropic Messages wire. README "Check an agent CLI".
 */
import type { Claim } from '../../../core/claims.ts';
import type { AgentProfile } from '../profile.ts';
import { stripReminders } from '../profile.ts';
import { defined } from '../../../core/defined.ts';

/** The re-read stub (and the older wording the binary also recognises): "you already hold it". */
export const CLAUDE_STUB = /\b(?:file unchanged since your last Read|File unchanged since last read)\b/i;
/** A missing file, an error result. */
export const CLAUDE_ABSENT = /^File does not exist\b/;

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

export const claudeCode: AgentProfile = {
  name: 'claude-code',
  package: '@anthropic-ai/claude-code',
  version: '2.1.197',
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
  userMessage: (text) => JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text }] } }),
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
    return unnumber(text);
  },
  decode: (text, info): Claim | undefined => {
    if (info.isError && CLAUDE_ABSENT.test(text)) return { kind: 'refusal', reason: 'absent' };
    if (CLAUDE_STUB.test(text)) return { kind: 'pointer', total: info.contentBytes };
    return undefined;
  },
  // Measured on 2.1.197 (test/hosts/agent/claude-code.test.ts): a 1,692-byte CRLF file came back as
  // 1,572 bytes, every "\r\n" as "\n"; a leading BOM is not shown; a window of lines 1-2 of
  // "l1\nl2\nl3\n" is "l1\nl2" (its rows, numbered, no ending after the last).
  tool: { normalize: ['crlf', 'bom', 'split'] },
  cannot: {
    forget:
      'this profile does not send /compact yet; after one, Claude Code re-attaches recently read files, which the kit would have to read from its next request',
  },
  assumptions: [
    'Claude Code\'s Read tool: file_path absolute, offset 1-based, limit in lines; each result line is "N\\t<line>" (stripped); <system-reminder> blocks it appends are removed and never judged.',
    'Re-read stub "Wasted call — file unchanged since your last Read…" (or "File unchanged since last read") = a pointer: "you hold this file"; "File does not exist" (is_error) = a refusal (absent).',
    'Measured bounds of its Read: a file over 256 KB is refused, past ~25,000 tokens a partial view; the histories here stay under both.',
  ],
};
