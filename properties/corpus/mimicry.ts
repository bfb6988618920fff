/**
 * Notice mimicry (NOTICE-SEALED): the kit learns the shim's own notices from its
 * earlier responses in the run, writes files whose tool text for the request equals such a
 * notice, and has a fresh worker read them. A sealed shim's notices are copied with a foreign
 * seal (a file holding the instance's own seal is out of scope: the shim delivered it
 * truthfully) and judged as usual; for an unsealed shim each case is an advisory — a file with
 * that exact text is indistinguishable from the notice — that never changes the exit code.
 */
import type { Claim } from '../../src/core/claims.ts';
import type { HostToolBound } from '../../src/core/host-tool.ts';
import { resolvePath } from '../../src/core/paths.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import { boundedText } from '../../src/harness/host-tool.ts';
import type { Outcome } from '../../src/harness/session.ts';
import { FAKE_SEALS } from '../generators/content.ts';
import { backing } from '../oracle/backing.ts';
import { T0, bytesOf, read, worker, write } from './content.ts';

/** A notice the shim gave earlier in the run: the whole response text and what it was about. */
export interface LearnedNotice {
  /** 'pointer', 'partial slice', 'rest slice', 'whole slice', 'diff', 'change notice', 'stale serve', 'refusal (…)', 'withheld (…)', 'host note'. */
  readonly kind: string;
  readonly claim: Claim['kind'];
  readonly text: string;
  /** The path of the request it answered. */
  readonly path: string;
  /** The corpus case it was learned from. */
  readonly from: string;
}

/** The rule a mimicked notice of this claim kind would break if its text were taken for the notice. */
const CLAIM_RULE: Readonly<Record<Claim['kind'], RuleId>> = {
  pointer: 'POINTER-FULL',
  slice: 'SLICE-EXACT',
  diff: 'DIFF-COMPLETE',
  delta: 'DIFF-COMPLETE',
  stale: 'STALE-SERVE-LABELLED',
  refusal: 'REFUSAL-TRUE',
  withheld: 'REFUSAL-TRUE',
  verbatim: 'SLICE-EXACT',
};

function kindOf(claim: Claim, text: string): string | undefined {
  switch (claim.kind) {
    case 'pointer':
      return 'pointer';
    case 'slice':
      return !claim.done ? 'partial slice' : claim.start > 0 ? 'rest slice' : 'whole slice';
    case 'diff':
      return 'diff';
    case 'delta':
      return 'change notice';
    case 'stale':
      return 'stale serve';
    case 'refusal':
      return `refusal (${claim.reason})`;
    case 'withheld':
      return `withheld (${claim.policy})`;
    case 'verbatim': {
      // A host note around the tool's text is framing the host added (SPEC.md "Host tool"): learned, never reproducible.
      const b = backing(claim, text);
      return claim.payload !== undefined && b.found && b.framing !== '' ? 'host note' : undefined;
    }
  }
}

/** The first notice of each kind the shim gave, in the order the corpus met them. */
export class NoticeBook {
  readonly #byKind = new Map<string, LearnedNotice>();

  learn(outcomes: readonly Outcome[], from: string): void {
    for (const o of outcomes) {
      if (o.kind === 'other' || o.claim === undefined || !('text' in o.response)) continue;
      // Only whole-file requests: a window's text is not what a file of that content returns whole.
      if (o.kind === 'read' && o.event.args !== undefined && Object.keys(o.event.args).length > 0) continue;
      const kind = kindOf(o.claim, o.response.text);
      if (kind === undefined || this.#byKind.has(kind)) continue;
      this.#byKind.set(kind, { kind, claim: o.claim.kind, text: o.response.text, path: o.event.path, from });
    }
  }

  list(): LearnedNotice[] {
    return [...this.#byKind.values()];
  }
}

/** A seal of the same length that is not the instance's (the kit's own fakes first). */
export function foreignSeal(seal: string): string {
  for (const base of [...FAKE_SEALS, 'f'.repeat(64), '0'.repeat(64)]) {
    const s = base.repeat(Math.ceil(Math.max(1, seal.length) / base.length)).slice(0, Math.max(1, seal.length));
    if (s !== seal && !seal.includes(s) && !s.includes(seal)) return s;
  }
  return `${seal}x`;
}

export interface MimicCase {
  /** Stable: `mimic-<kind>`. */
  readonly id: string;
  readonly notice: LearnedNotice;
  readonly rules: readonly RuleId[];
  /** The file's text (a sealed shim's notice carries a foreign seal); absent when not reproducible. */
  readonly content?: string;
  /** Why no file's tool text can equal this notice ("not reproducible by file content: …"). */
  readonly notReproducible?: string;
  /** The cap the case is played at. */
  readonly cap: number;
  readonly events: readonly TraceEvent[];
}

export interface MimicEnv {
  readonly seal: string;
  /** The shim declares sealed notices. */
  readonly sealed: boolean;
  readonly tool?: HostToolBound;
  /** The cap lever is in force (then a file must fit under the cap to be delivered whole). */
  readonly capLever: boolean;
  readonly fixedCap?: number;
}

const slug = (kind: string): string =>
  kind
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** Why no file can make the request's tool text equal `content`, or undefined. */
function unreproducible(n: LearnedNotice, content: string, env: MimicEnv): string | undefined {
  if (n.kind === 'host note')
    return "a host note: the host adds it around the tool's text, where no file content reaches";
  if (env.tool?.lineNumbers === 'cat-n')
    return 'line numbers: the host tool numbers every line of a file (cat -n), and the notice does not start that way';
  if (env.tool !== undefined && boundedText(content, undefined, undefined, env.tool) !== content)
    return "the host tool's bound cuts (or its normalisation rewrites) a file holding this text";
  const bytes = bytesOf(content);
  if (env.capLever && env.fixedCap !== undefined && bytes > env.fixedCap)
    return `the notice is ${bytes.toLocaleString('en-US')} bytes, over the fixed cap of ${env.fixedCap.toLocaleString('en-US')}: a file holding it is never delivered whole`;
  return undefined;
}

/** The mimicry cases for the notices learned so far. */
export function planMimicry(notices: readonly LearnedNotice[], env: MimicEnv): MimicCase[] {
  const foreign = foreignSeal(env.seal);
  return notices.map((n) => {
    const id = `mimic-${slug(n.kind)}`;
    const rules: RuleId[] = ['NOTICE-SEALED', 'FIRST-VERBATIM', CLAIM_RULE[n.claim]];
    const content = env.sealed ? n.text.split(env.seal).join(foreign) : n.text;
    const why = unreproducible(n, content, env);
    const bytes = bytesOf(content);
    const cap = env.fixedCap ?? (env.capLever ? Math.max(4096, bytes) : 4096);
    if (why !== undefined)
      return { id, notice: n, rules, notReproducible: `not reproducible by file content: ${why}`, cap, events: [] };
    // A fresh worker, the first read of a file whose whole text is the notice.
    const events: TraceEvent[] = [
      worker('m1'),
      write(resolvePath(n.path), content, T0),
      read(n.path, { worker: 'm1' }),
    ];
    return { id, notice: n, rules, content, cap, events };
  });
}

/** The advisory line of an unsealed shim's mimicry case. */
export function ambiguity(kind: string): string {
  return `ambiguous notice: a file with this exact text is indistinguishable from the shim's ${kind}`;
}
