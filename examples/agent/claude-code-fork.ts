/**
 * Worked example: an agent profile module (docs/guide/agent.md) for a CLI the kit has no
 * built-in profile for — here a fork of Claude Code that speaks the same Anthropic Messages wire but
 * answers a re-read with its own stub ("Same file as before — skipped."). Run it:
 *   npx readshim-conformance run --agent-profile examples/agent/claude-code-fork.ts --agent-command "/opt/fork/bin/claude"
 * Everything a CLI differs in is here: how to start it headless, its env, its HOME files, its read
 * tool, how its tool result maps to the worker's text, and how its stubs and refusals decode.
 */
import type { AgentProfile } from 'readshim-conformance';

/** This CLI's re-read stub: "you already hold this file". */
const STUB = /^Same file as before — skipped\.$/;

export const profile: AgentProfile = {
  name: 'claude-code-fork',
  package: '@example/claude-code-fork',
  version: '1.0.0',
  binary: 'claude',
  wire: 'anthropic-messages',
  // Headless, one session fed user messages as stream-json lines on stdin; only the Read tool.
  args: () => [
    '-p',
    '--input-format',
    'stream-json',
    '--output-format',
    'stream-json',
    '--verbose',
    '--allowedTools',
    'Read',
  ],
  // The kit's model server and a dummy key; nothing else may be phoned.
  env: (e) => ({
    ANTHROPIC_BASE_URL: e.baseUrl,
    ANTHROPIC_API_KEY: 'dummy',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  }),
  homeFiles: () => ({ '.claude/settings.json': '{}' }),
  userMessage: (text) => JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text }] } }),
  readTool: {
    name: 'Read',
    // The kit's windows are 1-based lines, as this tool's are.
    input: (args, file) => ({
      file_path: file,
      ...(args.offset !== undefined ? { offset: args.offset } : {}),
      ...(args.limit !== undefined ? { limit: args.limit } : {}),
    }),
  },
  // Tool results are "N\t<line>" rows; reminders the CLI appends are not file content.
  normalize: (raw, info) => {
    const text = raw.replace(/\n*<system-reminder>[\s\S]*?<\/system-reminder>\n*/g, '');
    if (info.isError || STUB.test(text)) return { text };
    const rows = text === '' ? [] : text.split('\n');
    const out: string[] = [];
    for (const [i, row] of rows.entries()) {
      const m = /^\d+\t/.exec(row);
      if (m !== null) out.push(row.slice(m[0].length));
      else if (i === rows.length - 1 && /^\d+$/.test(row)) out.push('');
      else return { problem: `row ${i + 1} has no line number: ${JSON.stringify(row.slice(0, 60))}` };
    }
    return { text: out.join('\n') };
  },
  // What its Read shows that is not the disk's bytes, as Claude Code's does (SPEC.md "Host read
  // tools", step 0): the ground truth is that text. Declare only what you measured.
  tool: { normalize: ['crlf', 'bom', 'split'] },
  decode: (text, info) => {
    if (STUB.test(text)) return { kind: 'pointer', total: info.contentBytes };
    if (info.isError && text.startsWith('File does not exist')) return { kind: 'refusal', reason: 'absent' };
    return undefined; // file content: judged verbatim
  },
  // What this profile cannot drive is reported, never skipped silently.
  cannot: { forget: 'this fork has no compaction command' },
  assumptions: ['The fork\'s stub "Same file as before — skipped." = a pointer.'],
};
