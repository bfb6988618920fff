/**
 * The subjects and inputs of the fault table (dev/faults/table.ts), written into the scratch project
 * as a new user would write them: adapters importing the installed kit by its name, Python shims
 * built on the shipped shimkit, hooks, MCP servers, traces. Each misbehaves in one named way; the
 * environment variable a file reads says how.
 */

const KIT = 'node_modules/readshim-conformance';

/** The reference shim as a full in-process adapter, from the package's public entry points. */
const REF = `import { defineAdapter } from 'readshim-conformance';
import { createReadShim, decodeResponse, personaLine, resolveArm } from 'readshim-conformance/reference';
const FLAGS = { off: false, cap: 'cap', diff: 'diff', all: true };
export default defineAdapter({
  name: 'ref',
  capabilities: { arms: ['off', 'cap', 'diff', 'all'], capParam: true, windows: true, diff: true, staleServe: true,
    forget: true, counters: true, countCallback: true, persona: true, armResolver: true, wrapTool: true, seal: true },
  create(ctx) {
    const shim = createReadShim({ cap: ctx.cap, arm: FLAGS[ctx.arm ?? 'all'], seal: ctx.seal, onCount: (w) => ctx.onCount(w), readFile: (p) => ctx.fs.read(p) });
    const tool = shim.wrapRead({ execute: (args) => ctx.read(args) });
    return { read: async (a) => await tool.execute(a), stale: (r) => shim.serveStale(r), forget: (p) => shim.forget(p), counters: () => shim.summary() };
  },
  decode: (text, info) => decodeResponse(text, info.seal),
  surface: {
    resolveArm: (flag) => { const { on, cap, pointer, diff, g1 } = resolveArm(flag); return { on, cap, pointer, diff, g1 }; },
    armFlag: (arm) => FLAGS[arm],
    persona: (arm, cap, seal) => personaLine(FLAGS[arm], cap, seal),
    wrapTool: (arm, tool) => createReadShim({ arm: FLAGS[arm] }).wrapRead(tool),
  },
});
`;

/** `ref.mjs` throwing `<method> boom` from the one method FAULT names. */
const THROWS = `import ref from './ref.mjs';
const at = process.env.FAULT ?? '';
const boom = (m) => { throw new Error(m + ' boom'); };
const when = (m, f) => (at === m ? boom(m) : f());
export default {
  ...ref,
  name: 'throws',
  capabilities: { ...ref.capabilities, ...(at === 'splitBatch' ? { batch: true } : {}) },
  async create(ctx) {
    if (at === 'timer') setTimeout(() => boom('timer'), 5);
    if (at === 'stray') void Promise.reject(new Error('stray boom'));
    const inner = await when('create', () => ref.create(ctx));
    return {
      read: async (a) => when('read', () => inner.read(a)),
      stale: (r) => when('stale', () => inner.stale(r)),
      forget: (p) => when('forget', () => inner.forget(p)),
      counters: () => when('counters', () => inner.counters()),
      ...(at === 'splitBatch' ? { readMany: async ({ paths }) => paths.map(() => 'x').join('\\n') } : {}),
    };
  },
  decode: (t, i) => when('decode', () => ref.decode(t, i)),
  close: async () => when('close', () => undefined),
  surface: {
    resolveArm: (f) => when('resolveArm', () => ref.surface.resolveArm(f)),
    armFlag: (a) => when('armFlag', () => ref.surface.armFlag(a)),
    persona: (a, c, s) => when('persona', () => ref.surface.persona(a, c, s)),
    wrapTool: (a, t) => when('wrapTool', () => ref.surface.wrapTool(a, t)),
  },
  ...(at === 'splitBatch' ? { splitBatch: () => boom('splitBatch') } : {}),
  ...(at === 'openHistory' ? { openHistory: () => boom('openHistory') } : {}),
};
`;

