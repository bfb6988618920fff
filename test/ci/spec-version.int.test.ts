/** Spec 2.0 and 2.1: an older trace is judged under the current rules (and the report says so); an older baseline is refused. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SPEC_VERSION } from '../../src/core/version.ts';
import { parseBaseline } from '../../properties/baseline.ts';
import { UsageError } from '../../src/core/errors.ts';
import { loadTraceFile, olderSpecNote } from '../../src/cli/failures.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-spec-version-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const trace = (spec: string): string =>
  `${JSON.stringify({ type: 'header', kit: '0.1.0', specVersion: spec, cap: 64, arm: 'cap', seal: 's' })}\n${JSON.stringify({ type: 'worker', id: 'w1' })}\n`;

describe('traces of other spec versions', () => {
  it('an older trace loads and is named as judged under the current rules', () => {
    const f = join(tmp, 'old.jsonl');
    writeFileSync(f, trace('1.0'));
    const { trace: t } = loadTraceFile(f);
    expect(olderSpecNote(f, t)).toBe(`${f} is a trace of spec 1.0, judged under the rules of spec ${SPEC_VERSION}`);
  });
  it('a 2.0 trace (the recorded examples/traces) loads with no note under 2.2: a minor version is judged under the current rules, and only a verdict that moves is told', () => {
    expect(SPEC_VERSION).toBe('2.2');
    const f = new URL('../../examples/traces/clean.jsonl', import.meta.url).pathname;
    const { trace: t } = loadTraceFile(f);
    expect(t.header.specVersion).toBe('2.0');
    expect(olderSpecNote(f, t)).toBeUndefined();
    const baseline = parseBaseline(
      'b.txt',
      '# readshim-conformance baseline (spec 2.0): rules this shim is known to fail.\nPOINTER-FULL # known\n',
    );
    expect(baseline.entries).toHaveLength(1);
  });
  it('a current trace carries no note; a newer one is refused in one line', () => {
    const cur = join(tmp, 'cur.jsonl');
    writeFileSync(cur, trace(SPEC_VERSION));
    expect(olderSpecNote(cur, loadTraceFile(cur).trace)).toBeUndefined();
    const next = join(tmp, 'next.jsonl');
    writeFileSync(next, trace('99.0'));
    expect(() => loadTraceFile(next)).toThrow(UsageError);
    expect(() => loadTraceFile(next)).toThrow(
      /is a trace of spec 99\.0; this kit checks spec .* cannot read newer traces/,
    );
  });
});

describe('baselines of other spec versions', () => {
  it('a baseline the kit wrote before spec 2.0 (no spec in its first line) is refused with one line', () => {
    const v1 = '# readshim-conformance baseline: rules this shim is known to fail.\nFORGET-RESETS # no hook\n';
    expect(() => parseBaseline('b.txt', v1)).toThrow(
      /baseline b\.txt was written under spec 1\.0; this kit judges spec 2\.2/,
    );
  });
  it('the current header and a hand-written baseline are read', () => {
    expect(
      parseBaseline('b.txt', `# readshim-conformance baseline (spec ${SPEC_VERSION}): …\nPOINTER-FULL # known\n`)
        .entries,
    ).toHaveLength(1);
    expect(parseBaseline('b.txt', '# our own notes\nPOINTER-FULL\n').entries).toHaveLength(1);
  });
});
