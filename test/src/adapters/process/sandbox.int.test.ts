import { readFileSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox, setExactMtime } from '../../../../src/adapters/process/sandbox.ts';
import { sandboxHome, sandboxesIn } from './helpers.ts';

const home = sandboxHome();
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('sandbox: real files with the kit’s mtimes', () => {
  it('every whole-millisecond mtime is exact to the nanosecond (plain utimes is often 1 µs early)', () => {
    const s = new Sandbox(home);
    const file = join(s.root, 'm');
    writeFileSync(file, '');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        setExactMtime(file, ms);
        return statSync(file, { bigint: true }).mtimeNs === BigInt(ms) * 1_000_000n;
      }),
      { numRuns: 2000, seed: 7 },
    );
    s.remove();
  });

  it('an edit that keeps the mtime changes the bytes in place and nothing else a stat shows but the size', () => {
    const s = new Sandbox(home);
    s.write('a.ts', 'first version\n', 1_700_000_000_123);
    const before = statSync(join(s.root, 'a.ts'), { bigint: true });
    s.write('a.ts', 'other version\n', 1_700_000_000_123);
    const after = statSync(join(s.root, 'a.ts'), { bigint: true });
    expect(readFileSync(join(s.root, 'a.ts'), 'utf8')).toBe('other version\n');
    expect(after.mtimeNs).toBe(before.mtimeNs);
    expect(after.ino).toBe(before.ino);
    s.write('a.ts', '', 1_700_000_000_124); // same second, 1 ms later; truncated to empty
    expect(statSync(join(s.root, 'a.ts')).size).toBe(0);
    expect(statSync(join(s.root, 'a.ts'), { bigint: true }).mtimeNs).toBe(1_700_000_000_124_000_000n);
    s.remove();
  });

  it('the ground truth is what the disk holds: a lone surrogate becomes U+FFFD, all else byte for byte', () => {
    const s = new Sandbox(home);
    const stored = s.write('docs/c.md', 'a\uD800b\r\nnul\u0000é😀', 5);
    expect(stored).toBe('a\uFFFDb\r\nnul\u0000é😀');
    expect(readFileSync(join(s.root, 'docs/c.md'), 'utf8')).toBe(stored);
    expect(s.write('x', 'plain', 5)).toBe('plain');
    s.remove();
  });

  it('aliases resolve on disk as the kit resolves them; deletes and missing files are real', () => {
    const s = new Sandbox(home);
    s.write('./a.ts', 'A', 1);
    expect(existsSync(join(s.root, 'a.ts'))).toBe(true);
    s.prepare('docs/../src/../a.ts');
    expect(readFileSync(join(s.root, 'docs/../src/../a.ts'), 'utf8')).toBe('A');
    s.delete('src/../a.ts');
    expect(existsSync(join(s.root, 'a.ts'))).toBe(false);
    expect(() => s.write('../escape', 'x', 1)).toThrow(/does not name a file inside the sandbox/);
    expect(() => s.prepare('/etc/passwd')).toThrow(/does not name a file inside the sandbox/);
    s.remove();
    expect(existsSync(s.root)).toBe(false);
    expect(sandboxesIn(home)).toEqual([]);
  });
});
