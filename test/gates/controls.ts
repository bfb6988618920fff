/**
 * Negative controls: for every gate, tampers of the real material (a temporary copy of it) the
 * way the gate exists to catch — each one a mutant's disease put into the source — and what the
 * gate must then name. Tampers edit the tree with ts-morph, so they follow the material when it
 * is reformatted; a tamper that cannot find its anchor throws. Test machinery: never shipped.
 * `.ci/run` plants two of them (plant.ts) in the installed package, whose gates must turn red.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Node, Project, SyntaxKind, type SourceFile } from 'ts-morph';
import type { GateId } from '../../gates/ids.ts';

/** The material the reference gate config reads, relative to the package root ('/'-separated). */
export function referenceMaterial(root: string): string[] {
  const out = ['gates/reference.gates.json'];
  for (const dir of ['reference', 'properties', 'spec', 'src/core', 'src/harness', 'src/adapters']) {
    let names: string[];
    try {
      names = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const n of names) if (/\.(ts|js|mjs|cjs)$/.test(n)) out.push(`${dir}/${n.split('\\').join('/')}`);
  }
  return out.sort();
}

export interface NegativeControl {
  readonly id: string;
  readonly gate: GateId;
  /** The disease, with the mutant it mirrors. */
  readonly disease: string;
  /** File tampered, relative to the material root; may be new. */
  readonly target: string;
  readonly tamper: (clean: string | undefined) => string;
  /** The finding the gate must report. */
  readonly expect: { readonly file: string; readonly node: string; readonly message?: string };
}

class TamperError extends Error {}

/** Edits `text` as a TypeScript tree and returns the new text. */
function edit(text: string | undefined, fileName: string, change: (sf: SourceFile) => void): string {
  if (text === undefined) throw new TamperError(`${fileName} does not exist in the material`);
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const sf = project.createSourceFile(fileName, text);
  change(sf);
  return sf.getFullText();
}

function need<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new TamperError(`tamper anchor not found: ${what}`);
  return v;
}

function createReadShim(sf: SourceFile) {
  return need(sf.getFunction('createReadShim'), 'function createReadShim in reference/shim.ts');
}

function serveStaleProperty(sf: SourceFile) {
  const ret = need(
    createReadShim(sf)
      .getStatements()
      .findLast((s) => Node.isReturnStatement(s)),
    'the return of createReadShim',
  );
  const lit = need(
    ret.getFirstDescendantByKind(SyntaxKind.ObjectLiteralExpression),
    'the object createReadShim returns',
  );
  return need(lit.getProperty('serveStale'), 'property serveStale');
}

