/** The world's paths beyond spelling (src/harness/world.ts): symlinks, hardlinks, a case-insensitive host. */
import { describe, expect, it } from 'vitest';
import { World } from '../../../src/harness/world.ts';

describe('World symlinks', () => {
  it('a read through a link is the target; the link has its own lstat mtime', () => {
    const w = new World();
    w.write('src/a.ts', 'one\n', 1000);
    w.symlink('src/l.ts', 'a.ts', 5000);
    expect(w.fs.read('src/l.ts')).toBe('one\n');
    expect(w.fs.stat('src/l.ts').mtimeMs).toBe(1000);
    expect(w.fs.lstat!('src/l.ts')).toEqual({ mtimeMs: 5000, size: 4, symlink: true });
    expect(w.realpath('src/l.ts')).toBe('src/a.ts');
    // An edit of the target keeps the link's own mtime: a shim keyed on lstat would miss it.
    w.write('src/a.ts', 'two\n', 2000);
    expect(w.fs.read('src/l.ts')).toBe('two\n');
    expect(w.fs.lstat!('src/l.ts').mtimeMs).toBe(5000);
    expect(w.toolResult({ path: 'src/l.ts' })).toEqual({ ok: true, text: 'two\n' });
  });

  it('retargeted, then removed: the name follows the new target, then names nothing; the target stays', () => {
    const w = new World();
    w.write('a.ts', 'aaaa\n', 1000);
    w.write('b.ts', 'bbbb\n', 1000);
    w.symlink('l.ts', 'a.ts', 3000);
    w.symlink('l.ts', 'b.ts', 3000);
    expect(w.fs.read('l.ts')).toBe('bbbb\n');
    w.delete('l.ts');
    expect(w.fs.exists('l.ts')).toBe(false);
    expect(w.fs.read('b.ts')).toBe('bbbb\n');
  });

  it('a directory link resolves the segments after it; a write through a link changes the target', () => {
    const w = new World();
    w.write('real/x.ts', 'x\n', 1000);
    w.symlink('alias', 'real', 1000);
    expect(w.realpath('alias/x.ts')).toBe('real/x.ts');
    w.write('alias/x.ts', 'y\n', 2000);
    expect(w.file('real/x.ts')).toMatchObject({ content: 'y\n', mtimeMs: 2000 });
  });

  it('never creates a link that leaves the sandbox; a loop names nothing', () => {
    const w = new World();
    expect(() => w.symlink('l', '../../etc/passwd', 1)).toThrow(/leave the sandbox/);
    expect(() => w.symlink('d/l', '../../x', 1)).toThrow(/leave the sandbox/);
    expect(() => w.symlink('l', '/etc/passwd', 1)).toThrow(/leave the sandbox/);
    expect(w.fs.exists('l')).toBe(false);
    w.symlink('p', 'q', 1);
    w.symlink('q', 'p', 1);
    expect(w.realpath('p')).toBeUndefined();
    expect(w.fs.exists('p')).toBe(false);
  });
});

describe('World hardlinks', () => {
  it('two names, one file: an edit under one shows under the other; removing one name keeps the other', () => {
    const w = new World();
    w.write('a.ts', 'one\n', 1000);
    w.hardlink('h.ts', 'a.ts');
    w.write('h.ts', 'two\n', 2000);
    expect(w.file('a.ts')).toMatchObject({ content: 'two\n', mtimeMs: 2000 });
    expect(w.fs.stat('a.ts').size).toBe(4);
    w.delete('a.ts');
    expect(w.fs.read('h.ts')).toBe('two\n');
    expect(w.paths()).toEqual(['h.ts']);
  });
});

describe('World on a case-insensitive host', () => {
  it('A.ts and a.ts are one file there, two files on a case-sensitive host', () => {
    const folded = new World(undefined, { caseInsensitive: true });
    folded.write('A.ts', 'upper\n', 1000);
    folded.write('a.ts', 'lower\n', 2000);
    expect(folded.fs.read('A.ts')).toBe('lower\n');
    expect(folded.paths()).toEqual(['A.ts']);
    expect(folded.realpath('A.ts')).toBe(folded.realpath('a.ts'));
    const exact = new World();
    exact.write('A.ts', 'upper\n', 1000);
    exact.write('a.ts', 'lower\n', 2000);
    expect(exact.fs.read('A.ts')).toBe('upper\n');
    expect(exact.paths()).toEqual(['A.ts', 'a.ts']);
  });
});
