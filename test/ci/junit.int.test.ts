import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../properties/rules/index.ts';
import { xmlEscape } from '../../src/cli/report/junit.ts';
import { cpuBudget, HERE, inProcess, ROOT, type Ran } from '../src/cli/helpers.ts';
import { parseXml, type XmlElement } from './xml.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-junit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// path-hash fails POINTER-FULL and leaves SLICE-CONTINUES and PROGRESS unexercised (it never continues).
// The report's shape, not the session band nor the whole crossed table: --sessions 0, --crossed-sample.
const base = [
  'run',
  '--adapter',
  join(ROOT, 'test/fixtures/adapters/path-hash.ts'),
  '--arm',
  'cap',
  '--runs',
  '20',
  '--seed',
  '5',
  '--sessions',
  '0',
  '--crossed-sample',
  '--no-save',
];

interface Case {
  suite: string;
  classname: string;
  name: string;
  child?: XmlElement;
}

/** The JUnit shape CI tools read: testsuites > testsuite > testcase > failure | skipped, counts that add up. */
function junitCases(xml: string): Case[] {
  const root = parseXml(xml);
  expect(root.name).toBe('testsuites');
  const cases: Case[] = [];
  let failures = 0;
  let skipped = 0;
  for (const suite of root.children) {
    expect(suite.name).toBe('testsuite');
    const own = suite.children.filter((c) => c.name === 'testcase');
    expect(suite.children.every((c) => c.name === 'testcase' || c.name === 'properties')).toBe(true);
    expect(Number(suite.attrs.tests)).toBe(own.length);
    const f = own.filter((c) => c.children.some((x) => x.name === 'failure')).length;
    const s = own.filter((c) => c.children.some((x) => x.name === 'skipped')).length;
    expect([Number(suite.attrs.failures), Number(suite.attrs.skipped), Number(suite.attrs.errors)]).toEqual([f, s, 0]);
    failures += f;
    skipped += s;
    for (const c of own) {
      expect(c.children.length).toBeLessThanOrEqual(1);
      expect(c.attrs.classname).toBe(suite.attrs.name);
      cases.push({
        suite: suite.attrs.name!,
        classname: c.attrs.classname!,
        name: c.attrs.name!,
        ...(c.children[0] ? { child: c.children[0] } : {}),
      });
    }
  }
  expect([Number(root.attrs.tests), Number(root.attrs.failures), Number(root.attrs.skipped)]).toEqual([
    cases.length,
    failures,
    skipped,
  ]);
  return cases;
}

describe('the strict XML check can fail', () => {
  const bad = [
    ['no declaration', '<a/>'],
    ['unclosed', '<?xml version="1.0" encoding="UTF-8"?><a><b></a>'],
    ['raw ampersand', '<?xml version="1.0" encoding="UTF-8"?><a>x & y</a>'],
    ['unknown entity', '<?xml version="1.0" encoding="UTF-8"?><a>&nbsp;</a>'],
    ['control character', '<?xml version="1.0" encoding="UTF-8"?><a>\u0001</a>'],
    ['two roots', '<?xml version="1.0" encoding="UTF-8"?><a/><b/>'],
    ['unquoted attribute', '<?xml version="1.0" encoding="UTF-8"?><a x=1/>'],
  ];
  for (const [what, xml] of bad) it(what!, () => expect(() => parseXml(xml!)).toThrow());
  it('escaping round-trips markup, quotes and characters XML cannot carry', () => {
    const nasty = `a<b>&"c"'d' ]]> nul\u0000 lone\uD800 ok é 😀`;
    const el = parseXml(`<?xml version="1.0" encoding="UTF-8"?><x v="${xmlEscape(nasty)}">${xmlEscape(nasty)}</x>`);
    const want = 'a<b>&"c"\'d\' ]]> nul\\u0000 lone\\ud800 ok é 😀';
    expect(el.attrs.v).toBe(want);
    expect(el.text).toBe(want);
  });
});