export const NEGATIVE_CONTROLS: readonly NegativeControl[] = Object.freeze([
  {
    id: 'stale-records',
    gate: 'GATE-STALE-NO-LEDGER',
    disease: 'STALE-RECORDS: the stale serve records its lines as delivered, in its own body',
    target: 'reference/shim.ts',
    tamper: (t) =>
      edit(t, 'shim.ts', (sf) => {
        serveStaleProperty(sf).replaceWithText(`serveStale: async (req) => {
      const served = await serveStaleRange(req, { arm, cap, seal, readFile });
      if (served !== null) ledger.set(normalizePath(req.path), '{}', { delivered: Buffer.byteLength(served) });
      return served;
    }`);
      }),
    expect: { file: 'reference/shim.ts', node: 'ledger', message: 'reaches the ledger' },
  },
  {
    id: 'stale-records-via-helper',
    gate: 'GATE-STALE-NO-LEDGER',
    disease:
      'STALE-RECORDS through an alias and a helper: `const book = ledger`, `record()` writes it, the serve calls record()',
    target: 'reference/shim.ts',
    tamper: (t) =>
      edit(t, 'shim.ts', (sf) => {
        const fn = createReadShim(sf);
        const ret = need(
          fn.getStatements().findLast((s) => Node.isReturnStatement(s)),
          'the return of createReadShim',
        );
        fn.insertStatements(ret.getChildIndex(), [
          'const book = ledger;',
          "const record = (path: string): void => book.set(normalizePath(path), '{}', { delivered: 0 });",
        ]);
        serveStaleProperty(sf).replaceWithText(`serveStale: async (req) => {
      record(req.path);
      return serveStaleRange(req, { arm, cap, seal, readFile });
    }`);
      }),
    expect: { file: 'reference/shim.ts', node: 'book', message: 'through `record`' },
  },
  {
    id: 'process-ledger',
    gate: 'GATE-NO-MODULE-STATE',
    disease: 'PROCESS-LEDGER: one ledger at module level, shared by every worker',
    target: 'reference/shim.ts',
    tamper: (t) =>
      edit(t, 'shim.ts', (sf) => {
        const fn = createReadShim(sf);
        const decl = need(
          fn.getVariableStatement((s) => s.getDeclarations().some((d) => d.getName() === 'ledger')),
          'const ledger in createReadShim',
        );
        const text = decl.getText();
        decl.remove();
        sf.insertStatements(sf.getImportDeclarations().length, text);
      }),
    expect: { file: 'reference/shim.ts', node: 'ledger = new Ledger()', message: 'module-level ledger' },
  },
  {
    id: 'arm-sealed',
    gate: 'GATE-ARMS-FROZEN',
    disease: 'an arm table wrapped in Object.seal: its levers stay writable (ARM-SWAP becomes one assignment away)',
    target: 'reference/arms.ts',
    tamper: (t) =>
      edit(t, 'arms.ts', (sf) => {
        const init = need(
          sf.getVariableDeclaration('ARM_CAP')?.getInitializerIfKind(SyntaxKind.CallExpression),
          'ARM_CAP = Object.freeze(…)',
        );
        need(init.getExpressionIfKind(SyntaxKind.PropertyAccessExpression), 'Object.freeze callee')
          .getNameNode()
          .replaceWithText('seal');
      }),
    expect: { file: 'reference/arms.ts', node: 'Object.seal(', message: 'Object.seal' },
  },
  {
    id: 'arm-truthy',
    gate: 'GATE-ARM-STRICT-EQ',
    disease: 'ARM-TRUTHY: `if (flag)` — every unknown truthy spelling runs A3',
    target: 'reference/arms.ts',
    tamper: (t) =>
      edit(t, 'arms.ts', (sf) => {
        const fn = need(sf.getFunction('resolveArm'), 'function resolveArm');
        const test = need(
          fn
            .getDescendantsOfKind(SyntaxKind.BinaryExpression)
            .find((b) => b.getRight().getKind() === SyntaxKind.TrueKeyword),
          'flag === true',
        );
        test.replaceWithText(test.getLeft().getText());
      }),
    expect: { file: 'reference/arms.ts', node: 'if (flag)', message: 'truthiness' },
  },
  {
    id: 'no-utf8-walkback',
    gate: 'GATE-SLICE-VIA-BOUNDARY',
    disease: 'NO-UTF8-WALKBACK: the slice ends at start + cap, the raw cap',
    target: 'reference/shim.ts',
    tamper: (t) =>
      edit(t, 'shim.ts', (sf) => {
        const call = need(
          createReadShim(sf)
            .getDescendantsOfKind(SyntaxKind.CallExpression)
            .find((c) => c.getExpression().getText() === 'sliceEnd'),
          'sliceEnd(…) in createReadShim',
        );
        const [, start, cap] = call.getArguments();
        call.replaceWithText(`${need(start, 'start argument').getText()} + ${need(cap, 'cap argument').getText()}`);
      }),
    expect: { file: 'reference/shim.ts', node: '.subarray(', message: 'not at a boundary' },
  },
  {
    id: 'unsealed',
    gate: 'GATE-NOTICE-SEALED',
    disease: 'UNSEALED: the pointer notice drops the sealed prefix, so file content can forge it',
    target: 'reference/notices.ts',
    tamper: (t) =>
      edit(t, 'notices.ts', (sf) => {
        const fn = need(sf.getFunction('pointerNotice'), 'function pointerNotice');
        const tpl = need(fn.getFirstDescendantByKind(SyntaxKind.TemplateExpression), 'the pointer notice template');
        const first = need(tpl.getTemplateSpans()[0], 'first template span');
        // `${sealPrefix(seal)} unchanged: …` → `unchanged: …`: the text after the prefix leads now
        const rest = tpl.getText().slice(first.getExpression().getEnd() - tpl.getStart() + 1);
        tpl.replaceWithText(`\`${rest.replace(/^ /, '')}`);
      }),
    expect: { file: 'reference/notices.ts', node: '`unchanged:', message: 'pointerNotice' },
  },
  {
    id: 'oracle-imports-reference',
    gate: 'GATE-ORACLE-INDEPENDENT',
    disease: 'the oracle compares with the reference instead of judging from ground truth',
    target: 'properties/__control_oracle.ts',
    tamper: () => "import { createReadShim } from '../reference/index.ts';\n\nexport const peek = createReadShim;\n",
    expect: {
      file: 'properties/__control_oracle.ts',
      node: "from '../reference/index.ts'",
      message: 'imports the reference',
    },
  },
  {
    id: 'oracle-imports-reference-transitively',
    gate: 'GATE-ORACLE-INDEPENDENT',
    disease: 'the oracle reaches the reference through the reference adapter',
    target: 'properties/__control_oracle.ts',
    tamper: () =>
      "import type referenceAdapter from '../src/adapters/reference.ts';\n\nexport type Peek = typeof referenceAdapter;\n",
    expect: {
      file: 'properties/__control_oracle.ts',
      node: "'../src/adapters/reference.ts'",
      message: 'through src/adapters/reference.ts',
    },
  },
  {
    id: 'spec-validator-imports-reference',
    gate: 'GATE-ORACLE-INDEPENDENT',
    disease: "the spec validator checks SPEC.md's examples against the reference instead of against the contract",
    target: 'spec/__control_spec.ts',
    tamper: () => "import { resolveArm } from '../reference/arms.ts';\n\nexport const peek = resolveArm;\n",
    expect: { file: 'spec/__control_spec.ts', node: "from '../reference/arms.ts'", message: 'imports the reference' },
  },
] satisfies readonly NegativeControl[]);