/** process.exit where FAULT says: in create, in a timer, at load, or caught and swallowed. */
const EXITS = `import ref from './ref.mjs';
const at = process.env.FAULT ?? '';
if (at === 'load') process.exit(0);
export default {
  ...ref,
  name: 'exits',
  async create(ctx) {
    if (at === 'create') process.exit(0);
    if (at === 'timer') setTimeout(() => process.exit(0), 5);
    const inner = await ref.create(ctx);
    return { ...inner, read: async (a) => { if (at === 'swallowed') { try { process.exit(0); } catch {} } return inner.read(a); } };
  },
};
`;

/** Hangs where FAULT says: a read that never settles, a synchronous loop in a read, in a timer, at load. */
const HANGS = `import ref from './ref.mjs';
const at = process.env.FAULT ?? '';
if (at === 'loop-load') for (;;) {}
export default {
  ...ref,
  name: 'hangs',
  async create(ctx) {
    if (at === 'loop-timer') setTimeout(() => { for (;;) {} }, 50);
    const inner = await ref.create(ctx);
    return {
      ...inner,
      read: (a) => (at === 'never' ? new Promise(() => {}) : at === 'loop-read' ? (() => { for (;;) {} })() : inner.read(a)),
    };
  },
};
`;

/** Memory: kept in every read (in a call), or leaked by a timer of its own (between calls). */
const MEMORY = `import ref from './ref.mjs';
const at = process.env.FAULT ?? '';
const kept = [];
let leaking = false;
export default {
  ...ref,
  name: 'memory',
  async create(ctx) {
    if (at === 'timer' && !leaking) { leaking = true; setInterval(() => kept.push(new Array(2_000_000).fill('x')), 1); }
    const inner = await ref.create(ctx);
    return { ...inner, read: async (a) => { if (at === 'call') for (;;) kept.push(new Array(1_000_000).fill('x')); return inner.read(a); } };
  },
};
`;

/** Prints on stdout at load, in every call and in a timer: a report on stdout must still parse. */
const CHATTY = `import ref from './ref.mjs';
console.log('chatty: loaded');
export default {
  ...ref,
  name: 'chatty',
  async create(ctx) {
    console.log('chatty: create', ctx.workerId);
    const inner = await ref.create(ctx);
    return { ...inner, read: async (a) => { console.log('chatty: read', a.path); setTimeout(() => console.log('chatty: later'), 0); return inner.read(a); } };
  },
  decode(t, i) { process.stdout.write('chatty: decode\\n'); return ref.decode(t, i); },
};
`;

/** Contract breaches a decoder or a read can make. */
const BREACH = `import ref from './ref.mjs';
const at = process.env.FAULT ?? '';
export default {
  ...ref,
  name: 'breach',
  async create(ctx) {
    const inner = await ref.create(ctx);
    return { ...inner, read: async (a) => (at === 'number' ? 42 : inner.read(a)) };
  },
  decode: (t, i) => (at === 'claim' ? { kind: 'slice', start: 5, end: 1 } : at === 'string' ? 'pointer' : ref.decode(t, i)),
};
`;

