/** execSimple (src/adapters/command.ts): `exec` before one simple command, never before anything else. */
import { describe, expect, it } from 'vitest';
import { execSimple } from '../../../src/adapters/command.ts';

describe('execSimple', () => {
  it("one simple command, quoted words and redirections included, is exec'd", () => {
    for (const c of [
      'python3 shim.py',
      "python3 '/a b/shim.py' --root '/tmp/x;y'",
      'node shim.js 2>>log.txt',
      'python3 "$HOME/s.py"',
    ])
      expect(execSimple(c)).toBe(`exec ${c}`);
  });
  it('a list, a pipeline, a subshell, a substitution, an assignment or a reserved word is left alone', () => {
    for (const c of [
      'cd x && python3 s.py',
      'a; b',
      'a | b',
      '(a)',
      'a &',
      'echo `x`',
      'FOO=1 python3 s.py',
      'if true; then a; fi',
      '{ a; }',
      'exec a',
      'a\nb',
      "python3 'unterminated",
    ])
      expect(execSimple(c)).toBe(c);
  });
});
