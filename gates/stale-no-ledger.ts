/**
 * GATE-STALE-NO-LEDGER (STALE-NO-RECORD): no code the stale serve can run reaches the ledger.
 * "Can run" = the serve's own body plus, to a fixpoint, every function of the project it refers
 * to (called or passed on), the methods and getters its member accesses resolve to, constructors
 * of classes it instantiates, functions stored in the bindings it reads (initializers and later
 * assignments) and closures a factory returned into them. "Reaches" = an identifier there resolves to a binding that holds the ledger
 * (see holders.ts). In untyped JS, a member access whose receiver has no type is matched by the
 * name of a property that holds the ledger (conservative).
 */
import { Node, SyntaxKind, VariableDeclarationKind, type Symbol as MorphSymbol, type ts } from 'ts-morph';
import type { StaleNoLedgerConfig } from './config.ts';
import type { GateContext } from './context.ts';
import { Holders } from './holders.ts';
import { locateBinding, locateFunction } from './locate.ts';
import { Findings, type GateOutcome } from './outcome.ts';
import {
  at,
  functionName,
  functionOfDeclaration,
  isAssignmentOperator,
  isFunctionWithBody,
  returnedExpressions,
  unwrap,
} from './syntax.ts';

const ID = 'GATE-STALE-NO-LEDGER';

class Reach {
  checks = 0;
  readonly findings = new Findings();
  readonly #ctx: GateContext;
  readonly #holders: Holders;
  readonly #queue: Array<{ root: Node; via: string }> = [];
  readonly #rooted = new Set<ts.Node>();
  readonly #followed = new Set<ts.Node>();
  readonly #returnedFrom = new Set<ts.Node>();

  constructor(ctx: GateContext, holders: Holders) {
    this.#ctx = ctx;
    this.#holders = holders;
  }

  run(serve: Node): void {
    this.#root(serve, '');
    for (let item = this.#queue.shift(); item !== undefined; item = this.#queue.shift()) {
      const { root, via } = item;
      root.forEachDescendant((n, t) => {
        if (Node.isTypeNode(n) || Node.isInterfaceDeclaration(n) || Node.isTypeAliasDeclaration(n)) t.skip();
        else if (Node.isIdentifier(n) || Node.isPrivateIdentifier(n)) this.#examine(n, via);
      });
    }
  }

  #root(fn: Node, via: string): void {
    if (!this.#ctx.isOwnCode(fn) || this.#rooted.has(fn.compilerNode)) return;
    this.#rooted.add(fn.compilerNode);
    this.#queue.push({ root: fn, via });
  }

