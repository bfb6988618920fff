/**
 * GATE-SLICE-VIA-BOUNDARY (UTF8-WHOLE): every byte slice of content — `buf.subarray(a, end)`,
 * `buf.slice(a, end)`, `buf.toString(enc, a, end)` on a Buffer/Uint8Array — takes `end` from the
 * UTF-8 boundary function. Accepted ends: a call to a configured boundary function (of the same
 * content, when `bufferArg` is set), the byte length of the same content (`buf.length`,
 * `Buffer.byteLength(text)` when `buf` was made from `text`: the end of the content is a
 * boundary), 0, min/max of accepted ends, either branch of a conditional, and names bound only to
 * accepted ends (a parameter: accepted at every call site). Raw arithmetic (`start + cap`) fails.
 */
import { Node, SyntaxKind, VariableDeclarationKind, type Type, type ts } from 'ts-morph';
import type { SliceViaBoundaryConfig } from './config.ts';
import type { GateContext } from './context.ts';
import { locateFunction } from './locate.ts';
import { Findings, type GateOutcome } from './outcome.ts';
import {
  functionOfDeclaration,
  isAssignmentOperator,
  isGlobalMemberCall,
  isGlobalName,
  returnedExpressions,
  symbolOf,
  unwrap,
} from './syntax.ts';

const ID = 'GATE-SLICE-VIA-BOUNDARY';
const BYTE_TYPES = new Set(['Buffer', 'Uint8Array', 'Uint8ClampedArray']);
const BUFFER_MAKERS = new Set(['from', 'alloc', 'allocUnsafe', 'allocUnsafeSlow', 'concat']);

function isBytesType(t: Type, depth = 0): boolean {
  if (depth > 8) return false;
  if (t.isUnion()) return t.getUnionTypes().some((u) => isBytesType(u, depth + 1));
  const name = t.getSymbol()?.getName() ?? t.getAliasSymbol()?.getName();
  if (name !== undefined && BYTE_TYPES.has(name)) return true;
  return t.getBaseTypes().some((b) => isBytesType(b, depth + 1));
}

/** Untyped JS: a name bound to `Buffer.from(…)`-like or `new Uint8Array(…)`. */
function madeAsBytes(node: Node): boolean {
  const e = unwrap(node);
  if (Node.isCallExpression(e)) {
    const callee = unwrap(e.getExpression());
    return (
      Node.isPropertyAccessExpression(callee) &&
      BUFFER_MAKERS.has(callee.getName()) &&
      isGlobalName(unwrap(callee.getExpression()), 'Buffer')
    );
  }
  if (Node.isNewExpression(e)) return isGlobalName(unwrap(e.getExpression()), 'Uint8Array');
  if (Node.isIdentifier(e)) {
    const d = symbolOf(e)?.getDeclarations()[0];
    const init = d !== undefined && Node.isVariableDeclaration(d) ? d.getInitializer() : undefined;
    return init !== undefined && madeAsBytes(init);
  }
  return false;
}

function isBytes(node: Node, method: string): boolean {
  const t = node.getType();
  if (isBytesType(t)) return true;
  if (t.isAny() || t.isUnknown()) return method === 'subarray' || madeAsBytes(node);
  return false;
}

/**
 * What content a byte value is made of, as the bindings that name it: `buf` (and what it was
 * made from), `Buffer.from(text)` → text, `bytes()` → what `bytes` returns, `a ??= b` → both.
 * Two values with a key in common are the same content.
 */
function contentKeys(node: Node, out: Set<ts.Node> = new Set(), seen: Set<ts.Node> = new Set()): Set<ts.Node> {
  const e = unwrap(node);
  if (seen.has(e.compilerNode)) return out;
  seen.add(e.compilerNode);
  if (Node.isIdentifier(e) || Node.isPropertyAccessExpression(e)) {
    for (const d of symbolOf(Node.isPropertyAccessExpression(e) ? e.getNameNode() : e)?.getDeclarations() ?? []) {
      if (d.getSourceFile().isDeclarationFile()) continue;
      out.add(d.compilerNode);
      if (Node.isVariableDeclaration(d)) {
        const init = d.getInitializer();
        if (init !== undefined) contentKeys(init, out, seen);
      }
    }
  } else if (Node.isCallExpression(e)) {
    const callee = unwrap(e.getExpression());
    if (
      Node.isPropertyAccessExpression(callee) &&
      BUFFER_MAKERS.has(callee.getName()) &&
      isGlobalName(unwrap(callee.getExpression()), 'Buffer')
    ) {
      const [src] = e.getArguments();
      if (src !== undefined) contentKeys(src, out, seen);
    } else if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'encode') {
      const [src] = e.getArguments();
      if (src !== undefined) contentKeys(src, out, seen);
    } else {
      for (const d of symbolOf(
        Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee,
      )?.getDeclarations() ?? []) {
        const fn = functionOfDeclaration(d);
        if (fn === undefined || fn.getSourceFile().isDeclarationFile()) continue;
        out.add(fn.compilerNode);
        for (const r of returnedExpressions(fn)) contentKeys(r, out, seen);
      }
    }
  } else if (Node.isBinaryExpression(e)) {
    const op = e.getOperatorToken().getKind();
    if (isAssignmentOperator(op) || op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.BarBarToken) {
      contentKeys(e.getLeft(), out, seen);
      contentKeys(e.getRight(), out, seen);
    }
  } else if (Node.isConditionalExpression(e)) {
    contentKeys(e.getWhenTrue(), out, seen);
    contentKeys(e.getWhenFalse(), out, seen);
  }
  return out;
}

