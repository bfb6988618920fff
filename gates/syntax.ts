/** Small syntax-tree and symbol helpers shared by the gates (no text matching). */
import { Node, SyntaxKind, type Symbol as MorphSymbol, type Expression } from 'ts-morph';

/** Wrappers that do not change the value: parentheses, `as`, `satisfies`, `!`, `<T>x`. */
export function isValueWrapper(node: Node): boolean {
  return (
    Node.isParenthesizedExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isNonNullExpression(node) ||
    Node.isTypeAssertion(node)
  );
}

/** The expression inside any value wrappers. */
export function unwrap(node: Node): Node {
  let n = node;
  while (isValueWrapper(n)) n = (n as Node & { getExpression(): Expression }).getExpression();
  return n;
}

/** The outermost value wrapper around `node` (or `node` itself). */
export function outermost(node: Node): Node {
  let n = node;
  for (let p = n.getParent(); p !== undefined && isValueWrapper(p); p = p.getParent()) n = p;
  return n;
}

export type FunctionNode = Node & { getBody(): Node | undefined };

/** A function with code: declarations, expressions, arrows, methods, accessors, constructors. */
export function isFunctionWithBody(node: Node): node is FunctionNode {
  return (
    (Node.isFunctionDeclaration(node) ||
      Node.isFunctionExpression(node) ||
      Node.isArrowFunction(node) ||
      Node.isMethodDeclaration(node) ||
      Node.isConstructorDeclaration(node) ||
      Node.isGetAccessorDeclaration(node) ||
      Node.isSetAccessorDeclaration(node)) &&
    node.getBody() !== undefined
  );
}

export function isFunctionLike(node: Node): boolean {
  return (
    Node.isFunctionDeclaration(node) ||
    Node.isFunctionExpression(node) ||
    Node.isArrowFunction(node) ||
    Node.isMethodDeclaration(node) ||
    Node.isConstructorDeclaration(node) ||
    Node.isGetAccessorDeclaration(node) ||
    Node.isSetAccessorDeclaration(node)
  );
}

/** The nearest enclosing function of `node` (not `node` itself), or undefined at module level. */
export function enclosingFunction(node: Node): Node | undefined {
  return node.getFirstAncestor((p) => isFunctionLike(p));
}

/** The text of a name node when it is a plain name (identifier, #private, 'string', 0). */
export function nameText(nameNode: Node | undefined): string | undefined {
  if (nameNode === undefined) return undefined;
  if (Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode)) return nameNode.getText();
  if (Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode))
    return nameNode.getLiteralValue();
  if (Node.isNumericLiteral(nameNode)) return nameNode.getText();
  return undefined;
}

/** The symbol a name or expression refers to: shorthand values and import aliases followed. */
export function symbolOf(node: Node): MorphSymbol | undefined {
  const parent = node.getParent();
  let sym: MorphSymbol | undefined;
  if (parent !== undefined && Node.isShorthandPropertyAssignment(parent) && parent.getNameNode() === node)
    sym = parent.getValueSymbol();
  else sym = node.getSymbol();
  for (let i = 0; sym !== undefined && sym.isAlias() && i < 16; i++) {
    const next = sym.getAliasedSymbol();
    if (next === undefined || next === sym) break;
    sym = next;
  }
  return sym;
}

/** Declarations of the symbol `node` refers to (aliases followed). */
export function declarationsOf(node: Node): Node[] {
  return symbolOf(node)?.getDeclarations() ?? [];
}

/**
 * Whether identifier `id` is the global `name` (e.g. Object, Math, Boolean), not a local binding
 * that shadows it: unresolved, or declared only in declaration files (the lib, @types).
 */
export function isGlobalName(id: Node, name: string): boolean {
  if (!Node.isIdentifier(id) || id.getText() !== name) return false;
  const decls = declarationsOf(id);
  return decls.every((d) => d.getSourceFile().isDeclarationFile());
}

/** `Object.freeze(...)`-style call of a global: `call` is `<global>.<member>(…)`. */
export function isGlobalMemberCall(node: Node, global: string, member: string): boolean {
  if (!Node.isCallExpression(node)) return false;
  const callee = unwrap(node.getExpression());
  return (
    Node.isPropertyAccessExpression(callee) &&
    callee.getName() === member &&
    isGlobalName(unwrap(callee.getExpression()), global)
  );
}

export function isAssignmentOperator(kind: SyntaxKind): boolean {
  return (
    kind === SyntaxKind.EqualsToken ||
    kind === SyntaxKind.QuestionQuestionEqualsToken ||
    kind === SyntaxKind.BarBarEqualsToken ||
    kind === SyntaxKind.AmpersandAmpersandEqualsToken
  );
}

/** Return expressions of a function: `return x` statements of its own body, or an arrow's body. */
export function returnedExpressions(fn: Node): Node[] {
  if (Node.isArrowFunction(fn)) {
    const body = fn.getBody();
    if (!Node.isBlock(body)) return [body];
  }
  const out: Node[] = [];
  const body = (fn as FunctionNode).getBody();
  body?.forEachDescendant((n, t) => {
    if (isFunctionLike(n) || Node.isClassDeclaration(n) || Node.isClassExpression(n)) {
      t.skip();
      return;
    }
    if (Node.isReturnStatement(n)) {
      const e = n.getExpression();
      if (e !== undefined) out.push(e);
    }
  });
  return out;
}

/** A function-valued declaration's function: `f() {}`, `const f = () => …`, `{ f: function () {} }`. */
export function functionOfDeclaration(decl: Node): Node | undefined {
  if (isFunctionWithBody(decl)) return decl;
  if (Node.isVariableDeclaration(decl) || Node.isPropertyAssignment(decl) || Node.isPropertyDeclaration(decl)) {
    const init = decl.getInitializer();
    if (init !== undefined) {
      const f = unwrap(init);
      if (isFunctionWithBody(f)) return f;
    }
  }
  if (Node.isBinaryExpression(decl) && decl.getOperatorToken().getKind() === SyntaxKind.EqualsToken) {
    const f = unwrap(decl.getRight());
    if (isFunctionWithBody(f)) return f;
  }
  return undefined;
}

/** The declared name of a function node (for messages). */
export function functionName(fn: Node): string {
  if (
    Node.isFunctionDeclaration(fn) ||
    Node.isMethodDeclaration(fn) ||
    Node.isGetAccessorDeclaration(fn) ||
    Node.isSetAccessorDeclaration(fn)
  )
    return fn.getName() ?? '(anonymous)';
  if (Node.isConstructorDeclaration(fn)) return `${fn.getParent().getName() ?? 'class'} constructor`;
  const p = fn.getParent();
  if (
    p !== undefined &&
    (Node.isVariableDeclaration(p) || Node.isPropertyAssignment(p) || Node.isPropertyDeclaration(p))
  )
    return nameText(p.getNameNode()) ?? '(anonymous)';
  if (p !== undefined && Node.isBinaryExpression(p)) return p.getLeft().getText();
  const outer = enclosingFunction(fn);
  if (p !== undefined && Node.isReturnStatement(p) && outer !== undefined)
    return `the function ${functionName(outer)} returns`;
  return '(anonymous function)';
}

/** Inside a JSDoc comment (a tag, a type in braces, a {@link}): documentation, never a use. */
export function isInJsDoc(node: Node): boolean {
  return node.getFirstAncestor((a) => Node.isJSDoc(a)) !== undefined;
}

/** Where a node is, for messages: `file.ts:12`. */
export function at(node: Node): string {
  return `${node.getSourceFile().getBaseName()}:${node.getStartLineNumber()}`;
}
