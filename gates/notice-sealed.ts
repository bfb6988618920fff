/**
 * GATE-NOTICE-SEALED (NOTICE-SEALED): every notice template starts with the prefix that carries
 * the seal. A notice function's every returned value must begin with a call to the prefix
 * function (first in a template, leftmost in a `+` chain, either branch of a conditional, through
 * consts and through helpers that are sealed themselves), passing a seal that is not a literal;
 * `null` (no notice at all) is allowed. The prefix function itself must embed its seal parameter.
 * The notice functions are the config's explicit ones plus every function a listed file exports.
 */
import { Node, SyntaxKind, VariableDeclarationKind, type SourceFile, type ts } from 'ts-morph';
import type { NoticeSealedConfig } from './config.ts';
import type { GateContext } from './context.ts';
import { locateFunction } from './locate.ts';
import { Findings, type GateOutcome } from './outcome.ts';
import {
  functionName,
  functionOfDeclaration,
  isFunctionWithBody,
  isGlobalName,
  returnedExpressions,
  symbolOf,
  unwrap,
} from './syntax.ts';

const ID = 'GATE-NOTICE-SEALED';

type Verdict = { ok: true } | { ok: false; node: Node; reason: string };
const OK: Verdict = { ok: true };

/** Functions a file declares and exports (re-exports of other files are judged where declared). */
function exportedFunctions(sf: SourceFile): Node[] {
  const out: Node[] = [];
  for (const f of sf.getFunctions()) if (f.isExported() && f.getBody() !== undefined) out.push(f);
  for (const st of sf.getVariableStatements()) {
    if (!st.isExported()) continue;
    for (const d of st.getDeclarations()) {
      const fn = functionOfDeclaration(d);
      if (fn !== undefined) out.push(fn);
    }
  }
  return out;
}

class Sealed {
  readonly #prefix: Node;

  constructor(prefix: Node) {
    this.#prefix = prefix;
  }

  #callsPrefix(call: Node): boolean {
    if (!Node.isCallExpression(call)) return false;
    const callee = unwrap(call.getExpression());
    const sym = symbolOf(Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee);
    return (sym?.getDeclarations() ?? []).some(
      (d) => functionOfDeclaration(d)?.compilerNode === this.#prefix.compilerNode,
    );
  }

  /** Whether `expr` begins with the sealed prefix. */
  judge(expr: Node, seen: Set<ts.Node>): Verdict {
    const e = unwrap(expr);
    if (e.getKind() === SyntaxKind.NullKeyword || isGlobalName(e, 'undefined')) return OK; // no notice at all
    if (Node.isConditionalExpression(e)) {
      const a = this.judge(e.getWhenTrue(), seen);
      return a.ok ? this.judge(e.getWhenFalse(), seen) : a;
    }
    if (Node.isTemplateExpression(e)) {
      const head = e.getHead().getLiteralText();
      if (head !== '')
        return {
          ok: false,
          node: e,
          reason: `starts with the text ${JSON.stringify(head.slice(0, 24))}, not the sealed prefix`,
        };
      const first = e.getTemplateSpans()[0];
      return first === undefined
        ? { ok: false, node: e, reason: 'is an empty template' }
        : this.judge(first.getExpression(), seen);
    }
    if (Node.isStringLiteral(e) || Node.isNoSubstitutionTemplateLiteral(e))
      return { ok: false, node: e, reason: 'is fixed text without the sealed prefix' };
    if (Node.isBinaryExpression(e) && e.getOperatorToken().getKind() === SyntaxKind.PlusToken)
      return this.judge(e.getLeft(), seen);
    if (Node.isCallExpression(e)) {
      if (this.#callsPrefix(e)) {
        const seal = e.getArguments()[0];
        const s = seal === undefined ? undefined : unwrap(seal);
        if (
          s === undefined ||
          Node.isStringLiteral(s) ||
          Node.isNoSubstitutionTemplateLiteral(s) ||
          Node.isNumericLiteral(s)
        )
          return { ok: false, node: e, reason: "calls the prefix with a fixed seal, not the instance's" };
        return OK;
      }
      const callee = unwrap(e.getExpression());
      const sym = symbolOf(Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee);
      const fn = (sym?.getDeclarations() ?? [])
        .map(functionOfDeclaration)
        .find((f) => f !== undefined && !f.getSourceFile().isDeclarationFile());
      if (fn === undefined)
        return { ok: false, node: e, reason: `starts with \`${callee.getText()}(…)\`, which is not the sealed prefix` };
      if (seen.has(fn.compilerNode)) return OK;
      seen.add(fn.compilerNode);
      const returns = returnedExpressions(fn);
      if (returns.length === 0)
        return { ok: false, node: e, reason: `starts with \`${callee.getText()}(…)\`, which returns nothing` };
      for (const r of returns) {
        const v = this.judge(r, seen);
        if (!v.ok) return v;
      }
      return OK;
    }
    if (Node.isIdentifier(e)) {
      const d = symbolOf(e)?.getDeclarations()[0];
      if (
        d !== undefined &&
        Node.isVariableDeclaration(d) &&
        d.getVariableStatement()?.getDeclarationKind() === VariableDeclarationKind.Const
      ) {
        const init = d.getInitializer();
        if (init !== undefined && !seen.has(init.compilerNode)) {
          seen.add(init.compilerNode);
          return this.judge(init, seen);
        }
      }
      return {
        ok: false,
        node: e,
        reason: `starts with \`${e.getText()}\`, which cannot be seen to hold the sealed prefix`,
      };
    }
    return { ok: false, node: e, reason: 'cannot be seen to start with the sealed prefix' };
  }
}

export function gateNoticeSealed(ctx: GateContext, cfg: NoticeSealedConfig): GateOutcome {
  const findings = new Findings();
  let checks = 0;
  const prefix = locateFunction(ctx, cfg.prefix, `${ID}.prefix`);
  // The prefix must carry its seal: every value it returns mentions its first parameter.
  const sealParam = (prefix as Node & { getParameters(): Node[] }).getParameters()[0];
  for (const r of returnedExpressions(prefix)) {
    checks++;
    const ids = Node.isIdentifier(r) ? [r] : r.getDescendantsOfKind(SyntaxKind.Identifier);
    const carries =
      sealParam !== undefined &&
      ids.some((id) => (symbolOf(id)?.getDeclarations() ?? []).some((d) => d.compilerNode === sealParam.compilerNode));
    if (!carries) findings.add(ctx.finding(r, `the prefix ${cfg.prefix.function} does not carry its seal parameter`));
  }
  const notices: Node[] = [];
  for (const [i, loc] of (cfg.functions ?? []).entries())
    notices.push(locateFunction(ctx, loc, `${ID}.functions[${i}]`));
  if (cfg.files !== undefined)
    for (const sf of ctx.files(cfg.files, `${ID}.files`)) notices.push(...exportedFunctions(sf));
  const sealed = new Sealed(prefix);
  const done = new Set<ts.Node>([prefix.compilerNode]);
  for (const fn of notices) {
    if (done.has(fn.compilerNode) || !isFunctionWithBody(fn)) continue;
    done.add(fn.compilerNode);
    const returns = returnedExpressions(fn);
    if (returns.length === 0) {
      checks++;
      findings.add(ctx.finding(fn, `notice ${functionName(fn)} returns no template to judge`));
    }
    for (const r of returns) {
      checks++;
      const v = sealed.judge(r, new Set([fn.compilerNode]));
      if (!v.ok) findings.add(ctx.finding(v.node, `notice ${functionName(fn)} ${v.reason}`));
    }
  }
  return { checks, findings: findings.list };
}