function overlap(a: ReadonlySet<ts.Node>, b: ReadonlySet<ts.Node>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}

type Verdict = { ok: true } | { ok: false; reason: string };
const OK: Verdict = { ok: true };

class Ends {
  readonly #boundaries: ReadonlyMap<ts.Node, { name: string; bufferArg: number | undefined }>;
  readonly #names: string;

  constructor(boundaries: ReadonlyMap<ts.Node, { name: string; bufferArg: number | undefined }>) {
    this.#boundaries = boundaries;
    this.#names = [...boundaries.values()].map((b) => b.name).join(' / ');
  }

  get names(): string {
    return this.#names;
  }

  /** Whether `expr` is an accepted end for a slice of the content `buf` names (undefined: any). */
  judge(expr: Node, buf: ReadonlySet<ts.Node> | undefined, seen: Set<ts.Node>): Verdict {
    const e = unwrap(expr);
    if (seen.has(e.compilerNode)) return OK;
    seen.add(e.compilerNode);
    if (Node.isNumericLiteral(e) && e.getLiteralValue() === 0) return OK;
    if (Node.isConditionalExpression(e)) {
      const a = this.judge(e.getWhenTrue(), buf, seen);
      return a.ok ? this.judge(e.getWhenFalse(), buf, seen) : a;
    }
    if (Node.isCallExpression(e)) {
      if (isGlobalMemberCall(e, 'Math', 'min') || isGlobalMemberCall(e, 'Math', 'max')) {
        for (const a of e.getArguments()) {
          const v = this.judge(a, buf, seen);
          if (!v.ok) return v;
        }
        return OK;
      }
      const callee = unwrap(e.getExpression());
      const sym = symbolOf(Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee);
      for (const d of sym?.getDeclarations() ?? []) {
        const fn = functionOfDeclaration(d);
        const b = fn === undefined ? undefined : this.#boundaries.get(fn.compilerNode);
        if (b === undefined) continue;
        if (b.bufferArg !== undefined && buf !== undefined) {
          const arg = e.getArguments()[b.bufferArg];
          if (arg === undefined || !overlap(contentKeys(arg), buf))
            return {
              ok: false,
              reason: `\`${e.getText()}\` is the boundary of ${arg?.getText() ?? 'nothing'}, not of the content being sliced`,
            };
        }
        return OK;
      }
      if (isGlobalMemberCall(e, 'Buffer', 'byteLength')) {
        // The byte length of the very content the buffer holds is its end, a boundary.
        const [src] = e.getArguments();
        if (src !== undefined && (buf === undefined || overlap(contentKeys(src), buf))) return OK;
        return { ok: false, reason: `\`${e.getText()}\` is the byte length of other content` };
      }
      return { ok: false, reason: `\`${e.getText()}\` is not a call to ${this.#names}` };
    }
    if (Node.isPropertyAccessExpression(e) && (e.getName() === 'length' || e.getName() === 'byteLength')) {
      const recv = unwrap(e.getExpression());
      if (!isBytes(recv, 'length')) return { ok: false, reason: `\`${e.getText()}\` is not a byte length` };
      if (buf === undefined || overlap(contentKeys(recv), buf)) return OK;
      return { ok: false, reason: `\`${e.getText()}\` is the length of another buffer` };
    }
    if (Node.isIdentifier(e)) return this.#name(e, buf, seen);
    return { ok: false, reason: `\`${e.getText()}\` is computed here, not taken from ${this.#names}` };
  }

