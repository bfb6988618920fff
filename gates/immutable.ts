/**
 * Whether a value is immutable, judged on the tree and the checker: primitives (by type or by
 * literal), functions and classes (behaviour, not state), `Object.freeze` of object/array
 * literals whose members are themselves immutable, a RegExp without the g/y flags (it keeps no
 * lastIndex between calls), and consts that alias such values. Everything else — Map, Set, `new`,
 * unfrozen literals, results of calls that are not primitive — cannot be proved immutable.
 */
import { Node, SyntaxKind, ts, VariableDeclarationKind } from 'ts-morph';
import { isGlobalMemberCall, isGlobalName, symbolOf, unwrap } from './syntax.ts';

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly node: Node; readonly reason: string };

const OK: Verdict = Object.freeze({ ok: true });
const no = (node: Node, reason: string): Verdict => ({ ok: false, node, reason });

const PRIMITIVE =
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.EnumLike |
  ts.TypeFlags.ESSymbolLike |
  ts.TypeFlags.VoidLike |
  ts.TypeFlags.Null |
  ts.TypeFlags.Never;

function isPrimitiveType(t: ts.Type): boolean {
  if (t.isUnion()) return t.types.every(isPrimitiveType);
  return (t.flags & PRIMITIVE) !== 0;
}

/** The checker says the value is a primitive (never `any`/`unknown`). */
export function hasPrimitiveType(node: Node): boolean {
  return isPrimitiveType(node.getType().compilerType);
}

function regexFlagsOk(flags: string): boolean {
  return !flags.includes('g') && !flags.includes('y');
}

function declarationVerdict(decl: Node, use: Node, seen: Set<Node>): Verdict {
  if (Node.isFunctionDeclaration(decl) || Node.isClassDeclaration(decl) || Node.isEnumDeclaration(decl)) return OK;
  if (Node.isVariableDeclaration(decl)) {
    const kind = decl.getVariableStatement()?.getDeclarationKind();
    if (kind !== VariableDeclarationKind.Const)
      return no(use, `${use.getText()} is a ${kind ?? 'loop'} binding, which can be rebound`);
    const init = decl.getInitializer();
    if (init === undefined) return no(use, `${use.getText()} has no initializer to judge`);
    return immutableValue(init, seen);
  }
  if (Node.isPropertyAssignment(decl)) {
    const init = decl.getInitializer();
    return init === undefined ? no(use, 'a property without a value') : immutableValue(init, seen);
  }
  if (Node.isShorthandPropertyAssignment(decl)) return immutableValue(decl.getNameNode(), seen);
  if (Node.isParameterDeclaration(decl)) return no(use, `${use.getText()} is a parameter`);
  return no(use, `cannot see what ${use.getText()} holds`);
}

