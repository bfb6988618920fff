// Suite: long (*.long.test.ts, run by `npm run test:hosts`): run --mcp on the worked examples and the real filesystem server, and its faults (131 s of wall in a clean-clone CI run, 7 Dec 2026).
/** `run --mcp`: the worked examples, the real filesystem server, and the faults (exit 2). */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuBudget } from '../../cli/helpers.ts';
import { FIX, OFFLINE, TRACE, failed, json, run, runBin, status } from '../drivers/helpers.ts';
import { LIE_CLASSES } from '../../../../properties/corpus/classes.ts';

const replay = (name: string, flags: readonly string[]) =>
  run([...flags, '--replay', TRACE(name), '--reporter', 'json']);
const naive = ['--mcp', 'node examples/mcp/hash-cache-server.js'];
const twin = ['--mcp', 'node examples/mcp/session-cache-server.js', '--mcp-compact', 'forget'];

// Each run starts MCP servers (node) per session: limits sized by that CPU, not vitest's default.
describe('the worked examples (examples/mcp/)', { timeout: cpuBudget(6) }, () => {
  it('a content-hash cache kept on disk across sessions fails ISOLATION; the per-session twin passes', async () => {
    // End to end through the spawned bin; the other runs call main(argv) in-process.
    const n = runBin([...naive, '--replay', TRACE('two-workers'), '--reporter', 'json']);
    expect(n.code).toBe(1);
    const j = json(n);
    expect(failed(j)).toEqual(['ISOLATION']);
    expect(j.host).toMatchObject({
      played: 'MCP client (@modelcontextprotocol/sdk Client over stdio)',
      counts: { sessions: 2, calls: 3 },
    });
    const t = await replay('two-workers', twin);
    expect(t.code, t.stdout + t.stderr).toBe(0);
    expect(json(t).claims).toEqual({ verbatim: 2, pointer: 1 });
  });

  it('the host tells the twin about a compaction through its forget tool; the naive server is never told', async () => {
    const t = await replay('compaction', twin);
    expect(t.code, t.stdout).toBe(0);
    expect(json(t).host!.counts).toMatchObject({ compactCalls: 1, compactErrors: 0 });
    expect(failed(json(await replay('compaction', naive)))).toEqual(['FORGET-RESETS']);
  });

  it('the report names the host, the read tool and every assumption', async () => {
    const a = json(await replay('edit', twin)).assumptions.join('\n');
    for (const said of [
      /Host played: MCP client \(@modelcontextprotocol\/sdk Client over stdio\)/,
      /each worker is a separate session with its own server process/,
      /share one fresh HOME/,
      /Read tool: read_file, path in "path"/,
      /no windows/,
      /joined with no separator; isError = a refusal/,
      /calls the server's tool forget with no arguments/,
      /does not re-inject/,
      /Levers declared: \[pointer, diff\]/,
    ])
      expect(a).toMatch(said);
  });
});