// main(argv) in-process, the adapter in this thread (HERE, test/src/cli/helpers.ts): the report does
// not depend on the thread (test/src/cli/faults.long.test.ts tests it); a spawn would start node and tsx again.
describe('run --reporter junit', { timeout: cpuBudget(8) }, () => {
  let r: Ran;
  let json: { rules: { id: string; status: string; reason?: string; counterexample?: { story: string[] } }[] };
  beforeAll(async () => {
    r = await inProcess([...base, '--reporter', 'junit'], tmp, HERE);
    json = JSON.parse((await inProcess([...base, '--reporter', 'json'], tmp, HERE)).stdout);
  });

  it('parses as JUnit XML: one testcase per rule, classname = its suite, counts add up; exit code as the run', () => {
    expect(r.code).toBe(1);
    const cases = junitCases(r.stdout);
    expect(cases.map((c) => c.name).sort()).toEqual(RULES.map((x) => x.id).sort());
    for (const c of cases)
      expect(c.suite).toBe(`readshim-conformance.path-hash.cap.${RULES.find((x) => x.id === c.name)!.kind}`);
  });

  it('fail → <failure> whose text is the story; unexercised → <failure>; n/a → <skipped> with the reason; pass → nothing', () => {
    const cases = new Map(junitCases(r.stdout).map((c) => [c.name, c]));
    for (const rule of json.rules) {
      const c = cases.get(rule.id)!;
      if (rule.status === 'pass') expect(c.child).toBeUndefined();
      if (rule.status === 'n/a')
        expect(c.child).toMatchObject({ name: 'skipped', attrs: { message: `n/a: ${rule.reason}` } });
      if (rule.status === 'unexercised')
        expect(c.child).toMatchObject({
          name: 'failure',
          attrs: { type: 'unexercised', message: `unexercised: ${rule.reason}` },
        });
      if (rule.status === 'fail') {
        expect(c.child).toMatchObject({ name: 'failure', attrs: { type: 'fail', message: rule.reason } });
        for (const line of rule.counterexample!.story) expect(c.child!.text).toContain(line);
      }
    }
    expect(json.rules.map((x) => x.status)).toEqual(expect.arrayContaining(['pass', 'fail', 'n/a', 'unexercised']));
  });

  it('with a baseline: an accepted failure is <skipped>, a fixed rule a <failure>', async () => {
    const f = join(tmp, 'baseline.txt');
    writeFileSync(
      f,
      'POINTER-FULL # hash-keyed on purpose\nSLICE-CONTINUES # never continues\nPROGRESS # never continues\nDONE-TRUE # listed, but it passes\n',
    );
    const b = await inProcess([...base, '--reporter', 'junit', '--baseline', f], tmp, HERE);
    expect(b.code).toBe(1);
    const cases = new Map(junitCases(b.stdout).map((c) => [c.name, c]));
    expect(cases.get('POINTER-FULL')!.child).toMatchObject({
      name: 'skipped',
      attrs: { message: expect.stringMatching(/^known failure accepted in the baseline/) },
    });
    expect(cases.get('SLICE-CONTINUES')!.child!.name).toBe('skipped');
    expect(cases.get('DONE-TRUE')!.child).toMatchObject({
      name: 'failure',
      attrs: { type: 'baseline', message: expect.stringMatching(/^fixed — remove DONE-TRUE from the baseline/) },
    });
  });

  it('in a shard, a rule the shard did not exercise is <skipped>, not a failure', async () => {
    const s = await inProcess([...base, '--reporter', 'junit', '--shard', '2/3'], tmp, HERE);
    const cases = new Map(junitCases(s.stdout).map((c) => [c.name, c]));
    expect(cases.get('PROGRESS')!.child).toMatchObject({
      name: 'skipped',
      attrs: { message: expect.stringMatching(/in shard 2\/3 \(the combined shards decide\)/) },
    });
  });
});
