/**
 * The reference's edit sites, found by declaration name (mutations/edit.ts asserts each is there
 * exactly once). Shared by the catalogue so a renamed symbol breaks every mutant that needs it,
 * loudly.
 */
import {
  Node,
  type ArrowFunction,
  type IfStatement,
  type MethodDeclaration,
  type ObjectLiteralExpression,
} from 'ts-morph';
import { MutantEditError, arrow, callsOf, fn, ifReading, member, methodCallsOf, only, returnedObject } from './edit.ts';
import type { MutableTree } from './spec.ts';

export const SHIM = 'reference/shim.ts';
export const ADAPTER = 'src/adapters/reference.ts';

/** createReadShim's `respond` arrow (steps 2–6 of the reference behaviour). */
export function respondOf(t: MutableTree): ArrowFunction {
  return arrow(fn(t.file(SHIM), 'createReadShim'), 'respond');
}

/** The object createReadShim returns (wrapRead, serveStale, forget, …). */
export function shimObject(t: MutableTree): ObjectLiteralExpression {
  return returnedObject(fn(t.file(SHIM), 'createReadShim'));
}

/** A method of the returned shim object, e.g. wrapRead or forget. */
export function shimMethod(t: MutableTree, name: string): MethodDeclaration {
  const m = member(shimObject(t), name);
  if (!Node.isMethodDeclaration(m)) throw new MutantEditError(`${name} of the shim object is not a method`);
  return m;
}

/** The object literal handed to defineAdapter in adapters/reference.ts. */
export function adapterObject(t: MutableTree): ObjectLiteralExpression {
  const call = only(callsOf(t.file(ADAPTER), 'defineAdapter'), 'the defineAdapter(...) call', t.file(ADAPTER));
  const arg = call.getArguments()[0];
  if (arg === undefined || !Node.isObjectLiteralExpression(arg))
    throw new MutantEditError('defineAdapter is not given an object literal');
  return arg;
}

/** The adapter's create(ctx) method. */
export function adapterCreate(t: MutableTree): MethodDeclaration {
  const m = member(adapterObject(t), 'create');
  if (!Node.isMethodDeclaration(m)) throw new MutantEditError("the adapter's create is not a method");
  return m;
}

/** The pointer `if` in respond (the one whose condition reads arm.pointer). */
export function pointerIf(t: MutableTree): IfStatement {
  return ifReading(respondOf(t), 'arm', 'pointer');
}

/** The entry respond records for a partial delivery: the false branch of `ledger.set(key, args, done ? full : partial)`. */
export function partialEntry(t: MutableTree): ObjectLiteralExpression {
  const respond = respondOf(t);
  const sets = methodCallsOf(respond, 'ledger', 'set').filter((c) => Node.isConditionalExpression(c.getArguments()[2]));
  const entry = only(sets, 'ledger.set(key, args, done ? full : partial)', respond).getArguments()[2];
  if (!Node.isConditionalExpression(entry)) throw new MutantEditError('unreachable');
  const partial = entry.getWhenFalse();
  if (!Node.isObjectLiteralExpression(partial)) throw new MutantEditError('the partial entry is not an object literal');
  return partial;
}
