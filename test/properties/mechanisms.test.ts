/**
 * Every mechanism of a failure: a rule broken by corpus cases of several lie classes tells a story
 * for each, up to MECHANISM_STORIES (the counterexample's included), and lists the rest in JSON
 * `rules[].mechanisms`.
 */
import { describe, expect, it } from 'vitest';
import { runJunit, xmlEscape } from '../../src/cli/report/junit.ts';
import { runJson, runPretty } from '../../src/cli/report/run.ts';
import { LIE_CLASSES } from '../../properties/corpus/classes.ts';
import { MECHANISM_STORIES } from '../../properties/result.ts';
import { runConformance } from '../../properties/run.ts';
import { BROKEN, SOUND } from '../fixtures/naive-shims.ts';

const extras = { traceFiles: new Map<string, string>(), replayCommand: () => '' };

// The corpus's mechanisms, not the session band: runs without it.
describe('every mechanism of a failure', () => {
  it('a shim keyed on path and mtime fails POINTER-FULL by several lie classes: one story each up to the bound, the rest listed', async () => {
    const r = await runConformance({
      adapter: BROKEN['path-mtime']!.adapter,
      arm: 'cap',
      runs: 5,
      seed: 1,
      session: { histories: 0 },
      only: ['POINTER-FULL'],
    });
    const rule = r.rules[0]!;
    expect(rule.status).toBe('fail');
    const ms = rule.mechanisms!;
    // An mtime that stays while the bytes change: kept by an edit, restored, or raced after the read.
    expect(ms.length).toBeGreaterThan(MECHANISM_STORIES);
    expect(new Set(ms.map((m) => m.lieClass)).size).toBe(ms.length);
    expect(ms.map((m) => m.lieClass)).toEqual(expect.arrayContaining(['edit-keeps-mtime', 'mtime-restored']));
    ms.forEach((m, i) => expect(m.story !== undefined, `${m.case} has a story`).toBe(i < MECHANISM_STORIES));
    for (const m of ms.slice(0, MECHANISM_STORIES))
      expect(m.story![0]).toBe(`lie class: ${LIE_CLASSES[m.lieClass]} (corpus case ${m.case})`);
    // The first mechanism is the counterexample; the pretty report tells the next ones and names the rest.
    expect(rule.counterexample!.source).toBe(`corpus ${ms[0]!.case}`);
    const pretty = runPretty(r, extras).split('\n');
    expect(pretty.filter((l) => l.startsWith('  also FAIL POINTER-FULL, another mechanism: '))).toHaveLength(
      MECHANISM_STORIES - 1,
    );
    for (const m of ms.slice(1, MECHANISM_STORIES))
      expect(pretty).toContain(`    lie class: ${LIE_CLASSES[m.lieClass]} (corpus case ${m.case})`);
    const rest = ms.slice(MECHANISM_STORIES);
    expect(pretty).toContain(
      `  and ${rest.length} more lie ${rest.length === 1 ? 'class' : 'classes'} (JSON rules[].mechanisms): ${rest.map((m) => `${m.lieClass} (${m.case})`).join(', ')}`,
    );
    // JUnit's failure body carries them too (the HTML report's story uses the same lines).
    expect(runJunit(r, extras)).toContain(xmlEscape(`also FAIL POINTER-FULL, another mechanism: ${ms[1]!.message}`));
    const json = JSON.parse(runJson(r, extras)) as { rules: { mechanisms?: unknown }[] };
    expect(json.rules[0]!.mechanisms).toEqual(ms);
  }, 120_000);

  it('one mechanism: no list (the counterexample tells it), and a sound shim has none', async () => {
    const r = await runConformance({
      adapter: BROKEN['shared-ledger']!.adapter,
      arm: 'cap',
      runs: 5,
      seed: 1,
      session: { histories: 0 },
      only: ['ISOLATION'],
    });
    const rule = r.rules[0]!;
    expect(rule.status).toBe('fail');
    const classes = new Set(r.corpus!.cases.filter((c) => c.failed.includes('ISOLATION')).map((c) => c.lieClass));
    if (classes.size === 1) expect(rule.mechanisms).toBeUndefined();
    else expect(rule.mechanisms?.map((m) => m.lieClass)).toEqual([...classes]);
    const sound = await runConformance({
      adapter: SOUND,
      arm: 'cap',
      runs: 5,
      seed: 1,
      session: { histories: 0 },
      only: ['POINTER-FULL'],
      crossed: 'cover',
    });
    expect(sound.rules[0]!.mechanisms).toBeUndefined();
  }, 120_000);
});
