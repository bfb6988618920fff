/**
 * The process protocol's schema is the wire: every line the kit sends to a Python shim validates
 * against spec/schemas/protocol.schema.json (#/$defs/request, closed), and every line the shim
 * answers against its op's reply definition. Each process's two directions are recorded with
 * `tee` into a folder of its own, so replies pair with their requests by id.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaProblem } from '../../../src/core/schemas.ts';
import { ROOT, cli, cpuBudget } from '../../src/cli/helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-wire-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const REPLY_DEF: Readonly<Record<string, string>> = {
  hello: 'helloReply',
  newWorker: 'newWorkerReply',
  read: 'readReply',
  readMany: 'readManyReply',
  stale: 'staleReply',
  forget: 'forgetReply',
  resolveArm: 'resolveArmReply',
  persona: 'personaReply',
};

/** A --process command that records both directions of each process under `dir`. */
const recorded = (dir: string, script: string): string =>
  `sh -c 'd=$(mktemp -d -p ${dir}); tee "$d/in" | python3 ${join(ROOT, script)} | tee "$d/out"'`;

const lines = (file: string): Array<Record<string, unknown>> =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Every problem of the recorded lines: requests against #/$defs/request, replies against their op's reply. */
function wireProblems(dir: string): { problems: string[]; requests: number; replies: number; ops: Set<string> } {
  const problems: string[] = [];
  const ops = new Set<string>();
  let requests = 0;
  let replies = 0;
  for (const p of readdirSync(dir)) {
    const sent = lines(join(dir, p, 'in'));
    const opOf = new Map<unknown, string>();
    for (const m of sent) {
      requests++;
      const why = schemaProblem('protocol', 'request', m);
      if (why !== undefined) problems.push(`${p}/in ${JSON.stringify(m).slice(0, 120)}: ${why}`);
      if (m.op !== 'resume') opOf.set(m.id, String(m.op));
    }
    for (const m of lines(join(dir, p, 'out'))) {
      replies++;
      const op = 'barrier' in m ? 'barrier' : opOf.get(m.id);
      ops.add(op ?? '?');
      const def = op === 'barrier' ? 'barrier' : 'error' in m && op !== 'persona' ? 'errorReply' : REPLY_DEF[op ?? ''];
      const why = def === undefined ? `no request with id ${String(m.id)}` : schemaProblem('protocol', def, m);
      if (why !== undefined) problems.push(`${p}/out ${JSON.stringify(m).slice(0, 120)}: ${why}`);
    }
  }
  return { problems, requests, replies, ops };
}

describe('the protocol schema describes the wire, both directions', { timeout: cpuBudget(20) }, () => {
  it('an arm-surface shim with barriers, forget, persona and resolveArm (delivery_shim.py)', () => {
    const dir = mkdtempSync(join(tmp, 'delivery-'));
    const r = cli([
      'run',
      '--process',
      recorded(dir, 'examples/python/delivery_shim.py'),
      '--arm',
      'cap',
      '--runs',
      '2',
      '--no-corpus',
      '--jobs',
      '1',
      '--no-save',
    ]);
    // Two histories a band without the corpus may leave a rule unexercised (exit 1): the wire is what counts here.
    expect([0, 1], r.stderr).toContain(r.code);
    const w = wireProblems(dir);
    expect(w.problems).toEqual([]);
    expect(w.requests).toBeGreaterThan(20);
    for (const op of ['hello', 'newWorker', 'read', 'barrier', 'resolveArm', 'persona']) expect(w.ops).toContain(op);
  });

  it('a batch read call (batch_shim.py, a replayed trace with a `call`)', () => {
    const dir = mkdtempSync(join(tmp, 'batch-'));
    const trace = join(tmp, 'batch.jsonl');
    writeFileSync(
      trace,
      [
        { type: 'header', kit: '0.1.0', specVersion: '2.1', cap: 24576, levers: ['pointer'], seal: 'abc123' },
        { type: 'worker', id: 'w1' },
        { type: 'write', path: 'a.ts', content: 'const a = 1;\n', mtimeMs: 1700000000000 },
        { type: 'read', worker: 'w1', path: 'a.ts', call: 1 },
        { type: 'read', worker: 'w1', path: 'b.ts', call: 1 },
        { type: 'read', worker: 'w1', path: 'a.ts', call: 2 },
      ]
        .map((x) => JSON.stringify(x))
        .join('\n') + '\n',
    );
    const r = cli(['run', '--process', recorded(dir, 'examples/python/batch_shim.py'), '--replay', trace, '--no-save']);
    expect(r.code, r.stderr).toBe(0);
    const w = wireProblems(dir);
    expect(w.problems).toEqual([]);
    expect(w.ops).toContain('readMany');
  });

  it('a line that breaks the schema is found (the check can fail)', () => {
    const fake = mkdtempSync(join(tmp, 'control-'));
    mkdirSync(join(fake, 'one'));
    writeFileSync(join(fake, 'one', 'in'), '{"id":1,"op":"read","worker":"w1","args":{"path":"a.ts"},"hint":1}\n');
    writeFileSync(join(fake, 'one', 'out'), '{"id":1,"text":7}\n');
    const w = wireProblems(fake);
    expect(w.problems).toHaveLength(2);
    expect(w.problems[0]).toMatch(/unknown field "hint"/);
    expect(w.problems[1]).toMatch(/a read reply needs "text"/);
  });
});