/** A shim that prints chatter on stderr and answers truthfully (a verdict). */
const PY_BROKEN = `import os, sys, time, json
sys.path.insert(0, os.path.join(os.getcwd(), '..', '..', '${KIT}', 'examples', 'python'))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '${KIT}', 'examples', 'python'))
from delivery_shim import DeliveryShim
from shimkit import send, serve

MODE = sys.argv[1]
if MODE == 'exit-at-start':
    sys.exit(3)
if MODE == 'not-json':
    print('hello from a shim that does not speak JSON', flush=True)
    time.sleep(30)
if MODE == 'hang-hello':
    time.sleep(600)
if MODE in ('protocol-2', 'no-caps', 'close-stdout'):
    line = sys.stdin.readline()
    reply = {"id": 0, "protocol": 2 if MODE == 'protocol-2' else 1, "name": "broken"}
    if MODE != 'no-caps':
        reply["capabilities"] = DeliveryShim.capabilities
    send(reply)
    if MODE == 'close-stdout':
        os.close(1)
    time.sleep(600)
    sys.exit(0)

class Broken(DeliveryShim):
    reads = 0
    def read(self, msg):
        self.reads += 1
        if MODE == 'stderr':
            print('chatter on stderr', self.reads, file=sys.stderr, flush=True)
        if self.reads == 3:
            if MODE == 'crash':
                raise RuntimeError('boom: the shim crashed mid-history')
            if MODE == 'garbage':
                print('debug: about to read', flush=True)
            if MODE == 'wrong-id':
                send({"id": msg["id"] + 1, "text": "hello"})
            if MODE == 'hang-read':
                time.sleep(600)
            if MODE == 'grandchild':
                os.system('sleep 600 &')
                raise RuntimeError('crashed leaving a grandchild that holds stdout')
        return super().read(msg)

serve(Broken())
`;

/** MCP servers on the SDK the kit ships with. */
const MCP_NO_TOOLS = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'no-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
await server.connect(new StdioServerTransport());
`;

/** Hooks (bash). */
const HOOKS: Readonly<Record<string, string>> = {
  'hooks/garbage.sh': '#!/usr/bin/env bash\ncat >/dev/null\necho "{not json"\n',
  'hooks/hangs.sh': '#!/usr/bin/env bash\ncat >/dev/null\nsleep 600\n',
  'hooks/deny-all.sh':
    '#!/usr/bin/env bash\ncat >/dev/null\necho \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no reads today"}}\'\n',
  'hooks/fails.sh': '#!/usr/bin/env bash\ncat >/dev/null\necho "hook broke" >&2\nexit 1\n',
};

/** Files of the fixture folder (`fx/` in the scratch project): path → text. */
export function fixtureFiles(): Map<string, string> {
  const files = new Map<string, string>([
    ['ref.mjs', REF],
    ['throws.mjs', THROWS],
    ['exits.mjs', EXITS],
    ['hangs.mjs', HANGS],
    ['memory.mjs', MEMORY],
    ['chatty.mjs', CHATTY],
    ['breach.mjs', BREACH],
    ['no-default.mjs', 'export const notAnAdapter = 1;\n'],
    ['no-create.mjs', "export default { name: 'x', capabilities: {}, decode: () => ({ kind: 'verbatim' }) };\n"],
    [
      'no-seal.mjs',
      "import ref from './ref.mjs';\nconst { seal, ...caps } = ref.capabilities;\nexport default { ...ref, capabilities: caps };\n",
    ],
    ['throws-on-load.mjs', "throw new Error('this module blows up on import');\n"],
    [
      'syntax.mjs',
      "export default {\n  name: 'broken',\n  create(ctx) { return { read: (a) => ctx.read(a) ; } },\n};\n",
    ],
    [
      'syntax.ts',
      "export default {\n  name: 'broken' as const,\n  create(ctx: any) { return { read: (a: any) => ctx.read(a) ; } },\n};\n",
    ],
    ['cjs/package.json', '{ "type": "commonjs" }\n'],
    ['cjs/adapter.js', "import ref from '../ref.mjs';\nexport default ref;\n"],
    ['py/broken.py', PY_BROKEN],
    ['mcp/no-tools.mjs', MCP_NO_TOOLS],
    ...Object.entries(HOOKS),
  ]);
  return files;
}

/** A trace of the shipped examples with its header's `field` set to `value` (undefined: dropped). */
export function withHeader(trace: string, field: string, value: unknown): string {
  const [head, ...rest] = trace.split('\n');
  const h = JSON.parse(head!) as Record<string, unknown>;
  if (value === undefined) delete h[field];
  else h[field] = value;
  return [JSON.stringify(h), ...rest].join('\n');
}
