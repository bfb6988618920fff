/**
 * GATE-ARM-STRICT-EQ (ARM-GUARD): the arm resolver tests its flag only with === / !==.
 * Every reference to the flag (and to any alias of it, and to the parameter of any helper of the
 * project it is passed to) must sit in one of: an operand of === or !==, `typeof flag`, a
 * `switch (flag)` / `case flag:` (strict by the language), the left side of an assignment, or
 * anywhere inside a `throw` (that path returns no arm). Everything else fails, naming the node:
 * `if (flag)`, `!flag`, `flag ? …`, `flag && …`, `==`, `Boolean(flag)`, `ARMS[flag]`, `flag in …`.
 * Neither a JSDoc reference (`@param {…} [flag]`, `{@link flag}`) nor the declaration itself is a
 * use: the language service lists both once a JSDoc tag names the parameter.
 */
import { Node, SyntaxKind, type ts } from 'ts-morph';
import type { ArmStrictEqConfig } from './config.ts';
import type { GateContext } from './context.ts';
import { GateConfigError } from './errors.ts';
import { locateBinding, locateFunction } from './locate.ts';
import { Findings, type GateOutcome } from './outcome.ts';
import {
  at,
  functionOfDeclaration,
  isAssignmentOperator,
  isFunctionLike,
  isGlobalName,
  isInJsDoc,
  outermost,
  symbolOf,
  unwrap,
} from './syntax.ts';

const ID = 'GATE-ARM-STRICT-EQ';

type Use = { ok: true } | { ok: false; node: Node; message: string } | { ok: 'follow'; decl: Node; label: string };

function isCondition(stmt: Node, e: Node): boolean {
  if (Node.isIfStatement(stmt) || Node.isWhileStatement(stmt) || Node.isDoStatement(stmt))
    return stmt.getExpression() === e;
  if (Node.isForStatement(stmt)) return stmt.getCondition() === e;
  return false;
}

/** How one reference to the flag is used. */
function judge(ref: Node, name: string): Use {
  if (ref.getFirstAncestorByKind(SyntaxKind.ThrowStatement) !== undefined) return { ok: true };
  const e = outermost(ref);
  const p = e.getParent();
  if (p === undefined) return { ok: false, node: e, message: `\`${name}\` is used outside === / !==` };
  if (Node.isTypeOfExpression(p) || Node.isSwitchStatement(p) || Node.isCaseClause(p)) return { ok: true };
  if (Node.isBinaryExpression(p)) {
    const op = p.getOperatorToken().getKind();
    if (op === SyntaxKind.EqualsEqualsEqualsToken || op === SyntaxKind.ExclamationEqualsEqualsToken)
      return { ok: true };
    if (op === SyntaxKind.EqualsEqualsToken || op === SyntaxKind.ExclamationEqualsToken)
      return {
        ok: false,
        node: p,
        message: `\`${p.getText()}\` compares the flag with loose equality, which coerces it`,
      };
    if (op === SyntaxKind.InKeyword)
      return { ok: false, node: p, message: `\`${name} in …\` coerces the flag to a property key` };
    if (
      op === SyntaxKind.AmpersandAmpersandToken ||
      op === SyntaxKind.BarBarToken ||
      op === SyntaxKind.QuestionQuestionToken
    )
      return {
        ok: false,
        node: p,
        message: `\`${p.getOperatorToken().getText()}\` tests the flag by truthiness (or nullishness), not ===`,
      };
    if (isAssignmentOperator(op) && p.getLeft() === e) return { ok: true };
    if (op === SyntaxKind.EqualsToken && p.getRight() === e) {
      const left = unwrap(p.getLeft());
      const decl = Node.isIdentifier(left) ? symbolOf(left)?.getDeclarations()[0] : undefined;
      if (decl !== undefined)
        return { ok: 'follow', decl, label: `\`${left.getText()}\`, assigned the flag at ${at(p)}` };
    }
    return { ok: false, node: p, message: `\`${p.getOperatorToken().getText()}\` uses the flag outside === / !==` };
  }
  if (Node.isPrefixUnaryExpression(p)) {
    const truthy = p.getOperatorToken() === SyntaxKind.ExclamationToken;
    return {
      ok: false,
      node: p,
      message: truthy
        ? `\`${p.getText()}\` tests the flag by truthiness`
        : `\`${p.getText()}\` coerces the flag to a number`,
    };
  }
  if (isCondition(p, e) || (Node.isConditionalExpression(p) && p.getCondition() === e))
    return {
      ok: false,
      node: p,
      message: `the flag is tested by truthiness (\`${Node.isConditionalExpression(p) ? `${name} ? …` : `${p.getKindName().replace('Statement', '').toLowerCase()} (${name})`}\`)`,
    };
  if (Node.isElementAccessExpression(p))
    return {
      ok: false,
      node: p,
      message:
        p.getArgumentExpression() === e
          ? `\`${p.getText()}\` looks the arm up by the flag as a key, which coerces it`
          : `\`${p.getText()}\` indexes into the flag`,
    };
  if (Node.isPropertyAccessExpression(p))
    return { ok: false, node: p, message: `\`${p.getText()}\` reads a property of the flag` };
  if (Node.isVariableDeclaration(p) && p.getInitializer() === e && Node.isIdentifier(p.getNameNode()))
    return { ok: 'follow', decl: p, label: `\`${p.getName()}\`, an alias of the flag (${at(p)})` };
  if ((Node.isCallExpression(p) || Node.isNewExpression(p)) && p.getArguments().includes(e)) {
    const index = p.getArguments().indexOf(e);
    const callee = unwrap(p.getExpression());
    const target = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
    const decls = symbolOf(target)?.getDeclarations() ?? [];
    const fn = decls
      .map((d) => functionOfDeclaration(d))
      .find((f) => f !== undefined && !f.getSourceFile().isDeclarationFile());
    const param = fn !== undefined ? (fn as Node & { getParameters(): Node[] }).getParameters()[index] : undefined;
    if (param !== undefined && Node.isParameterDeclaration(param) && Node.isIdentifier(param.getNameNode()))
      return {
        ok: 'follow',
        decl: param,
        label: `parameter \`${param.getName()}\` of \`${callee.getText()}\` (${at(param)})`,
      };
    return {
      ok: false,
      node: p,
      message: `\`${p.getText()}\` hands the flag to ${callee.getText()}, which is not a strict test${callee.getText() === 'Boolean' ? ' (it coerces by truthiness)' : ''}`,
    };
  }
  if (Node.isCallExpression(p) && p.getExpression() === e) return { ok: false, node: p, message: 'the flag is called' };
  return { ok: false, node: p, message: `\`${name}\` is used outside === / !== (${p.getKindName()})` };
}

