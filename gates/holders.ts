/**
 * Who holds a value: starting from a binding (the ledger), every binding the value can flow into
 * by identity — aliases (`const l = ledger`), assignments (`this.l = ledger`), properties of
 * object literals (`{ ledger }`, and the interface property they are typed by), parameters it is
 * passed to, members taken from it (`ledger.byPath`), `.bind` of its methods — found with the
 * language service's references, to a fixpoint. Data computed from it (`ledger.get(k)`, a
 * primitive member) is not the value itself and does not flow.
 */
import { Node, SyntaxKind, type Symbol as MorphSymbol, type ts } from 'ts-morph';
import type { GateContext } from './context.ts';
import { hasPrimitiveType } from './immutable.ts';
import {
  at,
  functionOfDeclaration,
  isAssignmentOperator,
  isValueWrapper,
  nameText,
  symbolOf,
  unwrap,
} from './syntax.ts';

function isPropertyLike(decl: Node): boolean {
  return (
    Node.isPropertyDeclaration(decl) ||
    Node.isPropertyAssignment(decl) ||
    Node.isShorthandPropertyAssignment(decl) ||
    Node.isPropertySignature(decl) ||
    Node.isBinaryExpression(decl) ||
    Node.isPropertyAccessExpression(decl)
  );
}

/** The node carrying a declaration's name, for the language service. */
function nameNodeOf(decl: Node): Node | undefined {
  if (Node.isBinaryExpression(decl)) {
    const left = unwrap(decl.getLeft());
    return Node.isPropertyAccessExpression(left) ? left.getNameNode() : undefined;
  }
  if (Node.isPropertyAccessExpression(decl)) return decl.getNameNode();
  const n = (decl as Node & { getNameNode?: () => Node | undefined }).getNameNode?.();
  return n !== undefined && (Node.isIdentifier(n) || Node.isPrivateIdentifier(n)) ? n : undefined;
}

function declName(decl: Node): string {
  return nameText(nameNodeOf(decl)) ?? decl.getText().slice(0, 30);
}

export class Holders {
  readonly #ctx: GateContext;
  readonly #why = new Map<ts.Node, string>();
  readonly #queue: Node[] = [];
  readonly #refsSeen = new Set<ts.Node>();
  /** Names of properties that hold the value (for untyped receivers in JS). */
  readonly propertyNames = new Set<string>();
  /** References examined while propagating. */
  references = 0;

  constructor(ctx: GateContext) {
    this.#ctx = ctx;
  }

  /** Seeds a binding and propagates to the fixpoint. */
  seed(declarations: readonly Node[], label: string): void {
    for (const d of declarations) this.#add(d, `${label} (${at(d)})`);
    this.#drain();
  }

  holds(sym: MorphSymbol | undefined): boolean {
    return sym !== undefined && sym.getDeclarations().some((d) => this.#why.has(d.compilerNode));
  }

  /** Why a symbol holds the value, for messages. */
  why(sym: MorphSymbol): string {
    for (const d of sym.getDeclarations()) {
      const w = this.#why.get(d.compilerNode);
      if (w !== undefined) return w;
    }
    return 'the value';
  }

  #add(decl: Node, why: string): void {
    if (!this.#ctx.isOwnCode(decl) || this.#why.has(decl.compilerNode)) return;
    this.#why.set(decl.compilerNode, why);
    if (isPropertyLike(decl)) {
      const n = nameText(nameNodeOf(decl));
      if (n !== undefined) this.propertyNames.add(n);
    }
    this.#queue.push(decl);
  }

  #addSymbol(sym: MorphSymbol | undefined, via: Node, from: string): void {
    if (sym === undefined) return;
    for (const d of sym.getDeclarations()) this.#add(d, `\`${declName(d)}\` (${at(via)}), which holds ${from}`);
  }

  #drain(): void {
    for (let decl = this.#queue.shift(); decl !== undefined; decl = this.#queue.shift()) {
      const from = this.#why.get(decl.compilerNode) ?? 'the value';
      for (const ref of this.#references(decl)) {
        if (this.#refsSeen.has(ref.compilerNode) || !this.#ctx.isOwnCode(ref)) continue;
        this.#refsSeen.add(ref.compilerNode);
        this.references++;
        this.#flow(ref, from);
      }
    }
  }

