/**
 * Syntax-tree lookups for mutant edits: by declaration name, property name and call shape, never
 * by text. Every lookup demands exactly one match, so a reference that changed shape makes the
 * mutant fail loudly (status `error`) instead of silently becoming the reference.
 */
import {
  Node,
  SyntaxKind,
  type ArrowFunction,
  type CallExpression,
  type Expression,
  type FunctionDeclaration,
  type IfStatement,
  type ObjectLiteralExpression,
  type SourceFile,
  type Statement,
  type VariableDeclaration,
} from 'ts-morph';

export class MutantEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MutantEditError';
  }
}

const where = (n: Node): string => `${n.getSourceFile().getBaseName()}:${n.getStartLineNumber()}`;

/** Exactly one of `nodes`, or a MutantEditError naming what was looked for. */
export function only<T extends Node>(nodes: readonly T[], what: string, scope: Node): T {
  if (nodes.length === 1) return nodes[0]!;
  const at = `${scope.getSourceFile().getBaseName()}${Node.isSourceFile(scope) ? '' : ` (in the node at ${where(scope)})`}`;
  throw new MutantEditError(
    nodes.length === 0 ? `${what}: not found in ${at}` : `${what}: ${nodes.length} matches in ${at}, expected one`,
  );
}

/** A top-level function declaration by name. */
export function fn(sf: SourceFile, name: string): FunctionDeclaration {
  return only(
    sf.getFunctions().filter((f) => f.getName() === name),
    `function ${name}`,
    sf,
  );
}

/** A variable declared (const/let) anywhere inside `scope`, by name. */
export function local(scope: Node, name: string): VariableDeclaration {
  return only(
    scope.getDescendantsOfKind(SyntaxKind.VariableDeclaration).filter((d) => d.getName() === name),
    `variable ${name}`,
    scope,
  );
}

/** The initializer of a variable declared inside `scope`. */
export function init(scope: Node, name: string): Expression {
  const d = local(scope, name);
  const e = d.getInitializer();
  if (e === undefined) throw new MutantEditError(`variable ${name} at ${where(d)} has no initializer`);
  return e;
}

/** The arrow function a variable inside `scope` is initialised with. */
export function arrow(scope: Node, name: string): ArrowFunction {
  const e = init(scope, name);
  if (!Node.isArrowFunction(e)) throw new MutantEditError(`variable ${name} at ${where(e)} is not an arrow function`);
  return e;
}

/** The object literal a function returns (its one `return { … }`, nested functions excluded). */
export function returnedObject(f: Node): ObjectLiteralExpression {
  const returns = f
    .getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => r.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) === f);
  const objects = returns
    .map((r) => r.getExpression())
    .filter((e): e is ObjectLiteralExpression => e !== undefined && Node.isObjectLiteralExpression(e));
  return only(objects, 'a returned object literal', f);
}

/** A member of an object literal by name: property, method or shorthand. */
export function member(obj: ObjectLiteralExpression, name: string): Node {
  const p = obj.getProperty(name);
  if (p === undefined) throw new MutantEditError(`member ${name}: not found in the object literal at ${where(obj)}`);
  return p;
}

/** The value expression of an object literal's property `name` (a `name: value` assignment). */
export function memberValue(obj: ObjectLiteralExpression, name: string): Expression {
  const p = member(obj, name);
  if (!Node.isPropertyAssignment(p))
    throw new MutantEditError(`member ${name} at ${where(p)} is not a "name: value" property`);
  return p.getInitializerOrThrow();
}

/** `object.name` property accesses inside `scope`. */
export function accesses(scope: Node, object: string, name: string): Node[] {
  return scope
    .getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)
    .filter(
      (p) => p.getName() === name && Node.isIdentifier(p.getExpression()) && p.getExpression().getText() === object,
    );
}

/** Whether `node` is an identifier named `name`, or `name` is one of its descendants' identifiers. */
export function mentions(node: Node, name: string): boolean {
  return (
    (Node.isIdentifier(node) && node.getText() === name) ||
    node.getDescendantsOfKind(SyntaxKind.Identifier).some((i) => i.getText() === name)
  );
}