export function gateArmStrictEq(ctx: GateContext, cfg: ArmStrictEqConfig): GateOutcome {
  const where = `${ID}.resolver`;
  const resolver = locateFunction(ctx, cfg.resolver, where);
  let flagDecl: Node;
  if (cfg.resolver.binding !== undefined) flagDecl = locateBinding(ctx, cfg.resolver, where).declarations[0]!;
  else {
    const first = (resolver as Node & { getParameters(): Node[] }).getParameters()[0];
    if (first === undefined || !Node.isParameterDeclaration(first) || !Node.isIdentifier(first.getNameNode()))
      throw new GateConfigError(
        `${where}: ${cfg.resolver.function} has no plain first parameter; name the flag with "binding"`,
      );
    flagDecl = first;
  }
  const findings = new Findings();
  let checks = 0;
  const seen = new Set<ts.Node>();
  const queue: Array<{ decl: Node; label: string }> = [{ decl: flagDecl, label: 'the flag' }];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    if (seen.has(item.decl.compilerNode)) continue;
    seen.add(item.decl.compilerNode);
    const nameNode = (item.decl as Node & { getNameNode(): Node }).getNameNode();
    if (!Node.isIdentifier(nameNode)) continue;
    for (const ref of nameNode.findReferencesAsNodes()) {
      if (!ctx.isOwnCode(ref) || ref.compilerNode === nameNode.compilerNode || isInJsDoc(ref)) continue;
      checks++;
      const use = judge(ref, nameNode.getText());
      if (use.ok === 'follow') queue.push({ decl: use.decl, label: use.label });
      else if (!use.ok)
        findings.add(
          ctx.finding(use.node, item.label === 'the flag' ? use.message : `${use.message} — through ${item.label}`),
        );
    }
  }
  // `arguments[0]` reads the flag without naming it.
  resolver.forEachDescendant((n, t) => {
    if (isFunctionLike(n) && !Node.isArrowFunction(n)) t.skip();
    else if (isGlobalName(n, 'arguments')) {
      checks++;
      findings.add(
        ctx.finding(
          n.getParent() ?? n,
          'the resolver reads its arguments through `arguments`, out of reach of the === check',
        ),
      );
    }
  });
  return { checks, findings: findings.list };
}
