// Suite: long (*.long.test.ts, run by `npm run test:hosts`): the corpus played against 13 truthful subjects, every mutant and the lying designs (minutes of CPU).
/**
 * What `explain` lists, for real: each mutant it names for a rule is killed by that rule in
 * mutations/measured.json (the record the docs and explain read, which CI checks against a fresh
 * `mutants` run), and each corpus case it names for a rule checks that rule: a case names the rules a lie in it
 * breaks, so played against truthful subjects, the catalogue's mutants and the examples' lying
 * designs, some subject and arm counts a check of the rule in that very case. The pairs no shim of
 * the kit reaches are listed with why (GAPS); one that a subject comes to reach fails until removed.
 */
import { describe, expect, it } from 'vitest';
import { ARM_NAMES } from '../../../../src/core/arms.ts';
import { RULE_IDS, type RuleId } from '../../../../src/core/rules.ts';
import type { HostToolBound } from '../../../../src/core/host-tool.ts';
import type { DrivenAdapter, ShimAdapter } from '../../../../src/core/contract.ts';
import { modeFor } from '../../../../src/adapters/capabilities.ts';
import reference from '../../../../src/adapters/reference.ts';
import { explain } from '../../../../src/cli/explain/model.ts';
import { playCorpus } from '../../../../properties/corpus/index.ts';
import { judgeHistory } from '../../../../properties/history.ts';
import { sealFor } from '../../../../properties/run.ts';
import batchLedger from '../../../../examples/designs/batch-ledger.ts';
import { binaryLedger } from '../../../../examples/designs/binary-ledger.ts';
import reinjectPointer from '../../../../examples/designs/reinject-pointer.ts';
import sessionLedger from '../../../../examples/designs/session-ledger.ts';
import { hostIdentity } from '../../../../examples/designs/host-identity.ts';
import { MUTANT_IDS, loadMutantAdapter } from '../../../../mutations/index.ts';
import { refusalShim } from '../../../fixtures/refusal-shims.ts';
import { readMeasured } from '../../../../dev/docs/measured.ts';

const SEED = 20_261_130;

const withTool = (tool: HostToolBound, cap?: number): ShimAdapter => ({
  ...reference,
  capabilities: { ...reference.capabilities, tool, ...(cap === undefined ? {} : { cap }) },
});

/**
 * (case, rule) pairs of the corpus (properties/corpus/classes/) that no subject here brings to a
 * check, and why: the case's files are a few bytes, so no diff fits the budget of any shim of the kit.
 */
const GAPS: Readonly<Record<string, string>> = {
  'symlink-target-edit DIFF-COMPLETE': 'files of at most 24 bytes: no diff fits',
  'symlink-target-edit DIFF-BASE-HELD': 'files of at most 24 bytes: no diff fits',
  'case-folded-ledger DIFF-COMPLETE': 'files of at most 24 bytes: no diff fits',
  'case-folded-ledger DIFF-BASE-HELD': 'files of at most 24 bytes: no diff fits',
};

/** Truthful subjects that, between them, meet every case's needs. */
const SUBJECTS: readonly DrivenAdapter[] = [
  reference,
  withTool({ maxLines: 5, maxLineChars: 12, binary: 'base64' }),
  withTool({ maxChars: 40, unit: 'codepoint', binary: 'refuse' }),
  withTool({ defaultLimit: 4, normalize: ['crlf'] }),
  withTool({ binary: 'base64' }, 16),
  // Spec 2.2 host tools that fail: a notice for a long first line, an error past the last line.
  withTool({ notice: { firstLineOverBytes: 32 }, pastEnd: 'error' }),
  sessionLedger,
  batchLedger,
  reinjectPointer,
  hostIdentity(),
  binaryLedger(),
  binaryLedger({ binary: 'refuse' }),
  refusalShim(false),
  refusalShim(false, { maxLines: 4, refuse: { maxTokens: 12, binary: true } }),
];

/** Lying designs of examples/designs/ (the mutants are loaded as the test runs). */
const LIARS: readonly DrivenAdapter[] = [
  ...(['own-lstat', 'spelling', 'forget-spelling'] as const).map((lie) => hostIdentity({ lie })),
  ...(['image-head', 'stat-binary', 'stat-exact', 'record-refused'] as const).map((lie) => binaryLedger({ lie })),
];

/** Per corpus case, per rule: the most checks one subject and arm counted in it. */
async function caseChecks(): Promise<Map<string, Map<RuleId, number>>> {
  const out = new Map<string, Map<RuleId, number>>();
  for (const adapter of [...SUBJECTS, ...LIARS]) await play(adapter, out);
  for (const id of MUTANT_IDS) {
    const m = await loadMutantAdapter(id);
    try {
      await play(m.adapter, out);
    } finally {
      await m.dispose();
    }
  }
  return out;
}

/** The corpus played against `adapter` under each arm it declares, its checks per case into `out`. */
async function play(adapter: DrivenAdapter, out: Map<string, Map<RuleId, number>>): Promise<void> {
  {
    const arms = adapter.capabilities.arms !== undefined ? ARM_NAMES : [undefined];
    for (const arm of arms) {
      const mode = modeFor(adapter.capabilities, arm);
      const tool = adapter.capabilities.tool;
      await playCorpus(
        {
          adapter,
          mode,
          seal: sealFor(SEED),
          ...(tool ? { tool } : {}),
          ...(adapter.capabilities.cap !== undefined ? { fixedCap: adapter.capabilities.cap } : {}),
          transport: 'in-process',
          links: true,
          bytes: true,
          targets: new Set(RULE_IDS),
          seed: SEED,
          header: (cap, note) => ({ type: 'header', kit: 'test', specVersion: '2.1', cap, levers: [], seal: '', note }),
          judgeWith: async (label, config, events) => {
            const v = await judgeHistory(adapter, config, events);
            const id = label.replace(/^corpus case /, '');
            const seen = out.get(id) ?? new Map<RuleId, number>();
            for (const [rule, n] of v.checks) seen.set(rule, Math.max(seen.get(rule) ?? 0, n));
            out.set(id, seen);
            return v;
          },
        },
        { history: () => {}, fail: () => {}, broke: () => {} },
      );
    }
  }
}

describe('what explain lists, for real', () => {
  it('each corpus case it names for a rule checks that rule, played against truthful and lying subjects', async () => {
    const checks = await caseChecks();
    const missing: string[] = [];
    const reached: string[] = [];
    for (const id of RULE_IDS)
      for (const c of (await explain(id)).corpusCases) {
        const pair = `${c.id} ${id}`;
        const n = checks.get(c.id)?.get(id) ?? 0;
        if (n === 0 && GAPS[pair] === undefined) missing.push(`${c.id} never checks ${id}`);
        if (n > 0 && GAPS[pair] !== undefined) reached.push(`${pair} is checked now: remove it from GAPS`);
      }
    expect(missing).toEqual([]);
    expect(reached).toEqual([]);
  }, 600_000);

  // The record is a fresh run's: .ci/run's mutants step runs them all and checks its report against
  // mutations/measured.json (dev/docs/measured.ts check), so no second full run here.
  it('each mutant it names for a rule is killed by that rule, as mutations/measured.json records', async () => {
    const measured = readMeasured();
    for (const id of RULE_IDS)
      for (const m of (await explain(id)).mutants!) {
        expect(measured.mutants[m.id]?.status, m.id).toBe('killed');
        expect(measured.mutants[m.id]!.failedRules, `${m.id} killed by ${id}`).toContain(id);
      }
  });
});
