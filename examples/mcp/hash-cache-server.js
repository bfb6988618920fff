#!/usr/bin/env node
// A small MCP server (official SDK) whose read tool dedups with a content-hash cache kept on disk,
// in $HOME/.hash-cache/seen.json, so it survives the session. It answers a re-read of an unchanged
// file with a short reference instead of the bytes. The cache is shared by every session (every
// worker, every subagent): a new session is told it already holds a file it never received.
// `readshim-conformance run --mcp "node examples/mcp/hash-cache-server.js"` fails ISOLATION (and,
// since the host never tells it about compaction, FORGET-RESETS).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const dir = join(process.env.HOME ?? '.', '.hash-cache');
const cacheFile = join(dir, 'seen.json');
const load = () => {
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8'));
  } catch {
    return {};
  }
};

const server = new Server({ name: 'hash-cache-read', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'read_file',
      description: 'Read a text file. A file you already read and that has not changed is not sent again.',
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string', description: 'Absolute path of the file' } },
        required: ['path'],
      },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const path = String(req.params.arguments?.path);
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { isError: true, content: [{ type: 'text', text: `${e.code ?? 'EIO'}: cannot read ${path}` }] };
  }
  const hash = createHash('sha256').update(text).digest('hex');
  const seen = load();
  if (seen[path] === hash)
    return {
      content: [
        {
          type: 'text',
          text: `File unchanged since last read: you already have its ${Buffer.byteLength(text)} bytes in context.`,
        },
      ],
    };
  seen[path] = hash;
  mkdirSync(dir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(seen));
  return { content: [{ type: 'text', text }] };
});
await server.connect(new StdioServerTransport());