  #references(decl: Node): Node[] {
    const name = nameNodeOf(decl);
    if (name === undefined) return [];
    try {
      if (Node.isIdentifier(name)) return name.findReferencesAsNodes();
      if (Node.isPropertyDeclaration(decl)) return decl.findReferencesAsNodes();
    } catch {
      // the language service cannot search this name (e.g. a synthetic declaration)
    }
    return [];
  }

  /** Marks the property a value is stored under in an object literal, and the type's property. */
  #property(prop: Node, from: string): void {
    this.#add(prop, `\`${declName(prop)}\` (${at(prop)}), which holds ${from}`);
    const lit = prop.getParent();
    const name = nameText((prop as Node & { getNameNode(): Node }).getNameNode());
    if (lit === undefined || !Node.isObjectLiteralExpression(lit) || name === undefined) return;
    this.#addSymbol(lit.getContextualType()?.getProperty(name), prop, from);
  }

  /** Where the value at reference `ref` goes. */
  #flow(ref: Node, from: string): void {
    let e: Node = ref;
    const p = ref.getParent();
    if (p === undefined) return;
    if (Node.isPropertyAccessExpression(p) && p.getNameNode() === ref) e = p;
    else if (Node.isShorthandPropertyAssignment(p) && p.getNameNode() === ref) {
      this.#property(p, from);
      e = p.getParent();
    }
    for (;;) {
      const q = e.getParent();
      if (q === undefined) return;
      if (
        isValueWrapper(q) ||
        Node.isAwaitExpression(q) ||
        Node.isArrayLiteralExpression(q) ||
        Node.isSpreadElement(q) ||
        Node.isSpreadAssignment(q) ||
        Node.isObjectLiteralExpression(q)
      ) {
        e = q;
        continue;
      }
      if (Node.isConditionalExpression(q) && q.getCondition() !== e) {
        e = q;
        continue;
      }
      if (Node.isBinaryExpression(q)) {
        const op = q.getOperatorToken().getKind();
        if (
          op === SyntaxKind.AmpersandAmpersandToken ||
          op === SyntaxKind.BarBarToken ||
          op === SyntaxKind.QuestionQuestionToken ||
          (op === SyntaxKind.CommaToken && q.getRight() === e)
        ) {
          e = q;
          continue;
        }
      }
      if (Node.isPropertyAssignment(q) && q.getInitializer() === e) {
        this.#property(q, from);
        e = q;
        continue;
      }
      if ((Node.isPropertyAccessExpression(q) || Node.isElementAccessExpression(q)) && q.getExpression() === e) {
        const call = q.getParent();
        if (call !== undefined && Node.isCallExpression(call) && call.getExpression() === q) {
          if (Node.isPropertyAccessExpression(q) && q.getName() === 'bind') {
            e = call;
            continue;
          }
          return; // a method's result is data, not the value
        }
        if (hasPrimitiveType(q)) return;
        e = q; // a member of it (its map, a method taken off it) is part of it
        continue;
      }
      break;
    }
    this.#sink(e, from);
  }

  #sink(e: Node, from: string): void {
    const q = e.getParent();
    if (q === undefined) return;
    if (Node.isVariableDeclaration(q) && q.getInitializer() === e) {
      const name = q.getNameNode();
      if (Node.isIdentifier(name)) this.#add(q, `\`${name.getText()}\` (${at(q)}), which holds ${from}`);
      else
        for (const b of name.getDescendantsOfKind(SyntaxKind.BindingElement))
          this.#add(b, `\`${declName(b)}\` (${at(b)}), taken from ${from}`);
      return;
    }
    if (Node.isBinaryExpression(q) && isAssignmentOperator(q.getOperatorToken().getKind()) && q.getRight() === e) {
      const left = unwrap(q.getLeft());
      if (Node.isIdentifier(left)) this.#addSymbol(symbolOf(left), q, from);
      else if (Node.isPropertyAccessExpression(left)) this.#addSymbol(symbolOf(left.getNameNode()), q, from);
      else if (Node.isElementAccessExpression(left)) this.#addSymbol(symbolOf(unwrap(left.getExpression())), q, from);
      else for (const id of left.getDescendantsOfKind(SyntaxKind.Identifier)) this.#addSymbol(symbolOf(id), q, from);
      return;
    }
    if ((Node.isPropertyDeclaration(q) || Node.isParameterDeclaration(q)) && q.getInitializer() === e) {
      this.#add(q, `\`${declName(q)}\` (${at(q)}), which holds ${from}`);
      return;
    }
    if ((Node.isCallExpression(q) || Node.isNewExpression(q)) && q.getArguments().includes(e)) {
      const index = q.getArguments().indexOf(e);
      const callee = unwrap(q.getExpression());
      const target = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
      for (const d of symbolOf(target)?.getDeclarations() ?? []) {
        const fns =
          Node.isClassDeclaration(d) || Node.isClassExpression(d) ? d.getConstructors() : [functionOfDeclaration(d)];
        for (const fn of fns) {
          if (fn === undefined || !('getParameters' in fn)) continue;
          const params = (fn as Node & { getParameters(): Node[] }).getParameters();
          const last = params[params.length - 1];
          const param =
            params[index] ??
            (last !== undefined && Node.isParameterDeclaration(last) && last.isRestParameter() ? last : undefined);
          if (param !== undefined)
            this.#add(param, `parameter \`${declName(param)}\` (${at(param)}), which is passed ${from} at ${at(q)}`);
        }
      }
    }
  }
}
