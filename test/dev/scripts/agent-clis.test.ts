// dev/scripts/agent-clis.ts: the built-in CLIs' pins, as the profile registry gives them.
import { describe, expect, it } from 'vitest';
import { pinLines } from '../../../dev/scripts/agent-clis.ts';
import { BUILTIN_PROFILES } from '../../../src/adapters/agent/profiles/index.ts';

describe('agent-clis', () => {
  it("gives every built-in CLI, in the registry's order, at its profile's version", () => {
    expect(pinLines([])).toEqual(
      Object.entries(BUILTIN_PROFILES).map(([name, p]) => `${name} ${p.package}@${p.version}`),
    );
  });

  it('gives the named ones in the order named, and names an unknown one', () => {
    const [a, b] = Object.keys(BUILTIN_PROFILES) as [string, string];
    expect(pinLines([b, a])).toEqual([
      `${b} ${BUILTIN_PROFILES[b]!.package}@${BUILTIN_PROFILES[b]!.version}`,
      `${a} ${BUILTIN_PROFILES[a]!.package}@${BUILTIN_PROFILES[a]!.version}`,
    ]);
    expect(pinLines([a, 'opencode'])).toBe(
      `unknown CLI 'opencode' (known: ${Object.keys(BUILTIN_PROFILES).join(' ')})`,
    );
  });
});
