/**
 * Locators → nodes. `function` is a name or a dotted path (`createReadShim.serveStale`): each part
 * is a function declaration, method, accessor, class, or a variable / property / `x.name = …`
 * whose value is a function, found inside the previous part. `binding` is a variable, parameter,
 * property, or `this.name = …`, found inside the function (or the file). Every lookup must be
 * unique; a miss or an ambiguity is a config error naming the lines.
 */
import { Node, SyntaxKind, type SourceFile, type Symbol as MorphSymbol } from 'ts-morph';
import type { Locator } from './config.ts';
import type { GateContext } from './context.ts';
import { GateConfigError } from './errors.ts';
import { isAssignmentOperator, isFunctionWithBody, nameText, unwrap } from './syntax.ts';

/** A function with code, or a class (as a scope). */
function functionsNamed(scope: Node, name: string): Node[] {
  const out: Node[] = [];
  scope.forEachDescendant((n) => {
    if (
      (Node.isFunctionDeclaration(n) ||
        Node.isMethodDeclaration(n) ||
        Node.isGetAccessorDeclaration(n) ||
        Node.isSetAccessorDeclaration(n)) &&
      nameText(n.getNameNode()) === name &&
      n.getBody() !== undefined
    )
      out.push(n);
    else if ((Node.isClassDeclaration(n) || Node.isClassExpression(n)) && n.getName() === name) out.push(n);
    else if (
      (Node.isVariableDeclaration(n) || Node.isPropertyAssignment(n) || Node.isPropertyDeclaration(n)) &&
      nameText(n.getNameNode()) === name
    ) {
      const init = n.getInitializer();
      const f = init === undefined ? undefined : unwrap(init);
      if (f !== undefined && (isFunctionWithBody(f) || Node.isClassExpression(f)) && !out.includes(f)) out.push(f);
    } else if (Node.isBinaryExpression(n) && n.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
      const left = unwrap(n.getLeft());
      const f = unwrap(n.getRight());
      if (Node.isPropertyAccessExpression(left) && left.getName() === name && isFunctionWithBody(f)) out.push(f);
    }
  });
  return out;
}

function lines(nodes: readonly Node[]): string {
  return nodes.map((n) => n.getStartLineNumber()).join(', ');
}

/** The node a locator's `function` names inside `sf` (a function with code, or a class). */
export function locateScope(sf: SourceFile, path: string, where: string, relFile: string): Node {
  let scope: Node = sf;
  for (const part of path.split('.')) {
    const found = functionsNamed(scope, part);
    if (found.length === 0)
      throw new GateConfigError(
        `${where}: no function or class named ${part} in ${relFile}${scope === sf ? '' : ' (inside the previous part of the path)'}`,
      );
    if (found.length > 1)
      throw new GateConfigError(
        `${where}: ${found.length} functions named ${part} in ${relFile} (lines ${lines(found)}); qualify it with a dotted path`,
      );
    scope = found[0]!;
  }
  return scope;
}

export function locateFunction(ctx: GateContext, loc: Locator, where: string): Node {
  const sf = ctx.file(loc.file, where);
  const fn = locateScope(sf, loc.function ?? '', where, loc.file);
  if (!isFunctionWithBody(fn))
    throw new GateConfigError(`${where}: ${loc.function} in ${loc.file} is a class, not a function`);
  return fn;
}

export interface LocatedBinding {
  /** Every declaration of the binding (a JS `this.x = …` property has one per assignment). */
  readonly declarations: readonly Node[];
  readonly symbol: MorphSymbol;
  readonly name: string;
}

/** Declarations named `name` inside `scope`, with the node that carries each one's symbol. */
function bindingCandidates(scope: Node, name: string): Array<{ decl: Node; nameNode: Node }> {
  const out: Array<{ decl: Node; nameNode: Node }> = [];
  const visit = (n: Node): void => {
    if (
      Node.isVariableDeclaration(n) ||
      Node.isParameterDeclaration(n) ||
      Node.isBindingElement(n) ||
      Node.isPropertyDeclaration(n) ||
      Node.isPropertyAssignment(n) ||
      Node.isFunctionDeclaration(n) ||
      Node.isClassDeclaration(n)
    ) {
      const nameNode = n.getNameNode();
      if (nameNode !== undefined && nameText(nameNode) === name) out.push({ decl: n, nameNode });
    } else if (Node.isBinaryExpression(n) && isAssignmentOperator(n.getOperatorToken().getKind())) {
      const left = unwrap(n.getLeft());
      if (
        Node.isPropertyAccessExpression(left) &&
        Node.isThisExpression(unwrap(left.getExpression())) &&
        left.getName() === name
      )
        out.push({ decl: n, nameNode: left.getNameNode() });
    }
  };
  if (Node.isParameterDeclaration(scope) || Node.isVariableDeclaration(scope)) visit(scope);
  scope.forEachDescendant(visit);
  return out;
}

export function locateBinding(ctx: GateContext, loc: Locator, where: string): LocatedBinding {
  const sf = ctx.file(loc.file, where);
  const scope = loc.function === undefined ? sf : locateScope(sf, loc.function, where, loc.file);
  const name = loc.binding ?? '';
  const bySymbol = new Map<unknown, { symbol: MorphSymbol; nodes: Node[] }>();
  for (const { decl, nameNode } of bindingCandidates(scope, name)) {
    const symbol = nameNode.getSymbol();
    if (symbol === undefined) continue;
    const entry = bySymbol.get(symbol.compilerSymbol) ?? { symbol, nodes: [] };
    entry.nodes.push(decl);
    bySymbol.set(symbol.compilerSymbol, entry);
  }
  const inWhat = `${loc.file}${loc.function === undefined ? '' : ` (inside ${loc.function})`}`;
  if (bySymbol.size === 0) throw new GateConfigError(`${where}: no binding named ${name} in ${inWhat}`);
  if (bySymbol.size > 1) {
    const all = [...bySymbol.values()].flatMap((e) => e.nodes);
    throw new GateConfigError(
      `${where}: ${bySymbol.size} different bindings named ${name} in ${inWhat} (lines ${lines(all)}); name the function that holds the one you mean`,
    );
  }
  const [{ symbol }] = [...bySymbol.values()] as [{ symbol: MorphSymbol; nodes: Node[] }];
  const declarations =
    symbol.getDeclarations().length > 0 ? symbol.getDeclarations() : bySymbol.values().next().value!.nodes;
  return { declarations, symbol, name };
}
