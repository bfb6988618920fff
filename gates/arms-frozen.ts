/**
 * GATE-ARMS-FROZEN (ARM-TABLE): every arm table is a `const` whose value is `Object.freeze` (the
 * global one, not a shadow) of a literal whose nested values are themselves immutable. The tables
 * are the bindings the config names plus every value the resolver returns (so a table the config
 * forgot is still judged). `Object.seal`, `as const` and an unfrozen literal all fail.
 */
import { Node, VariableDeclarationKind, type ts } from 'ts-morph';
import type { ArmsFrozenConfig } from './config.ts';
import type { GateContext } from './context.ts';
import { immutableValue } from './immutable.ts';
import { locateBinding, locateFunction } from './locate.ts';
import { Findings, type GateOutcome } from './outcome.ts';
import { isGlobalMemberCall, nameText, returnedExpressions, symbolOf, unwrap } from './syntax.ts';

const ID = 'GATE-ARMS-FROZEN';

interface Table {
  /** The binding's declaration, or the returned expression when the resolver returns a literal. */
  readonly node: Node;
  readonly label: string;
}

/** The tables a returned expression can be: names, members of frozen tables, both branches. */
function tablesReturned(expr: Node, out: Table[], report: (node: Node, message: string) => void): void {
  const e = unwrap(expr);
  if (Node.isConditionalExpression(e)) {
    tablesReturned(e.getWhenTrue(), out, report);
    tablesReturned(e.getWhenFalse(), out, report);
    return;
  }
  if (Node.isIdentifier(e) || Node.isPropertyAccessExpression(e)) {
    const sym = symbolOf(Node.isPropertyAccessExpression(e) ? e.getNameNode() : e);
    const decls = (sym?.getDeclarations() ?? []).filter((d) => !d.getSourceFile().isDeclarationFile());
    if (decls.length === 0)
      report(e, `the resolver returns ${e.getText()}, which does not resolve to a table in the source`);
    for (const d of decls) out.push({ node: d, label: e.getText() });
    return;
  }
  if (Node.isElementAccessExpression(e)) {
    // ARMS[key]: every entry of the looked-up table is an arm table
    out.push({ node: e.getExpression(), label: e.getExpression().getText() });
    return;
  }
  out.push({ node: e, label: 'the returned value' });
}

function judgeTable(t: Table): { node: Node; message: string } | undefined {
  const d = t.node;
  let value: Node | undefined;
  if (Node.isVariableDeclaration(d)) {
    const kind = d.getVariableStatement()?.getDeclarationKind();
    if (kind !== VariableDeclarationKind.Const)
      return {
        node: d,
        message: `arm table ${t.label} is declared with ${kind ?? 'a loop binding'}, so it can be rebound`,
      };
    value = d.getInitializer();
  } else if (Node.isPropertyAssignment(d) || Node.isPropertyDeclaration(d)) {
    if (Node.isPropertyDeclaration(d) && !d.isReadonly())
      return { node: d, message: `arm table ${t.label} is a writable property` };
    if (Node.isPropertyAssignment(d)) {
      // A table kept as a member: the object holding it must be frozen too, or the member can be swapped.
      const holder = d.getParent().getParent();
      if (holder === undefined || !isGlobalMemberCall(holder, 'Object', 'freeze'))
        return {
          node: d.getParent(),
          message: `arm table ${t.label} sits in an object that is not frozen, so it can be replaced`,
        };
    }
    value = d.getInitializer();
  } else value = d;
  if (value === undefined) return { node: d, message: `arm table ${t.label} has no value to judge` };
  const v = unwrap(value);
  if (Node.isIdentifier(v) || Node.isPropertyAccessExpression(v)) {
    const verdict = immutableValue(v);
    return verdict.ok
      ? undefined
      : { node: verdict.node, message: `arm table ${t.label} aliases a value that is not frozen: ${verdict.reason}` };
  }
  if (isGlobalMemberCall(v, 'Object', 'seal') || isGlobalMemberCall(v, 'Object', 'preventExtensions'))
    return {
      node: value,
      message: `arm table ${t.label} is wrapped in ${v.getText().split('(')[0]}, not Object.freeze: its levers stay writable`,
    };
  if (!isGlobalMemberCall(v, 'Object', 'freeze'))
    return { node: value, message: `arm table ${t.label} is not wrapped in Object.freeze` };
  const verdict = immutableValue(v);
  return verdict.ok
    ? undefined
    : { node: verdict.node, message: `arm table ${t.label} is frozen but holds a mutable value: ${verdict.reason}` };
}

export function gateArmsFrozen(ctx: GateContext, cfg: ArmsFrozenConfig): GateOutcome {
  const findings = new Findings();
  const tables: Table[] = [];
  for (const [i, loc] of (cfg.tables ?? []).entries()) {
    const b = locateBinding(ctx, loc, `${ID}.tables[${i}]`);
    for (const d of b.declarations) tables.push({ node: d, label: b.name });
  }
  if (cfg.resolver !== undefined) {
    const resolver = locateFunction(ctx, cfg.resolver, `${ID}.resolver`);
    for (const r of returnedExpressions(resolver))
      tablesReturned(r, tables, (node, message) => findings.add(ctx.finding(node, message)));
  }
  const seen = new Set<ts.Node>();
  let checks = 0;
  for (const t of tables) {
    if (seen.has(t.node.compilerNode)) continue;
    seen.add(t.node.compilerNode);
    checks++;
    const bad = judgeTable({
      node: t.node,
      label: nameText((t.node as Node & { getNameNode?: () => Node }).getNameNode?.()) ?? t.label,
    });
    if (bad !== undefined) findings.add(ctx.finding(bad.node, bad.message));
  }
  return { checks, findings: findings.list };
}