/** Whether `expr`'s value is immutable; `seen` guards cycles through aliases. */
export function immutableValue(expr: Node, seen: Set<Node> = new Set()): Verdict {
  const e = unwrap(expr);
  if (seen.has(e)) return OK; // a cycle adds nothing new
  seen.add(e);
  if (Node.isFunctionExpression(e) || Node.isArrowFunction(e) || Node.isClassExpression(e)) return OK;
  if (hasPrimitiveType(e)) return OK;
  if (Node.isRegularExpressionLiteral(e)) {
    const text = e.getText();
    return regexFlagsOk(text.slice(text.lastIndexOf('/') + 1))
      ? OK
      : no(e, 'a RegExp with the g or y flag keeps lastIndex between calls');
  }
  if (Node.isNewExpression(e)) {
    if (isGlobalName(unwrap(e.getExpression()), 'RegExp')) {
      const flags = e.getArguments()[1];
      if (flags === undefined) return OK;
      const f = unwrap(flags);
      if (Node.isStringLiteral(f) || Node.isNoSubstitutionTemplateLiteral(f))
        return regexFlagsOk(f.getLiteralValue())
          ? OK
          : no(e, 'a RegExp with the g or y flag keeps lastIndex between calls');
      return no(e, 'a RegExp whose flags are not a literal');
    }
    return no(e, `a new ${unwrap(e.getExpression()).getText()} (mutable)`);
  }
  if (Node.isObjectLiteralExpression(e)) return no(e, 'an object literal (mutable; wrap it in Object.freeze)');
  if (Node.isArrayLiteralExpression(e)) return no(e, 'an array literal (mutable; wrap it in Object.freeze)');
  if (Node.isCallExpression(e)) {
    if (isGlobalMemberCall(e, 'Object', 'freeze')) {
      const [arg] = e.getArguments();
      return arg === undefined ? OK : frozenContents(arg, seen);
    }
    if (isGlobalMemberCall(e, 'Object', 'seal') || isGlobalMemberCall(e, 'Object', 'preventExtensions'))
      return no(e, 'Object.seal/preventExtensions leaves the values writable');
    return no(e, 'the result of a call, which cannot be proved immutable');
  }
  if (Node.isIdentifier(e)) {
    const sym = symbolOf(e);
    const decls = sym?.getDeclarations() ?? [];
    if (decls.length === 0) return no(e, `${e.getText()} does not resolve`);
    for (const d of decls) {
      if (d.getSourceFile().isDeclarationFile())
        return no(e, `${e.getText()} is an object declared outside the source`);
      const v = declarationVerdict(d, e, seen);
      if (!v.ok) return v;
    }
    return OK;
  }
  if (Node.isPropertyAccessExpression(e)) {
    const decls = symbolOf(e.getNameNode())?.getDeclarations() ?? [];
    if (decls.length === 0 || decls.some((d) => d.getSourceFile().isDeclarationFile()))
      return no(e, `cannot prove ${e.getText()} immutable`);
    for (const d of decls) {
      const v = declarationVerdict(d, e, seen);
      if (!v.ok) return v;
    }
    return OK;
  }
  if (Node.isConditionalExpression(e)) {
    const a = immutableValue(e.getWhenTrue(), seen);
    return a.ok ? immutableValue(e.getWhenFalse(), seen) : a;
  }
  if (Node.isBinaryExpression(e)) {
    const op = e.getOperatorToken().getKind();
    if (op === SyntaxKind.CommaToken || op === SyntaxKind.EqualsToken) return immutableValue(e.getRight(), seen);
    if (
      op === SyntaxKind.AmpersandAmpersandToken ||
      op === SyntaxKind.BarBarToken ||
      op === SyntaxKind.QuestionQuestionToken
    ) {
      const a = immutableValue(e.getLeft(), seen);
      return a.ok ? immutableValue(e.getRight(), seen) : a;
    }
  }
  return no(e, 'cannot be proved immutable');
}

/** Members of a literal handed to Object.freeze: each must be immutable itself (deep). */
export function frozenContents(arg: Node, seen: Set<Node>): Verdict {
  const a = unwrap(arg);
  if (Node.isObjectLiteralExpression(a)) {
    for (const m of a.getProperties()) {
      if (Node.isPropertyAssignment(m)) {
        const init = m.getInitializer();
        const v = init === undefined ? OK : immutableValue(init, seen);
        if (!v.ok) return v;
      } else if (Node.isShorthandPropertyAssignment(m)) {
        const v = immutableValue(m.getNameNode(), seen);
        if (!v.ok) return v;
      } else if (Node.isSpreadAssignment(m)) {
        const v = immutableValue(m.getExpression(), seen);
        if (!v.ok) return v;
      }
      // methods and accessors are behaviour
    }
    return OK;
  }
  if (Node.isArrayLiteralExpression(a)) {
    for (const el of a.getElements()) {
      if (Node.isSpreadElement(el)) {
        const inner = el.getExpression();
        // Spreading copies the items: primitives copied out of a mutable array are still immutable.
        const item = inner.getType().getNumberIndexType();
        if (item !== undefined && isPrimitiveType(item.compilerType)) continue;
        const v = immutableValue(inner, seen);
        if (!v.ok) return v;
      } else if (!Node.isOmittedExpression(el)) {
        const v = immutableValue(el, seen);
        if (!v.ok) return v;
      }
    }
    return OK;
  }
  return immutableValue(a, seen);
}
