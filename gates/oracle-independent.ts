/**
 * GATE-ORACLE-INDEPENDENT: nothing under the oracle's folder imports the reference — by a static
 * import or export-from (type-only too), `import x = require()`, `import()`, `require()`, or an
 * `import('…')` type — directly or, by default, through other modules of the project. Specifiers
 * are resolved by the compiler's module resolution; a specifier that does not resolve is still
 * judged by its path; a computed `import()`/`require()` in the oracle cannot be judged and fails.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep, isAbsolute } from 'node:path';
import { Node, SyntaxKind, ts, type SourceFile } from 'ts-morph';
import type { OracleIndependentConfig } from './config.ts';
import type { GateContext } from './context.ts';
import { GateConfigError } from './errors.ts';
import { Findings, type GateOutcome } from './outcome.ts';
import { isGlobalName, unwrap } from './syntax.ts';

const ID = 'GATE-ORACLE-INDEPENDENT';

interface Specifier {
  readonly node: Node;
  /** The literal module name, or undefined when computed. */
  readonly text: string | undefined;
}

function literal(node: Node | undefined): string | undefined {
  const n = node === undefined ? undefined : unwrap(node);
  return n !== undefined && (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n))
    ? n.getLiteralValue()
    : undefined;
}

export function specifiersOf(sf: SourceFile): Specifier[] {
  const out: Specifier[] = [];
  sf.forEachDescendant((n) => {
    if (Node.isImportDeclaration(n) || Node.isExportDeclaration(n)) {
      const spec = n.getModuleSpecifier();
      if (spec !== undefined) out.push({ node: n, text: literal(spec) });
    } else if (Node.isImportEqualsDeclaration(n)) {
      const ref = n.getModuleReference();
      if (Node.isExternalModuleReference(ref)) out.push({ node: n, text: literal(ref.getExpression()) });
    } else if (Node.isImportTypeNode(n)) {
      const arg = n.getArgument();
      if (Node.isLiteralTypeNode(arg)) out.push({ node: n, text: literal(arg.getLiteral()) });
    } else if (Node.isCallExpression(n)) {
      const callee = n.getExpression();
      if (callee.getKind() === SyntaxKind.ImportKeyword || isGlobalName(callee, 'require'))
        out.push({ node: n, text: literal(n.getArguments()[0]) });
    }
  });
  return out;
}

function under(dir: string, path: string): boolean {
  const r = relative(dir, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

export function gateOracleIndependent(ctx: GateContext, cfg: OracleIndependentConfig): GateOutcome {
  const forbidden = cfg.forbidden.map((f, i) => {
    const abs = ctx.abs(f);
    if (!existsSync(abs) || !statSync(abs).isDirectory())
      throw new GateConfigError(`${ID}.forbidden[${i}]: ${f} is not a directory`);
    return abs;
  });
  const modules = cfg.forbiddenModules ?? [];
  const transitive = cfg.transitive ?? true;
  const options = ctx.project.compilerOptions.get();
  const host = ctx.project.getModuleResolutionHost();
  const cache = ts.createModuleResolutionCache(ctx.root, (f) => f, options);
  const findings = new Findings();
  let checks = 0;

  /** Where a specifier leads: a forbidden target (text), a project file to follow, or nowhere. */
  const lead = (sf: SourceFile, text: string): { hit: string } | { next: SourceFile } | undefined => {
    if (modules.some((m) => text === m || text.startsWith(m.endsWith('/') ? m : `${m}/`))) return { hit: text };
    const resolved = ts.resolveModuleName(text, sf.getFilePath(), options, host, cache).resolvedModule
      ?.resolvedFileName;
    const path =
      resolved !== undefined
        ? resolve(resolved)
        : text.startsWith('.')
          ? resolve(dirname(sf.getFilePath()), text)
          : undefined;
    if (path === undefined) return undefined;
    if (forbidden.some((d) => under(d, path))) return { hit: ctx.rel(path) };
    if (resolved === undefined || path.split(sep).includes('node_modules') || /\.d\.[cm]?ts$/.test(path))
      return undefined;
    const next = ctx.project.getSourceFile(path) ?? ctx.project.addSourceFileAtPathIfExists(path);
    return next === undefined ? undefined : { next };
  };

  for (const origin of ctx.files(cfg.from, `${ID}.from`, true)) {
    // Breadth-first from this oracle file; each reached file remembers the import that led there.
    const seen = new Set<SourceFile>([origin]);
    const queue: Array<{ sf: SourceFile; first: Node | undefined; chain: readonly string[] }> = [
      { sf: origin, first: undefined, chain: [] },
    ];
    let reported = false;
    for (let item = queue.shift(); item !== undefined && !reported; item = queue.shift()) {
      for (const spec of specifiersOf(item.sf)) {
        checks++;
        const first = item.first ?? spec.node;
        if (spec.text === undefined) {
          if (item.first === undefined)
            findings.add(
              ctx.finding(spec.node, 'a computed import in the oracle cannot be judged; import by a literal path'),
            );
          continue;
        }
        const to = lead(item.sf, spec.text);
        if (to === undefined) continue;
        if ('hit' in to) {
          const via =
            item.chain.length === 0
              ? ''
              : `, through ${[...item.chain, ctx.rel(item.sf.getFilePath())].slice(1).join(' → ')}`;
          findings.add(ctx.finding(first, `the oracle imports the reference (${to.hit})${via}`));
          reported = true;
          break;
        }
        if (!transitive || seen.has(to.next)) continue;
        seen.add(to.next);
        queue.push({ sf: to.next, first, chain: [...item.chain, ctx.rel(item.sf.getFilePath())] });
      }
    }
  }
  return { checks, findings: findings.list };
}
