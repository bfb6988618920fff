/**
 * GATE-STALE-NO-LEDGER reads structure: the ledger named only in a comment or a string passes;
 * a direct reference, an alias, `this.ledger`, `self.ledger`, a #private field, a helper that
 * touches it, a closure made with it, an object or deps that carry it, all fail — naming the node.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GateContext } from '../../gates/context.ts';
import { gateStaleNoLedger } from '../../gates/stale-no-ledger.ts';
import { contextFor, describeFindings, fixtureDir, removeFixtureDirs } from './helpers.ts';

afterAll(removeFixtureDirs);

const TS = `class Ledger {
  set(k: string, n: number): void { void k; void n; }
  get(k: string): number | undefined { void k; return undefined; }
}
interface Deps { readonly seal: string; readonly ledger?: Ledger }
function serveRange(path: string, deps: Deps): string {
  deps.ledger?.set(path, 1);
  return deps.seal + path;
}
function pureRange(path: string, deps: { readonly seal: string }): string {
  return deps.seal + path;
}
function makeRecorder(l: Ledger) {
  return (p: string) => l.set(p, 4);
}
export function createShim() {
  const ledger = new Ledger();
  const alias = ledger;
  const record = (p: string) => ledger.set(p, 3);
  const holder = { inner: ledger };
  const recorder = makeRecorder(ledger);
  const { get } = ledger;
  let later: Ledger | undefined;
  later = ledger;
  return {
    // ledger.set(p, 1) — only this comment and the string below mention the ledger
    commentAndString: (p: string) => pureRange(p, { seal: 'ledger.set(p, 1); const l = ledger' }),
    direct: (p: string) => { ledger.set(p, 1); return p; },
    alias: (p: string) => alias.get(p),
    helper: (p: string) => { record(p); },
    intoDeps: (p: string) => serveRange(p, { seal: 's', ledger }),
    holder: (p: string) => holder.inner.get(p),
    closure: (p: string) => recorder(p),
    method: (p: string) => get(p),
    reassigned: (p: string) => later?.get(p),
  };
}
export class ShimClass {
  private readonly ledger = new Ledger();
  readonly #book = new Ledger();
  private readonly seal = 'x';
  serveThis(p: string) { return this.ledger.get(p); }
  servePrivate(p: string) { return this.#book.get(p); }
  serveSelf(p: string) { const self = this; return self.ledger.get(p); }
  serveViaMethod(p: string) { return this.peek(p); }
  private peek(p: string) { return this.ledger.get(p); }
  serveClean(p: string) {
    // this.ledger.get(p)
    return \`\${this.seal}:ledger:\${p}\`;
  }
}
`;

const JS = `export class JsShim {
  constructor() {
    this.ledger = new Map();
    this.seal = 's';
  }
  serveClean(p) { return \`\${this.seal} this.ledger \${p}\`; }
  serveThis(p) { return this.ledger.get(p); }
  serveUntyped(p) { return peek(this, p); }
  forget() { this.ledger = new Map(); }
}
function peek(shim, p) { return shim.ledger.get(p); }
`;

let ctx: GateContext;
beforeAll(() => {
  const dir = fixtureDir({ 'shim.ts': TS, 'shim.js': JS });
  ctx = contextFor(dir, { 'GATE-NO-MODULE-STATE': { files: ['shim.ts', 'shim.js'] } });
});

function judge(file: string, serve: string, scope: string, binding = 'ledger') {
  return gateStaleNoLedger(ctx, { serve: { file, function: serve }, ledger: [{ file, function: scope, binding }] });
}

describe('GATE-STALE-NO-LEDGER', () => {
  test.each([
    ['shim.ts', 'createShim.commentAndString', 'createShim', 'ledger'],
    ['shim.ts', 'ShimClass.serveClean', 'ShimClass', 'ledger'],
    ['shim.js', 'JsShim.serveClean', 'JsShim', 'ledger'],
  ])('%s %s: the ledger only in a comment or a string passes', (file, serve, scope, binding) => {
    const out = judge(file, serve, scope, binding);
    expect(out.findings, describeFindings(out.findings)).toEqual([]);
    expect(out.checks).toBeGreaterThan(0);
  });

  test.each([
    ['direct reference', 'shim.ts', 'createShim.direct', 'createShim', 'ledger', 'ledger', ''],
    [
      'alias const l = ledger',
      'shim.ts',
      'createShim.alias',
      'createShim',
      'ledger',
      'alias',
      'which holds the ledger',
    ],
    ['helper that touches it', 'shim.ts', 'createShim.helper', 'createShim', 'ledger', 'ledger', 'through `record`'],
    ['deps that carry it', 'shim.ts', 'createShim.intoDeps', 'createShim', 'ledger', 'ledger', ''],
    [
      'object that holds it',
      'shim.ts',
      'createShim.holder',
      'createShim',
      'ledger',
      'holder',
      'which holds the ledger',
    ],
    ['closure made with it', 'shim.ts', 'createShim.closure', 'createShim', 'ledger', 'l', 'passed the ledger'],
    ['method taken off it', 'shim.ts', 'createShim.method', 'createShim', 'ledger', 'get', 'taken from the ledger'],
    [
      'binding assigned it later',
      'shim.ts',
      'createShim.reassigned',
      'createShim',
      'ledger',
      'later',
      'holds the ledger',
    ],
    ['this.ledger', 'shim.ts', 'ShimClass.serveThis', 'ShimClass', 'ledger', 'ledger', ''],
    ['this.#book (private field)', 'shim.ts', 'ShimClass.servePrivate', 'ShimClass', '#book', '#book', ''],
    ['self = this; self.ledger', 'shim.ts', 'ShimClass.serveSelf', 'ShimClass', 'ledger', 'ledger', ''],
    [
      'this.helper() that touches it',
      'shim.ts',
      'ShimClass.serveViaMethod',
      'ShimClass',
      'ledger',
      'ledger',
      'through `peek`',
    ],
    ['JS this.ledger (assigned in the constructor)', 'shim.js', 'JsShim.serveThis', 'JsShim', 'ledger', 'ledger', ''],
    ['JS helper on an untyped value', 'shim.js', 'JsShim.serveUntyped', 'JsShim', 'ledger', 'shim.ledger', 'untyped'],
  ])('%s fails, naming the node', (_what, file, serve, scope, binding, node, message) => {
    const out = judge(file, serve, scope, binding);
    expect(out.findings.length, 'a finding').toBeGreaterThan(0);
    const hit = out.findings.find((f) => f.node === node && f.message.includes(message));
    expect(hit, describeFindings(out.findings)).toBeDefined();
    expect(hit!.file).toBe(file);
  });

  test('a helper is judged by what it reaches: serveRange is red once any caller hands it the ledger', () => {
    // Context-insensitive on purpose: the serve runs code that writes whatever ledger it is handed.
    const out = judge('shim.ts', 'createShim.intoDeps', 'createShim');
    expect(out.findings.some((f) => f.node === 'deps' && f.message.includes('through `serveRange`'))).toBe(true);
  });
});
