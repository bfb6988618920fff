/** The table's list of implementations: its kinds are the registry's, an agent row's pin the profile's. */
import { describe, expect, it } from 'vitest';
import { INSTALL_DIR } from '../../../../src/adapters/agent/install.ts';
import { BUILTIN_PROFILES } from '../../../../src/adapters/agent/profiles/index.ts';
import { KINDS, KIND_FLAG, parseImplementations } from '../../../../src/cli/report/table-model.ts';
import { SUBJECTS } from '../../../../src/cli/subjects.ts';

const list = (row: Record<string, unknown>) =>
  parseImplementations(JSON.stringify({ implementations: [row] }), 'x.json').implementations[0]!;

describe('the list of implementations', () => {
  it('has a row kind, and its subject flag, for every kind of subject', () => {
    expect([...KINDS]).toEqual(Object.keys(SUBJECTS));
    for (const k of KINDS) expect(KIND_FLAG[k]).toBe(`--${k}`);
  });

  it("runs a built-in agent profile's pinned CLI when the row names no package", () => {
    for (const [name, p] of Object.entries(BUILTIN_PROFILES))
      for (const argv of [['--agent', name, '--runs', '2'], [`--agent=${name}`]])
        expect(list({ name: 'a', kind: 'agent', design: 'd', argv })).toMatchObject({
          package: p.package,
          version: p.version,
          prefix: INSTALL_DIR,
        });
  });

  it('keeps a pin the row gives, and asks one of a profile module or a partly pinned row', () => {
    const given = { name: 'a', kind: 'agent', design: 'd', argv: ['--agent', 'claude-code'] };
    expect(list({ ...given, package: '@x/cli', version: '9.9.9' })).toMatchObject({
      package: '@x/cli',
      version: '9.9.9',
    });
    expect(() => list({ ...given, argv: ['--agent-profile', 'p.ts'] })).toThrow(/give "source" .* or "package"/);
    expect(() => list({ ...given, version: '9.9.9' })).toThrow(/give "source" .* or "package"/);
    expect(() => list({ ...given, argv: ['--agent', 'cursor'] })).toThrow(/give "source" .* or "package"/);
  });
});
