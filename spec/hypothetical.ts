/**
 * Spec 2.2: a claim statement ("claim pointer 460 => true", "claim pointer 20 => lie POINTER-FULL")
 * judged by the oracle as if the shim had answered it at the read just before: the history's real
 * outcomes up to that read, then the read with the claim and a response text that carries it.
 */
import type { Capabilities } from '../src/core/contract.ts';
import type { Claim } from '../src/core/claims.ts';
import type { Outcome, ReadOutcome } from '../src/harness/session.ts';
import { Oracle } from '../properties/oracle/judge.ts';
import { POLICY_HOW_TO, exampleMode, type ClaimStep, type Example, type HypotheticalClaim } from './model.ts';
import { defined } from '../src/core/defined.ts';

/** The response text that carries a hypothetical claim, and the claim as a decoder would give it. */
export function hypotheticalResponse(h: HypotheticalClaim, seal: string): { text: string; claim: Claim } {
  switch (h.kind) {
    case 'pointer':
      return {
        text: h.said ?? `unchanged: you hold all ${h.total} bytes ${seal}`,
        claim: { kind: 'pointer', total: h.total },
      };
    case 'withheld':
      return {
        text: h.said ?? `withheld by policy ${h.policy}: ${POLICY_HOW_TO} ${seal}`,
        claim: { kind: 'withheld', policy: h.policy },
      };
    case 'delta': {
      const head = `${seal} `;
      if ('after' in h) {
        const lead = `${head}after row ${h.after}:\n`;
        return {
          text: lead + h.body,
          claim: {
            kind: 'delta',
            replaces: { after: { value: h.after, at: head.length + 'after row '.length } },
            text: { body: h.body, at: lead.length },
          },
        };
      }
      const one = h.first === h.last;
      const lead = one ? `${head}row ${h.first} is now:\n` : `${head}rows ${h.first}-${h.last} are now:\n`;
      const first = head.length + (one ? 'row '.length : 'rows '.length);
      const last = one ? first : first + String(h.first).length + 1;
      return {
        text: lead + h.body,
        claim: {
          kind: 'delta',
          replaces: { first: { value: h.first, at: first }, last: { value: h.last, at: last } },
          text: { body: h.body, at: lead.length },
        },
      };
    }
  }
}

/** The capabilities the hypothetical is judged under: the shim's, with the example's policy (sealed). */
function capabilitiesFor(ex: Example, caps: Capabilities): Capabilities {
  if (ex.policy === undefined) return caps;
  return { ...caps, seal: true, policies: [{ ...ex.policy, howTo: POLICY_HOW_TO }] };
}

/** Undefined when the oracle judges the claim as the step expects; else why not. */
export function judgeHypothetical(
  step: ClaimStep,
  outcomes: readonly Outcome[],
  ex: Example,
  caps: Capabilities,
): string | undefined {
  const at = outcomes.findLastIndex((o) => o.kind === 'read');
  const read = outcomes[at] as ReadOutcome | undefined;
  if (read === undefined) return 'a claim statement needs a read before it';
  const { text, claim } = hypotheticalResponse(step.claim, ex.seal);
  const oracle = new Oracle({
    mode: exampleMode(ex),
    cap: ex.cap,
    seal: ex.seal,
    capabilities: capabilitiesFor(ex, caps),
    ...defined({ tool: ex.tool }),
  });
  for (const o of outcomes.slice(0, at)) oracle.judge(o);
  // The counters moved for the real response, not this one: COUNT-EXACT is not the question here.
  const { countDelta: _moved, ...asked } = read;
  const found = oracle.judge({ ...asked, response: { text }, claim });
  const rules = [...new Set(found.map((v) => v.rule))].sort();
  const want = step.expect.kind === 'true' ? [] : [...step.expect.rules].sort();
  if (rules.join(' ') === want.join(' ')) return undefined;
  const said = found.map((v) => `${v.rule}: ${v.message}`).join('; ');
  return step.expect.kind === 'true'
    ? `the claim ${step.claim.kind} was expected true, but the oracle finds ${said}`
    : `the claim ${step.claim.kind} was expected to fail ${want.join(', ')}, but the oracle finds ${rules.length === 0 ? 'no lie' : said}`;
}
