import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { withRoot } from '../../../../src/adapters/command.ts';

describe('{root} in a command line', () => {
  it.each(['/tmp/readshim-sandbox-abc', "/tmp/it's here", '/tmp/a b/$HOME;`x`'])(
    '%j reaches the command as one word, every time it appears',
    (root) => {
      const cmd = withRoot('printf "%s|" {root} {root}', root);
      expect(spawnSync(cmd, { shell: true, encoding: 'utf8' }).stdout).toBe(`${root}|${root}|`);
    },
  );
  it('a command without {root} is left alone', () => {
    expect(withRoot('bash x.sh', '/r')).toBe('bash x.sh');
  });
});
