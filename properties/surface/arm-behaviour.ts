/**
 * ARM-TABLE by behaviour, for every declared arm: a file over the cap is capped iff the arm caps;
 * an unchanged whole re-read is a pointer iff the arm points (A2-NO-POINTER for the diff arm);
 * a one-line edit of a held file comes back as a diff iff the arm diffs. The oracle judges the
 * same histories for every truth rule as well.
 */
import { ARM_TABLE, type ArmName } from '../../src/core/arms.ts';
import type { RuleId } from '../../src/core/rules.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import { modeOfArm } from '../../src/core/levers.ts';
import type { DrivenAdapter } from '../../src/core/contract.ts';
import { hasArmSurface, offersDiff } from '../../src/adapters/capabilities.ts';
import { judgeHistory } from '../history.ts';
import { tellStory } from '../story.ts';
import { count, type ProbeResult } from './types.ts';
import { defined } from '../../src/core/defined.ts';

const CAP = 4096;
const code = (lines: number, tag: string): string =>
  Array.from({ length: lines }, (_, i) => `const value${i} = compute(${i}, "${tag}");\n`).join('');

interface Probe {
  readonly name: string;
  readonly events: readonly TraceEvent[];
  /** Index of the response the lever decides, and what that response must (not) be. */
  readonly at: number;
  readonly lever: 'cap' | 'pointer' | 'diff';
  readonly expect: (lever: boolean, kind: string, done: boolean) => boolean;
  readonly says: string;
}

const big = code(3 * 110, 'big'); // > 3 × CAP bytes
const small = code(20, 'small');
const mid = code(80, 'mid');
const midEdited = mid.replace('compute(40, "mid")', 'compute(40, "MID")');

const PROBES: readonly Probe[] = [
  {
    name: 'over-the-cap',
    events: [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'big.ts', content: big, mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 'big.ts' },
    ],
    at: 2,
    lever: 'cap',
    expect: (on, kind, done) => (on ? kind === 'slice' && !done : kind === 'verbatim' || (kind === 'slice' && done)),
    says: 'a first read of a file larger than the cap is cut short',
  },
  {
    name: 'unchanged-re-read',
    events: [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 's.ts', content: small, mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 's.ts' },
      { type: 'read', worker: 'w1', path: 's.ts' },
    ],
    at: 3,
    lever: 'pointer',
    expect: (on, kind) => (on ? kind === 'pointer' : kind !== 'pointer'),
    says: 'an unchanged re-read of a file held in full answers "unchanged, you hold it"',
  },
  {
    name: 'one-line-edit',
    events: [
      { type: 'worker', id: 'w1' },
      { type: 'write', path: 'm.ts', content: mid, mtimeMs: 1000 },
      { type: 'read', worker: 'w1', path: 'm.ts' },
      { type: 'write', path: 'm.ts', content: midEdited, mtimeMs: 2000 },
      { type: 'read', worker: 'w1', path: 'm.ts' },
    ],
    at: 4,
    lever: 'diff',
    expect: (on, kind) => (on ? kind === 'diff' : kind !== 'diff'),
    says: 'a re-read after a one-line edit of a file held in full answers with a diff',
  },
];

/** Only for an arm surface (arms + resolver): a lever shim's levers are judged on every response instead. */
export async function probeArmBehaviour(
  adapter: DrivenAdapter,
  seal: string,
  r: ProbeResult,
  opTimeoutMs?: number,
): Promise<void> {
  if (!hasArmSurface(adapter.capabilities)) return;
  for (const arm of adapter.capabilities.arms as ArmName[]) {
    const levers = ARM_TABLE[arm];
    for (const p of PROBES) {
      if (p.lever === 'diff' && !offersDiff(adapter.capabilities)) continue;
      const v = await judgeHistory(
        adapter,
        { mode: modeOfArm(arm), cap: CAP, seal, ...defined({ opTimeoutMs }) },
        p.events,
      );
      for (const [rule, n] of v.checks) if (rule === 'A2-NO-POINTER') count(r, rule, n);
      for (const x of v.outcomes)
        if (x.kind === 'read' && x.crash !== undefined) r.crashes.push(`${x.crash} (arm probe ${p.name}, arm ${arm})`);
      const o = v.outcomes.find((x) => x.index === p.at);
      const kind = o && o.kind !== 'other' ? (o.claim?.kind ?? Object.keys(o.response)[0]!) : 'nothing';
      const done = o?.kind === 'read' && o.claim?.kind === 'slice' ? o.claim.done : false;
      const story = [`(arm ${arm}, cap ${CAP}, probe ${p.name})`, ...tellStory(p.events, v.outcomes, v.violations)];
      count(r, 'ARM-TABLE');
      const ok = p.expect(levers[p.lever], kind, done);
      if (!ok) {
        const rule: RuleId = arm === 'diff' && p.lever === 'pointer' ? 'A2-NO-POINTER' : 'ARM-TABLE';
        r.findings.push({
          rule,
          message: `arm ${arm} ${levers[p.lever] ? 'has' : 'lacks'} the ${p.lever} lever, so it must ${levers[p.lever] ? '' : 'not '}do this: ${p.says}; it answered ${kind}`,
          story,
        });
      }
      for (const x of v.violations)
        r.findings.push({ rule: x.rule, message: `(arm probe ${p.name}, arm ${arm}) ${x.message}`, story });
      if (arm === 'diff' && p.lever === 'pointer') count(r, 'A2-NO-POINTER');
    }
  }
}
