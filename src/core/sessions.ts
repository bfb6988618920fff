/**
 * Forks, shared sessions and resumed sessions (spec/SPEC.md "Forks and resumed sessions"): what a
 * host does with its workers beyond "workers share nothing". `capabilities.sessions` declares it;
 * the kit then plays `fork` and `resume` events (src/core/trace.ts) and every report prints it.
 */

export interface Sessions {
  /** The host forks a subagent that starts holding its parent's deliveries up to the fork. */
  readonly fork?: boolean;
  /** The host starts a subagent with an empty transcript under its parent's session id. */
  readonly sharedSession?: boolean;
  /** The host resumes a session in a new shim instance; the worker keeps its transcript. */
  readonly resume?: boolean;
}

const KEYS = ['fork', 'sharedSession', 'resume'] as const;

/** Why a `capabilities.sessions` value is malformed, or undefined. */
export function sessionsProblem(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return 'capabilities.sessions must be an object { fork?, sharedSession?, resume? }';
  const o = v as Record<string, unknown>;
  const extra = Object.keys(o).filter((k) => !(KEYS as readonly string[]).includes(k));
  if (extra.length > 0)
    return `capabilities.sessions has unknown key ${JSON.stringify(extra[0])} (known: ${KEYS.join(', ')})`;
  for (const k of KEYS)
    if (o[k] !== undefined && typeof o[k] !== 'boolean') return `capabilities.sessions.${k} must be true or false`;
  return undefined;
}

/** The assumption lines a report prints for declared sessions (none for the default). */
export function describeSessions(s: Sessions | undefined): string[] {
  const out: string[] = [];
  if (s?.fork === true)
    out.push(
      'The host forks subagents: a forked worker starts holding exactly what its parent held at the fork (a pointer to that is true; to what the parent read after the fork, a lie).',
    );
  if (s?.sharedSession === true)
    out.push(
      "The host starts subagents under their parent's session id (the session a shim is given): such a subagent starts holding nothing, whatever a session-keyed shim saw its parent read.",
    );
  if (s?.resume === true)
    out.push(
      'The host resumes sessions in a new shim instance: the worker keeps its transcript (minus what was compacted); a ledger reloaded from disk must not claim more than that.',
    );
  return out;
}
