/**
 * What the played-host kinds share: the choice between them and its clashes, their common flags,
 * and the replay flags those give. Checked against the registry's kinds (src/cli/subjects.ts).
 */
import { describe, expect, it } from 'vitest';
import { chosenHost, commonArgv, driverCommon } from '../../../../src/adapters/drivers/flags.ts';
import type { ParseContext } from '../../../../src/adapters/kind.ts';
import { SUBJECTS, SUBJECT_KINDS } from '../../../../src/cli/subjects.ts';

const ctx: ParseContext = { cap: undefined, kinds: SUBJECT_KINDS.map((k) => SUBJECTS[k]) };
const f = (o: Record<string, string>) => new Map(Object.entries(o));
const hosts = ctx.kinds.filter((k) => k.hostExample !== undefined).map((k) => k.name);

describe('chosenHost', () => {
  it('is the played host named, or none', () => {
    expect(hosts).toEqual(['hook', 'mcp']);
    expect(chosenHost(f({ hook: 'h' }), ctx)).toBe('hook');
    expect(chosenHost(f({ mcp: 'm', levers: 'none' }), ctx)).toBe('mcp');
    expect(chosenHost(f({ adapter: 'a.ts' }), ctx)).toBeUndefined();
  });

  it('names each clash: an empty command, two hosts, another kind, a flag of a host not chosen', () => {
    expect(() => chosenHost(f({ hook: ' ' }), ctx)).toThrow(
      'run: --hook needs a command line, e.g. --hook "bash examples/hooks/content-dedup.sh"',
    );
    expect(() => chosenHost(f({ hook: 'h', mcp: 'm' }), ctx)).toThrow('run: give --hook or --mcp, not both');
    expect(() => chosenHost(f({ mcp: 'm', process: 'p' }), ctx)).toThrow(
      'run: --mcp plays the host itself; drop --process',
    );
    expect(() => chosenHost(f({ hook: 'h', 'mcp-tool': 't' }), ctx)).toThrow('run: --mcp-tool applies to --mcp only');
    expect(() => chosenHost(f({ decode: 'd.ts' }), ctx)).toThrow('run: --decode applies to --hook and --mcp only');
  });
});

describe('the shared flags', () => {
  it('parse --levers, --pointer-pattern and --decode, and replay them (with --cap when the cap lever needs it)', () => {
    const d = driverCommon(f({ levers: 'pointer,cap', 'pointer-pattern': 'seen it', decode: 'd.ts' }), 64);
    expect(d).toEqual({ levers: ['pointer', 'cap'], pointerPattern: 'seen it', decode: 'd.ts' });
    expect(commonArgv(d, 64)).toEqual([
      '--levers pointer,cap',
      "--pointer-pattern 'seen it'",
      '--decode d.ts',
      '--cap 64',
    ]);
    expect(commonArgv(driverCommon(f({ levers: 'none' }), undefined), 64)).toEqual(['--levers none']);
  });

  it('refuse bad levers, the cap lever without --cap, and a pattern that is not a regular expression', () => {
    expect(() => driverCommon(f({ levers: 'pointer,pointer' }), undefined)).toThrow(/--levers takes distinct names/);
    expect(() => driverCommon(f({ levers: 'cap' }), undefined)).toThrow(/--levers with cap needs --cap/);
    expect(() => driverCommon(f({ 'pointer-pattern': '(' }), undefined)).toThrow(/--pointer-pattern is not a regular/);
  });
});
