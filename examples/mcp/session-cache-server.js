#!/usr/bin/env node
// The truthful twin of hash-cache-server.js. Its cache lives in this process, i.e. in this
// session only, and is keyed on what it DELIVERED: path -> hash of the text it sent in full.
// A re-read of an unchanged file answers with a reference; any change sends the file again.
// The host calls its `forget` tool when it compacts the transcript:
// `readshim-conformance run --mcp "node examples/mcp/session-cache-server.js" --mcp-compact forget`
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** path -> sha256 of the text this session was sent in full. */
const delivered = new Map();

const server = new Server({ name: 'session-cache-read', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'read_file',
      description:
        'Read a text file. A file this session already received in full and that has not changed is not sent again.',
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string', description: 'Absolute path of the file' } },
        required: ['path'],
      },
    },
    {
      name: 'forget',
      description: 'The transcript was compacted: forget every file this session was sent.',
      inputSchema: { type: 'object', properties: {} },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  if (req.params.name === 'forget') {
    delivered.clear();
    return { content: [{ type: 'text', text: 'forgotten' }] };
  }
  const path = String(req.params.arguments?.path);
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    delivered.delete(path); // nothing delivered: a later read sends the file
    return { isError: true, content: [{ type: 'text', text: `${e.code ?? 'EIO'}: cannot read ${path}` }] };
  }
  const hash = createHash('sha256').update(text).digest('hex');
  if (delivered.get(path) === hash)
    return {
      content: [
        {
          type: 'text',
          text: `File unchanged since last read: you already have its ${Buffer.byteLength(text)} bytes in context.`,
        },
      ],
    };
  delivered.set(path, hash);
  return { content: [{ type: 'text', text }] };
});
await server.connect(new StdioServerTransport());