/** Calls inside `scope` whose callee is the plain function `name`. */
export function callsOf(scope: Node, name: string): CallExpression[] {
  return scope
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((c) => Node.isIdentifier(c.getExpression()) && c.getExpression().getText() === name);
}

/** Calls inside `scope` of the method `object.method(...)`. */
export function methodCallsOf(scope: Node, object: string, method: string): CallExpression[] {
  return scope.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => {
    const e = c.getExpression();
    return (
      Node.isPropertyAccessExpression(e) &&
      e.getName() === method &&
      Node.isIdentifier(e.getExpression()) &&
      e.getExpression().getText() === object
    );
  });
}

/** The `if` statement inside `scope` whose condition reads `object.name`. */
export function ifReading(scope: Node, object: string, name: string): IfStatement {
  const ifs = scope
    .getDescendantsOfKind(SyntaxKind.IfStatement)
    .filter((s) => accesses(s.getExpression(), object, name).length > 0 || isAccess(s.getExpression(), object, name));
  return only(ifs, `the if statement whose condition reads ${object}.${name}`, scope);
}

function isAccess(n: Node, object: string, name: string): boolean {
  return Node.isPropertyAccessExpression(n) && n.getName() === name && n.getExpression().getText() === object;
}

/** The `if` statement of `scope` whose then-branch is `return <identifier>` (e.g. `return text;`). */
export function ifReturning(scope: Node, identifier: string): IfStatement {
  const ifs = scope.getDescendantsOfKind(SyntaxKind.IfStatement).filter((s) => {
    const then = s.getThenStatement();
    const ret = Node.isReturnStatement(then)
      ? then
      : Node.isBlock(then) && then.getStatements().length === 1
        ? then.getStatements()[0]
        : undefined;
    const e = ret !== undefined && Node.isReturnStatement(ret) ? ret.getExpression() : undefined;
    return e !== undefined && Node.isIdentifier(e) && e.getText() === identifier;
  });
  return only(ifs, `the if statement that returns ${identifier}`, scope);
}

/** The statement that contains `node` directly in a block or the file. */
export function statementOf(node: Node): Statement {
  const s = node.getFirstAncestor(
    (a) => Node.isStatement(a) && (Node.isBlock(a.getParentOrThrow()) || Node.isSourceFile(a.getParentOrThrow())),
  );
  if (s === undefined || !Node.isStatement(s))
    throw new MutantEditError(`no enclosing statement for the node at ${where(node)}`);
  return s;
}

/** Replaces one node with new source text (the one deliberate edit). */
export function replace(node: Node, text: string): void {
  node.replaceWithText(text);
}

/**
 * Drops one conjunct of an `&&` chain inside `condition`: the operand that `is` picks is removed
 * and its `&&` partner takes the place of the pair.
 */
export function dropConjunct(condition: Node, is: (operand: Node) => boolean, what: string): void {
  const pairs = [condition, ...condition.getDescendants()].filter(
    (n) =>
      Node.isBinaryExpression(n) &&
      n.getOperatorToken().getKind() === SyntaxKind.AmpersandAmpersandToken &&
      (is(n.getLeft()) || is(n.getRight())),
  );
  const pair = only(pairs, `the conjunct ${what}`, condition);
  if (!Node.isBinaryExpression(pair)) throw new MutantEditError(`the conjunct ${what} is not in an && expression`);
  const keep = is(pair.getRight()) ? pair.getLeft() : pair.getRight();
  pair.replaceWithText(keep.getText());
}

/** Whether `n` is the comparison `left op …` with the given left identifier and operator. */
export function isComparison(n: Node, left: string, op: SyntaxKind): boolean {
  return (
    Node.isBinaryExpression(n) &&
    n.getOperatorToken().getKind() === op &&
    Node.isIdentifier(n.getLeft()) &&
    n.getLeft().getText() === left
  );
}
