// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the gates on a third party's JavaScript shim and a tampered copy (28 s).
/**
 * The gates on a third party's plain JavaScript shim (examples/gates-js): its config passes every
 * gate it configures, and a tampered copy is caught, naming the node.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project, SyntaxKind } from 'ts-morph';
import { describe, expect, test } from 'vitest';
import { copyMaterial, ROOT, runCli, sha256, SLOW } from './helpers.ts';

const EXAMPLE = join(ROOT, 'examples', 'gates-js');

interface Report {
  gates: Array<{
    id: string;
    status: string;
    checks: number;
    finding?: { file: string; line: number; node: string; message: string };
  }>;
  skipped: Array<{ id: string }>;
}

/** Edits the JS shim as a tree (allowJs), so the tamper follows reformatting. */
function editJs(text: string | undefined, change: (cls: ReturnType<typeof classOf>) => void): string {
  const sf = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true },
  }).createSourceFile('shim.js', text);
  change(classOf(sf));
  return sf.getFullText();
}
function classOf(sf: import('ts-morph').SourceFile) {
  return sf.getClassOrThrow('ReadShim');
}

describe('a plain .js shim', () => {
  test(
    'passes every gate its config names; the gate it leaves out is reported as skipped',
    { timeout: SLOW },
    async () => {
      const r = await runCli(['gates', '--config', join(EXAMPLE, 'gates.json'), '--reporter', 'json']);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const report = JSON.parse(r.stdout) as Report;
      expect(report.gates.map((g) => [g.id, g.status])).toEqual([
        ['GATE-STALE-NO-LEDGER', 'pass'],
        ['GATE-NO-MODULE-STATE', 'pass'],
        ['GATE-ARMS-FROZEN', 'pass'],
        ['GATE-ARM-STRICT-EQ', 'pass'],
        ['GATE-SLICE-VIA-BOUNDARY', 'pass'],
        ['GATE-NOTICE-SEALED', 'pass'],
      ]);
      for (const g of report.gates) expect(g.checks, g.id).toBeGreaterThan(0);
      expect(report.skipped.map((s) => s.id)).toEqual(['GATE-ORACLE-INDEPENDENT']);
    },
  );

  test.each([
    [
      'the stale serve writes this.ledger',
      'GATE-STALE-NO-LEDGER',
      'ledger',
      'reaches the ledger',
      (t: string | undefined) =>
        editJs(t, (cls) => {
          cls.getMethodOrThrow('serveStale').insertStatements(0, 'this.ledger.delete(path);');
        }),
    ],
    [
      'the stale serve records through a helper method',
      'GATE-STALE-NO-LEDGER',
      'ledger',
      'through `note`',
      (t: string | undefined) =>
        editJs(t, (cls) => {
          cls.addMethod({
            name: 'note',
            parameters: [{ name: 'p' }],
            statements: 'this.ledger.set(p, { hash: "", delivered: 0 });',
          });
          cls.getMethodOrThrow('serveStale').insertStatements(0, 'this.note(path);');
        }),
    ],
    [
      'the resolver coerces the flag',
      'GATE-ARM-STRICT-EQ',
      'if (flag)',
      'truthiness',
      (t: string | undefined) =>
        editJs(t, (cls) => {
          const fn = cls.getSourceFile().getFunctionOrThrow('pickArm');
          const cond = fn
            .getDescendantsOfKind(SyntaxKind.BinaryExpression)
            .find((b) => b.getText() === "flag === 'cap'")!;
          cond.replaceWithText('flag');
        }),
    ],
  ])('a tampered copy is caught: %s', { timeout: SLOW }, async (_what, gate, node, message, tamper) => {
    const tracked = sha256(join(EXAMPLE, 'shim.js'));
    const copy = copyMaterial(['shim.js', 'gates.json'], EXAMPLE);
    let r;
    try {
      writeFileSync(join(copy.root, 'shim.js'), tamper(readFileSync(join(copy.root, 'shim.js'), 'utf8')));
      r = await runCli(['gates', '--config', join(copy.root, 'gates.json'), '--reporter', 'json']);
    } finally {
      copy.dispose();
    }
    expect(r.status).toBe(1);
    const g = (JSON.parse(r.stdout) as Report).gates.find((x) => x.id === gate)!;
    expect(g.status).toBe('fail');
    expect(g.finding!.file).toBe('shim.js');
    expect(g.finding!.node).toContain(node);
    expect(g.finding!.message).toContain(message);
    expect(sha256(join(EXAMPLE, 'shim.js'))).toBe(tracked);
  });
});