  #examine(id: Node, via: string): void {
    this.checks++;
    const parent = id.getParent();
    const sym =
      parent !== undefined && Node.isShorthandPropertyAssignment(parent) && parent.getNameNode() === id
        ? parent.getValueSymbol()
        : id.getSymbol();
    const resolved = sym?.isAlias() ? (sym.getAliasedSymbol() ?? sym) : sym;
    const where = via === '' ? '' : ` through ${via}`;
    const declares =
      parent !== undefined &&
      (Node.isVariableDeclaration(parent) ||
        Node.isParameterDeclaration(parent) ||
        Node.isBindingElement(parent) ||
        Node.isPropertyDeclaration(parent) ||
        Node.isPropertyAssignment(parent)) &&
      parent.getNameNode() === id;
    if (this.#holders.holds(resolved) && !declares) {
      this.findings.add(
        this.#ctx.finding(
          id,
          `the stale serve reaches the ledger${where}: \`${id.getText()}\` is ${this.#holders.why(resolved!)}`,
        ),
      );
    } else if (
      resolved === undefined &&
      parent !== undefined &&
      Node.isPropertyAccessExpression(parent) &&
      parent.getNameNode() === id &&
      this.#holders.propertyNames.has(id.getText()) &&
      parent.getExpression().getType().isAny()
    ) {
      this.findings.add(
        this.#ctx.finding(
          parent,
          `the stale serve${where} reads \`.${id.getText()}\` off an untyped value; a property of that name holds the ledger`,
        ),
      );
    }
    if (resolved !== undefined) this.#follow(resolved, id, via);
  }

  #follow(sym: MorphSymbol, use: Node, via: string): void {
    for (const d of sym.getDeclarations()) {
      if (!this.#ctx.isOwnCode(d) || this.#followed.has(d.compilerNode)) continue;
      this.#followed.add(d.compilerNode);
      const step = (fn: Node): string => `${via === '' ? '' : `${via} → `}\`${functionName(fn)}\` (${at(fn)})`;
      const fn = functionOfDeclaration(d);
      if (fn !== undefined) {
        this.#root(fn, step(fn));
        continue;
      }
      if (Node.isClassDeclaration(d) || Node.isClassExpression(d)) {
        const call = use.getParent();
        if (call !== undefined && Node.isNewExpression(call)) {
          for (const c of d.getConstructors()) if (isFunctionWithBody(c)) this.#root(c, step(c));
          for (const p of d.getProperties()) {
            const init = p.isStatic() ? undefined : p.getInitializer();
            if (init !== undefined) this.#value(init, via);
          }
        }
        continue;
      }
      if (
        Node.isVariableDeclaration(d) ||
        Node.isPropertyDeclaration(d) ||
        Node.isPropertyAssignment(d) ||
        Node.isBindingElement(d) ||
        Node.isParameterDeclaration(d)
      ) {
        const init = d.getInitializer();
        if (init !== undefined) this.#value(init, via);
        if (this.#rebindable(d)) this.#assignments(d, via);
        continue;
      }
      if (Node.isBinaryExpression(d)) this.#value(d.getRight(), via); // JS: `this.x = …` declares x
    }
  }

  #rebindable(d: Node): boolean {
    if (Node.isVariableDeclaration(d))
      return d.getVariableStatement()?.getDeclarationKind() !== VariableDeclarationKind.Const;
    if (Node.isPropertyDeclaration(d)) return !d.isReadonly();
    return Node.isParameterDeclaration(d);
  }

  /** Values assigned to a rebindable binding after its declaration. */
  #assignments(d: Node, via: string): void {
    const name = (d as Node & { getNameNode(): Node }).getNameNode();
    let refs: Node[] = [];
    try {
      refs = Node.isIdentifier(name)
        ? name.findReferencesAsNodes()
        : Node.isPropertyDeclaration(d)
          ? d.findReferencesAsNodes()
          : [];
    } catch {
      refs = [];
    }
    for (const r of refs) {
      let target: Node = r;
      const p = r.getParent();
      if (p !== undefined && Node.isPropertyAccessExpression(p) && p.getNameNode() === r) target = p;
      const assign = target.getParent();
      if (
        assign !== undefined &&
        Node.isBinaryExpression(assign) &&
        isAssignmentOperator(assign.getOperatorToken().getKind()) &&
        unwrap(assign.getLeft()) === target
      )
        this.#value(assign.getRight(), via);
    }
  }

  /** What a call of an own function hands back: its returned values (closures, names). */
  #returned(callee: Node, via: string): void {
    const target = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
    const sym = target.getSymbol();
    for (const d of (sym?.isAlias() ? sym.getAliasedSymbol() : sym)?.getDeclarations() ?? []) {
      const fn = this.#ctx.isOwnCode(d) ? functionOfDeclaration(d) : undefined;
      if (fn === undefined || this.#returnedFrom.has(fn.compilerNode)) continue;
      this.#returnedFrom.add(fn.compilerNode);
      for (const r of returnedExpressions(fn)) this.#value(r, via);
    }
  }

  /** The values a binding can hold: functions to run, names to examine. */
  #value(expr: Node, via: string): void {
    const e = unwrap(expr);
    if (isFunctionWithBody(e)) this.#root(e, `${via === '' ? '' : `${via} → `}\`${functionName(e)}\` (${at(e)})`);
    else if (Node.isIdentifier(e)) this.#examine(e, via);
    else if (Node.isPropertyAccessExpression(e)) this.#examine(e.getNameNode(), via);
    else if (Node.isObjectLiteralExpression(e)) {
      for (const m of e.getProperties()) {
        if (Node.isPropertyAssignment(m)) {
          const init = m.getInitializer();
          if (init !== undefined) this.#value(init, via);
        } else if (Node.isShorthandPropertyAssignment(m)) this.#examine(m.getNameNode(), via);
        else if (Node.isSpreadAssignment(m)) this.#value(m.getExpression(), via);
        else if (isFunctionWithBody(m))
          this.#root(m, `${via === '' ? '' : `${via} → `}\`${functionName(m)}\` (${at(m)})`);
      }
    } else if (Node.isArrayLiteralExpression(e)) {
      for (const el of e.getElements()) this.#value(Node.isSpreadElement(el) ? el.getExpression() : el, via);
    } else if (Node.isConditionalExpression(e)) {
      this.#value(e.getWhenTrue(), via);
      this.#value(e.getWhenFalse(), via);
    } else if (Node.isBinaryExpression(e)) {
      const op = e.getOperatorToken().getKind();
      if (
        op === SyntaxKind.AmpersandAmpersandToken ||
        op === SyntaxKind.BarBarToken ||
        op === SyntaxKind.QuestionQuestionToken
      ) {
        this.#value(e.getLeft(), via);
        this.#value(e.getRight(), via);
      } else if (op === SyntaxKind.CommaToken || isAssignmentOperator(op)) this.#value(e.getRight(), via);
    } else if (Node.isAwaitExpression(e)) this.#value(e.getExpression(), via);
    else if (Node.isCallExpression(e)) {
      const callee = unwrap(e.getExpression());
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'bind')
        this.#value(callee.getExpression(), via);
      else this.#returned(callee, via); // a factory's result: the closures it returns can run later
    } else if (Node.isNewExpression(e)) {
      const callee = unwrap(e.getExpression());
      if (Node.isIdentifier(callee)) this.#examine(callee, via);
    }
  }
}

export function gateStaleNoLedger(ctx: GateContext, cfg: StaleNoLedgerConfig): GateOutcome {
  const serve = locateFunction(ctx, cfg.serve, `${ID}.serve`);
  const holders = new Holders(ctx);
  for (const [i, loc] of cfg.ledger.entries()) {
    const b = locateBinding(ctx, loc, `${ID}.ledger[${i}]`);
    holders.seed(b.declarations, `the ledger \`${b.name}\``);
  }
  const reach = new Reach(ctx, holders);
  reach.run(serve);
  return { checks: reach.checks, findings: reach.findings.list };
}
