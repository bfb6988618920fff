/**
 * Spec 2.2: a shim's own policy for withholding a file (spec/SPEC.md "Withheld by the shim's
 * policy"). A shim that declines to show some reads itself — not its host's tool — declares the
 * policy in `capabilities.policies`, answers such a read with a sealed notice that says how to get
 * the bytes, and its decoder says `{ kind: 'withheld', policy: id }`. The report prints the policy.
 */

/** One declared policy: whole reads (no offset, no limit) whose text is over `wholeOverBytes` UTF-8 bytes. */
export interface WithholdPolicy {
  /** Names the policy in a `withheld` claim. */
  readonly id: string;
  readonly wholeOverBytes: number;
  /** Words every withheld response carries: how the worker gets the bytes ("read it with offset and limit"). */
  readonly howTo: string;
}

const KEYS = ['id', 'wholeOverBytes', 'howTo'] as const;

/** Why `capabilities.policies` is malformed, or undefined. `sealed`: the shim declares `seal: true`. */
export function policiesProblem(v: unknown, sealed: boolean): string | undefined {
  if (!Array.isArray(v) || v.length === 0)
    return 'capabilities.policies must be a non-empty list of { id, wholeOverBytes, howTo }';
  if (!sealed)
    return 'capabilities.policies needs seal: true (a withheld notice must carry the instance seal, SPEC.md "Withheld by the shim\'s policy")';
  const ids = new Set<string>();
  for (const [i, p] of v.entries()) {
    const at = `capabilities.policies[${i}]`;
    if (typeof p !== 'object' || p === null || Array.isArray(p))
      return `${at} must be an object { id, wholeOverBytes, howTo }`;
    const o = p as Record<string, unknown>;
    const extra = Object.keys(o).filter((k) => !(KEYS as readonly string[]).includes(k));
    if (extra.length > 0) return `${at} has unknown key ${JSON.stringify(extra[0])} (known: ${KEYS.join(', ')})`;
    if (typeof o.id !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(o.id))
      return `${at}.id must be lower-case words joined by "-"`;
    if (ids.has(o.id)) return `${at}.id ${JSON.stringify(o.id)} is declared twice`;
    ids.add(o.id);
    if (typeof o.wholeOverBytes !== 'number' || !Number.isSafeInteger(o.wholeOverBytes) || o.wholeOverBytes < 0)
      return `${at}.wholeOverBytes must be a non-negative integer (bytes)`;
    if (typeof o.howTo !== 'string' || o.howTo.trim() === '')
      return `${at}.howTo must be the words every withheld response carries to say how to get the bytes`;
  }
  return undefined;
}

/** Whether the policy withholds a request: a whole read whose text is over its size. */
export function policyApplies(p: WithholdPolicy, whole: boolean, bytes: number): boolean {
  return whole && bytes > p.wholeOverBytes;
}

/** The assumption line a report prints for a declared policy. */
export function describePolicy(p: WithholdPolicy): string {
  return `The shim itself withholds a whole read whose text is over ${p.wholeOverBytes.toLocaleString('en-US')} bytes (its policy "${p.id}"; the host's tool would show it): such a read is answered with a sealed notice that says ${JSON.stringify(p.howTo)} and delivers nothing. Withholding anything else fails REFUSAL-TRUE (a window: PROGRESS).`;
}