describe(
  'the filesystem MCP server (@modelcontextprotocol/server-filesystem, pinned devDependency)',
  { timeout: cpuBudget(10) },
  () => {
    const fs = ['--mcp', 'npx @modelcontextprotocol/server-filesystem {root}'];
    it('has many tools that take a path: the kit does not guess (exit 2 listing them)', async () => {
      const r = await run([...fs, '--replay', TRACE('edit')], OFFLINE);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /8 tools of the server could read a file \(read_file, read_text_file, .*get_file_info\); choose one with --mcp-tool <name>/,
      );
    });
    it('read_text_file passes every applicable rule as plain verbatim reads', async () => {
      const r = await run([...fs, '--mcp-tool', 'read_text_file', '--runs', '6', '--reporter', 'json'], OFFLINE);
      const j = json(r);
      expect(
        j.rules.filter((x) => x.status !== 'pass' && x.status !== 'n/a').map((x) => `${x.id} ${x.status}`),
      ).toEqual([]);
      expect(r.code).toBe(0);
      for (const id of ['SLICE-EXACT', 'ISOLATION', 'FORGET-RESETS', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'])
        expect(status(j, id), id).toBe('pass');
      expect(Object.keys(j.claims).sort()).toEqual(['refusal', 'verbatim']);
      expect(j.assumptions.join('\n')).toMatch(/Read tool: read_text_file, path in "path" .*no windows/);
    }, 600_000);
  },
);

describe('what a server may answer', { timeout: cpuBudget(4) }, () => {
  it('a stale cache served as the file is judged against the file (SLICE-EXACT); text parts are joined', async () => {
    const j = json(await replay('edit', ['--mcp', `node ${FIX}/server.mjs stale`]));
    expect(failed(j)).toEqual(['SLICE-EXACT']);
    expect(j.claims).toMatchObject({ verbatim: 2, refusal: 1 });
  });
  it("--mcp-args maps the kit's windows onto the tool's arguments", async () => {
    const r = await run([
      '--mcp',
      `node ${FIX}/server.mjs windows`,
      '--mcp-args',
      'path=file,offset=from,limit=count',
      '--runs',
      '2',
      '--only',
      'SLICE-EXACT,REFUSAL-TRUE,PASSTHROUGH',
      '--reporter',
      'json',
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(json(r).assumptions.join('\n')).toMatch(/windows: "from" = 1-based first line, "count" = line count/);
  }, 300_000);
  it('an embedded text resource is content (the file, passed); an image part is content too, judged: not the file (spec 2.1)', async () => {
    const res = await replay('edit', ['--mcp', `node ${FIX}/server.mjs resource`]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const img = await replay('edit', ['--mcp', `node ${FIX}/server.mjs image`]);
    expect(img.code, img.stderr).toBe(1);
    // The same image for every file: not its text, and content where the file is missing.
    expect(failed(json(img)).sort()).toEqual(['PASSTHROUGH', 'SLICE-EXACT']);
  });
  it('--mcp-binary bytes: images as image parts pass; a cache keyed on the header serves the first image (image-as-first)', async () => {
    const flags = ['--mcp-binary', 'bytes', '--only', 'SLICE-EXACT', '--runs', '1', '--reporter', 'json'];
    const ok = await run(['--mcp', `node ${FIX}/server.mjs binary`, ...flags]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    const { corpus } = JSON.parse(ok.stdout) as { corpus: { cases: { id: string; played: boolean }[] } };
    const played = corpus.cases.filter((c) => c.played).map((c) => c.id);
    expect(played).toContain('two-images-same-size');
    expect(json(ok).assumptions.join('\n')).toMatch(/answers a file that is not UTF-8 as its bytes/);
    const lie = await run(['--mcp', `node ${FIX}/server.mjs binary-head`, ...flags.slice(0, -2)]);
    expect(lie.code, lie.stderr).toBe(1);
    expect(lie.stdout).toContain(`lie class: ${LIE_CLASSES['image-as-first']}`);
  });
  it.each([
    [
      'a line that is not JSON-RPC',
      'garbage',
      /failed read_file of .*: MCP error -32000: Connection closed; printed a line on stdout that is not a JSON-RPC message/,
    ],
  ])('%s is exit 2, and no sandbox, HOME or server is left behind', async (_, mode, why) => {
    const tmp = mkdtempSync(join(tmpdir(), 'readshim-driver-tmp-'));
    const r = await run(['--mcp', `node ${FIX}/server.mjs ${mode}`, '--replay', TRACE('edit')], { TMPDIR: tmp });
    const left = readdirSync(tmp).filter((f) => f.startsWith('readshim-')); // (tsx keeps its cache there)
    rmSync(tmp, { recursive: true, force: true });
    expect(left).toEqual([]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(why);
  });
  it('a server that does not start, and a compaction tool it lacks, are exit 2', async () => {
    const gone = await replay('edit', ['--mcp', 'sh -c "echo no server here >&2; exit 7"']);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/did not start a session: .*it exited with code 7; its stderr ended: "no server here"/);
    const lacks = await replay('edit', [...naive, '--mcp-compact', 'forget']);
    expect(lacks.code).toBe(2);
    expect(lacks.stderr).toMatch(
      /--mcp-compact names tool "forget", which the server does not have \(its tools: read_file\)/,
    );
  });
});
