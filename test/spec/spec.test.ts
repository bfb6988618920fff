/**
 * SPEC.md as documentation whose examples are executed: every rule is documented with its
 * registry law and at least one example, every example is a valid trace, and every example
 * passes against the reference.
 */
import { describe, expect, it } from 'vitest';
import referenceAdapter from '../../adapters/reference.ts';
import { RULES, RULE_IDS } from '../../core/rules.ts';
import { formatTrace, parseTrace } from '../../core/trace.ts';
import { runExample } from '../../spec/execute.ts';
import { exampleTrace } from '../../spec/parse.ts';
import { SPEC_TEXT, loadRealSpec } from './support.ts';

const { spec, examples } = loadRealSpec();

describe('SPEC.md documents every rule', () => {
  it('has one "## <RULE-ID>" section per rule, in registry order', () => {
    expect(spec.sections.map((s) => s.rule)).toEqual([...RULE_IDS]);
  });

  it.each(RULES.map((r) => [r.id, r.law] as const))('%s states the registry law in its **Law.** line', (id, law) => {
    expect(spec.sections.find((s) => s.rule === id)?.law).toBe(law);
  });

  it.each([...RULE_IDS])('%s has a row in the rule × arm table', (id) => {
    expect(SPEC_TEXT).toMatch(new RegExp(`^\\| ${id} \\|`, 'm'));
  });

  it.each([...RULE_IDS])('%s has at least one executable example', (id) => {
    expect(examples.filter((c) => c.example.rule === id).length).toBeGreaterThanOrEqual(1);
  });

  it('example ids are unique, stable words (<RULE-ID>/<slug>)', () => {
    const ids = examples.map((c) => c.example.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z0-9-]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('covers the brief\'s edge cases by name', () => {
    const ids = new Set(examples.map((c) => c.example.id));
    for (const id of [
      'POINTER-FULL/empty-file-first-read', 'POINTER-FULL/truncated-to-empty', 'SLICE-CONTINUES/change-between-slices-restarts',
      'UTF8-WHOLE/four-byte-at-cap-boundary', 'POINTER-FULL/a-b-a', 'POINTER-FULL/window-then-whole-file',
      'STALE-SERVE-LABELLED/vanished-file', 'STALE-SERVE-LABELLED/clamped-after-shrink', 'FORGET-RESETS/forget-path-then-reread',
      'PASSTHROUGH/error-reaches-worker-records-nothing', 'ISOLATION/other-worker-starts-fresh',
    ])
      expect(ids.has(id), id).toBe(true);
  });
});

describe('every example is a trace in the one schema', () => {
  it.each(examples.map((c) => [c.example.id, c] as const))('%s round-trips through formatTrace/parseTrace', (_id, c) => {
    const trace = exampleTrace(c.example);
    expect(parseTrace(formatTrace(trace))).toEqual(JSON.parse(JSON.stringify(trace)));
    expect(trace.header).toMatchObject({ arm: c.example.arm, cap: c.example.cap, seal: c.example.seal });
  });
});

describe('every example passes against the reference', () => {
  it.each(examples.map((c) => [c.example.id, c] as const))('%s', async (_id, c) => {
    const r = await runExample(c, referenceAdapter);
    expect(r.reason).toBeUndefined();
    expect(r.status).toBe('pass');
  });
});
