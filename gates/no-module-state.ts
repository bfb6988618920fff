/**
 * GATE-NO-MODULE-STATE (ISOLATION): nothing in the shim's files outlives a worker at module
 * level. Judged: every binding declared outside any function (`let`/`var` fail outright; a
 * `const` must hold an immutable value, see immutable.ts), static class fields (writable ones
 * fail; readonly ones must hold immutable values), `export default` / `module.exports` values,
 * and any write to a property of globalThis/global (process-wide state) anywhere in the files.
 */
import { Node, VariableDeclarationKind, type SourceFile } from 'ts-morph';
import type { NoModuleStateConfig } from './config.ts';
import type { GateContext } from './context.ts';
import { immutableValue, frozenContents } from './immutable.ts';
import { Findings, type GateOutcome } from './outcome.ts';
import { isAssignmentOperator, isFunctionLike, isGlobalName, unwrap } from './syntax.ts';

const ID = 'GATE-NO-MODULE-STATE';

function isModuleExports(target: Node): boolean {
  const t = unwrap(target);
  if (Node.isIdentifier(t)) return isGlobalName(t, 'exports');
  if (!Node.isPropertyAccessExpression(t)) return false;
  const recv = unwrap(t.getExpression());
  return (t.getName() === 'exports' && isGlobalName(recv, 'module')) || isModuleExports(recv);
}

function isGlobalObject(node: Node): boolean {
  const n = unwrap(node);
  return (
    isGlobalName(n, 'globalThis') || isGlobalName(n, 'global') || isGlobalName(n, 'window') || isGlobalName(n, 'self')
  );
}

export function moduleState(sf: SourceFile, add: (node: Node, message: string) => void): number {
  let checks = 0;
  sf.forEachDescendant((n, t) => {
    if (isFunctionLike(n)) {
      t.skip();
      return;
    }
    if (Node.isVariableDeclaration(n)) {
      if (n.getFirstAncestor((a) => isFunctionLike(a) || Node.isClassStaticBlockDeclaration(a)) !== undefined) return;
      const stmt = n.getVariableStatement();
      if (stmt?.hasDeclareKeyword()) return; // ambient: creates nothing
      checks++;
      const kind = stmt?.getDeclarationKind();
      if (
        kind !== VariableDeclarationKind.Const &&
        kind !== VariableDeclarationKind.Using &&
        kind !== VariableDeclarationKind.AwaitUsing
      ) {
        add(n, `module-level \`${kind ?? 'loop'}\` binding ${n.getName()} is shared by every worker of the process`);
        return;
      }
      const init = n.getInitializer();
      if (init === undefined) return;
      const v = immutableValue(init);
      if (!v.ok) add(n, `module-level ${n.getName()} holds ${v.reason}; every worker of the process shares it`);
      return;
    }
    if (Node.isPropertyDeclaration(n) && n.isStatic()) {
      checks++;
      if (!n.isReadonly()) {
        add(n, `static field ${n.getName()} is writable class state shared by every worker`);
        return;
      }
      const init = n.getInitializer();
      const v = init === undefined ? { ok: true as const } : immutableValue(init);
      if (!v.ok) add(n, `static field ${n.getName()} holds ${v.reason}; every worker shares it`);
      return;
    }
    if (Node.isExportAssignment(n)) {
      checks++;
      const v = immutableValue(n.getExpression());
      if (!v.ok) add(n, `the module's default export is ${v.reason}`);
      return;
    }
    if (
      Node.isBinaryExpression(n) &&
      isAssignmentOperator(n.getOperatorToken().getKind()) &&
      isModuleExports(n.getLeft())
    ) {
      // CommonJS exports are the module's interface: their members must be immutable, like a frozen literal's.
      checks++;
      const v = frozenContents(n.getRight(), new Set());
      if (!v.ok) add(n, `${n.getLeft().getText()} exports ${v.reason}`);
    }
  });
  // Process-wide state, written from anywhere in the file (inside functions too).
  sf.forEachDescendant((n) => {
    if (!Node.isBinaryExpression(n) || !isAssignmentOperator(n.getOperatorToken().getKind())) return;
    const left = unwrap(n.getLeft());
    if (
      (Node.isPropertyAccessExpression(left) || Node.isElementAccessExpression(left)) &&
      isGlobalObject(left.getExpression())
    ) {
      checks++;
      add(n, `writes ${left.getText()}: process-wide state shared by every worker`);
    }
  });
  return checks;
}

export function gateNoModuleState(ctx: GateContext, cfg: NoModuleStateConfig): GateOutcome {
  const findings = new Findings();
  let checks = 0;
  for (const sf of ctx.files(cfg.files, `${ID}.files`))
    checks += moduleState(sf, (node, message) => findings.add(ctx.finding(node, message)));
  return { checks, findings: findings.list };
}