  #name(id: Node, buf: ReadonlySet<ts.Node> | undefined, seen: Set<ts.Node>): Verdict {
    const decls = (symbolOf(id)?.getDeclarations() ?? []).filter((d) => !d.getSourceFile().isDeclarationFile());
    if (decls.length === 0) return { ok: false, reason: `\`${id.getText()}\` does not resolve` };
    for (const d of decls) {
      if (Node.isVariableDeclaration(d)) {
        const init = d.getInitializer();
        if (init !== undefined) {
          const v = this.judge(init, buf, seen);
          if (!v.ok) return v;
        }
        if (d.getVariableStatement()?.getDeclarationKind() !== VariableDeclarationKind.Const) {
          const v = this.#assignments(d, buf, seen);
          if (!v.ok) return v;
        }
      } else if (Node.isParameterDeclaration(d)) {
        const v = this.#arguments(d, seen);
        if (!v.ok) return v;
      } else return { ok: false, reason: `cannot see what \`${id.getText()}\` holds` };
    }
    return OK;
  }

  #assignments(d: Node & { getNameNode(): Node }, buf: ReadonlySet<ts.Node> | undefined, seen: Set<ts.Node>): Verdict {
    const name = d.getNameNode();
    if (!Node.isIdentifier(name)) return { ok: false, reason: 'a destructured end' };
    for (const r of name.findReferencesAsNodes()) {
      const p = r.getParent();
      if (p !== undefined && Node.isBinaryExpression(p) && unwrap(p.getLeft()) === r) {
        const op = p.getOperatorToken().getKind();
        if (isAssignmentOperator(op)) {
          const v = this.judge(p.getRight(), buf, seen);
          if (!v.ok) return v;
        } else if (op >= SyntaxKind.FirstCompoundAssignment && op <= SyntaxKind.LastCompoundAssignment)
          return { ok: false, reason: `\`${p.getText()}\` changes the end by arithmetic` };
      } else if (p !== undefined && (Node.isPrefixUnaryExpression(p) || Node.isPostfixUnaryExpression(p)))
        return { ok: false, reason: `\`${p.getText()}\` changes the end by arithmetic` };
    }
    return OK;
  }

  /** A parameter end is accepted when every call site passes an accepted end. */
  #arguments(param: Node, seen: Set<ts.Node>): Verdict {
    if (!Node.isParameterDeclaration(param)) return { ok: false, reason: 'not a parameter' };
    const fn = param.getParent();
    const index = (fn as Node & { getParameters(): Node[] }).getParameters().indexOf(param);
    const holder = fn.getParent();
    const nameNode =
      Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)
        ? fn.getNameNode()
        : holder !== undefined && (Node.isVariableDeclaration(holder) || Node.isPropertyAssignment(holder))
          ? holder.getNameNode()
          : undefined;
    if (nameNode === undefined || !Node.isIdentifier(nameNode))
      return {
        ok: false,
        reason: `the end arrives as parameter ${param.getName()} of a function whose callers cannot be found`,
      };
    let calls = 0;
    for (const r of nameNode.findReferencesAsNodes()) {
      const call =
        r.getParent()?.getKind() === SyntaxKind.PropertyAccessExpression ? r.getParent()!.getParent() : r.getParent();
      if (call === undefined || !Node.isCallExpression(call)) continue;
      const arg = call.getArguments()[index];
      if (arg === undefined) return { ok: false, reason: `${call.getText()} passes no end` };
      calls++;
      const v = this.judge(arg, undefined, seen);
      if (!v.ok)
        return {
          ok: false,
          reason: `at ${call.getSourceFile().getBaseName()}:${call.getStartLineNumber()}, ${v.reason}`,
        };
    }
    return calls > 0
      ? OK
      : { ok: false, reason: `the end arrives as parameter ${param.getName()} and no caller is in the source` };
  }
}

export function gateSliceViaBoundary(ctx: GateContext, cfg: SliceViaBoundaryConfig): GateOutcome {
  const boundaries = new Map<ts.Node, { name: string; bufferArg: number | undefined }>();
  for (const [i, b] of cfg.boundary.entries()) {
    const fn = locateFunction(ctx, b, `${ID}.boundary[${i}]`);
    boundaries.set(fn.compilerNode, { name: b.function ?? '', bufferArg: b.bufferArg });
  }
  const ends = new Ends(boundaries);
  const findings = new Findings();
  let checks = 0;
  for (const sf of ctx.files(cfg.files, `${ID}.files`)) {
    for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = unwrap(call.getExpression());
      if (!Node.isPropertyAccessExpression(callee)) continue;
      const method = callee.getName();
      const endIndex =
        method === 'subarray' || method === 'slice'
          ? 1
          : method === 'toString' && call.getArguments().length >= 2
            ? 2
            : undefined;
      if (endIndex === undefined) continue;
      const recv = unwrap(callee.getExpression());
      if (!isBytes(recv, method)) continue;
      checks++;
      const end = call.getArguments()[endIndex];
      if (end === undefined) continue; // runs to the buffer's end, which is a boundary
      const keys = contentKeys(recv);
      const v = ends.judge(end, keys.size > 0 ? keys : undefined, new Set());
      if (!v.ok)
        findings.add(
          ctx.finding(
            call,
            `byte slice ends at \`${end.getText()}\`, not at a boundary from ${ends.names}: ${v.reason}`,
          ),
        );
    }
  }
  return { checks, findings: findings.list };
}
