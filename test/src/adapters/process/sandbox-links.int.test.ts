/** The sandbox's links and case folding (spec 2.1, docs/reference/protocol.md "The sandbox"). */
import { lstatSync, readFileSync, readlinkSync, rmSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../../../src/adapters/process/sandbox.ts';
import { sandboxHome } from './helpers.ts';

const home = sandboxHome();
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('sandbox links', () => {
  it('a symlink has its own exact mtime, a retarget replaces it, a delete removes the link and not the target', () => {
    const s = new Sandbox(home);
    s.write('src/a.ts', 'aaa\n', 1_700_000_000_000);
    s.write('b.ts', 'bbb\n', 1_700_000_000_000);
    s.symlink('src/l.ts', 'a.ts', 1_700_000_000_777);
    const l = join(s.root, 'src/l.ts');
    expect(readFileSync(l, 'utf8')).toBe('aaa\n');
    expect(lstatSync(l, { bigint: true }).mtimeNs).toBe(1_700_000_000_777n * 1_000_000n);
    expect(statSync(l, { bigint: true }).mtimeNs).toBe(1_700_000_000_000n * 1_000_000n);
    s.symlink('src/l.ts', '../b.ts', 1_700_000_000_777);
    expect(readlinkSync(l)).toBe('../b.ts');
    expect(readFileSync(l, 'utf8')).toBe('bbb\n');
    s.delete('src/l.ts');
    expect(existsSync(l)).toBe(false);
    expect(readFileSync(join(s.root, 'b.ts'), 'utf8')).toBe('bbb\n');
    s.remove();
  });

  it('a hardlink is one inode; an edit under either name shows under both', () => {
    const s = new Sandbox(home);
    s.write('a.ts', 'one\n', 1_700_000_000_000);
    s.hardlink('h.ts', 'a.ts');
    s.write('h.ts', 'two\n', 1_700_000_001_000);
    expect(statSync(join(s.root, 'a.ts')).ino).toBe(statSync(join(s.root, 'h.ts')).ino);
    expect(readFileSync(join(s.root, 'a.ts'), 'utf8')).toBe('two\n');
    s.remove();
  });

  it('on a host that folds case, another spelling read is the same file; a delete removes every spelling', () => {
    const s = new Sandbox(home);
    s.foldCase = true;
    s.write('A.ts', 'one\n', 1_700_000_000_000);
    s.prepare('a.ts');
    s.write('a.ts', 'two\n', 1_700_000_002_000);
    expect(readFileSync(join(s.root, 'A.ts'), 'utf8')).toBe('two\n');
    expect(statSync(join(s.root, 'a.ts')).ino).toBe(statSync(join(s.root, 'A.ts')).ino);
    s.delete('a.ts');
    expect([existsSync(join(s.root, 'A.ts')), existsSync(join(s.root, 'a.ts'))]).toEqual([false, false]);
    // Without the declaration the disk keeps case: another spelling is another (absent) file.
    const t = new Sandbox(home);
    t.write('A.ts', 'one\n', 1_700_000_000_000);
    t.prepare('a.ts');
    expect(existsSync(join(t.root, 'a.ts'))).toBe(false);
    s.remove();
    t.remove();
  });
});
