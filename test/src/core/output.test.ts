/**
 * Every file the kit writes goes where the user pointed, and only a regular file is replaced by a
 * rename (src/core/output.ts writeTo, src/core/out-path.ts targetOf): a symlink keeps being a link
 * and its target is updated, a named pipe is written into (its reader gets the text), a descriptor
 * of this process (`-`, a link to /proc/self/fd/N) is written in place. No test here names the
 * machine's /dev/stdout: the root-only case runs in a private mount namespace
 * (test/src/cli/out-stdout.int.test.ts).
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  lstatSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Console } from 'node:console';
import { afterAll, describe, expect, it } from 'vitest';
import { emit, reserveStdout, setReportSink, sweepTemps, writeTo } from '../../../src/core/output.ts';
import { targetOf, writeProblem } from '../../../src/core/out-path.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-output-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A named pipe with a reader already open (non-blocking, so the write does not wait), or undefined without mkfifo. */
function fifoWithReader(name: string): { path: string; read: () => string; close: () => void } | undefined {
  const path = join(tmp, name);
  try {
    execFileSync('mkfifo', [path]);
  } catch {
    return undefined;
  }
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  return {
    path,
    read: () => {
      const buf = Buffer.alloc(1 << 16);
      const n = readSync(fd, buf, 0, buf.length, null);
      return buf.subarray(0, n).toString('utf8');
    },
    close: () => closeSync(fd),
  };
}

describe('a symlink is written through, never replaced', () => {
  it('a link to a file: the link stays a link and its target holds the text', () => {
    const target = join(tmp, 'target.json');
    writeFileSync(target, 'old\n');
    const link = join(tmp, 'link.json');
    symlinkSync(target, link);
    writeTo(link, '{"new":true}\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('{"new":true}\n');
    expect(readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a dangling link: its target is created, the link kept', () => {
    const link = join(tmp, 'dangling.json');
    symlinkSync('made-by-the-write.json', link);
    writeTo(link, 'x\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(tmp, 'made-by-the-write.json'), 'utf8')).toBe('x\n');
  });

  it('a chain of links ends where the last one points', () => {
    const end = join(tmp, 'chain-end.txt');
    symlinkSync(end, join(tmp, 'chain-2'));
    symlinkSync(join(tmp, 'chain-2'), join(tmp, 'chain-1'));
    writeTo(join(tmp, 'chain-1'), 'end\n');
    expect(readFileSync(end, 'utf8')).toBe('end\n');
    expect(lstatSync(join(tmp, 'chain-1')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(tmp, 'chain-2')).isSymbolicLink()).toBe(true);
  });

  it('a loop of links is refused, naming it', () => {
    symlinkSync(join(tmp, 'loop-b'), join(tmp, 'loop-a'));
    symlinkSync(join(tmp, 'loop-a'), join(tmp, 'loop-b'));
    expect(writeProblem(join(tmp, 'loop-a'))).toMatch(/symbolic links .*loop/);
    expect(() => writeTo(join(tmp, 'loop-a'), 'x')).toThrow(/cannot write .*loop-a: .*symbolic links/);
  });

  it('a regular file is still replaced atomically: no temporary file is left', () => {
    const f = join(tmp, 'plain.json');
    writeFileSync(f, 'old');
    writeTo(f, 'new\n');
    expect(lstatSync(f).isFile()).toBe(true);
    expect(readFileSync(f, 'utf8')).toBe('new\n');
  });
});

describe('a named pipe is written into, never replaced', () => {
  it('writeTo: the reader gets the text and the pipe stays a pipe', () => {
    const p = fifoWithReader('sync.fifo');
    if (p === undefined) return void console.warn('skipped: no mkfifo on this machine');
    try {
      writeTo(p.path, 'through the pipe\n');
      expect(p.read()).toBe('through the pipe\n');
      expect(lstatSync(p.path).isFIFO()).toBe(true);
      expect(writeProblem(p.path)).toBeUndefined();
    } finally {
      p.close();
    }
  });

  it('emit (--out): the same, opened without stopping the event loop', async () => {
    const p = fifoWithReader('emit.fifo');
    if (p === undefined) return void console.warn('skipped: no mkfifo on this machine');
    try {
      await emit('{"report":1}', p.path);
      expect(p.read()).toBe('{"report":1}\n');
      expect(lstatSync(p.path).isFIFO()).toBe(true);
    } finally {
      p.close();
    }
  });
});

describe("a descriptor of the kit's own process is written in place", () => {
  it('`-` and a link to /proc/self/fd/1 are the report stream (stdout)', async () => {
    const got: string[] = [];
    setReportSink((t) => got.push(t));
    try {
      const link = join(tmp, 'stdout-link');
      symlinkSync('/proc/self/fd/1', link);
      expect(targetOf('-')).toEqual({ kind: 'fd', fd: 1 });
      expect(targetOf(link)).toEqual({ kind: 'fd', fd: 1 });
      await emit('a', '-');
      await emit('b', link);
      writeTo(link, 'c\n');
      expect(got).toEqual(['a\n', 'b\n', 'c\n']);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(writeProblem(link)).toBeUndefined();
    } finally {
      setReportSink(undefined);
    }
  });

  it('a link to /proc/self/fd/N (a file this process holds open) writes through that descriptor', () => {
    const file = join(tmp, 'held.txt');
    const fd = openSync(file, 'w');
    try {
      const link = join(tmp, 'fd-link');
      symlinkSync(`/proc/self/fd/${fd}`, link);
      expect(targetOf(link)).toEqual({ kind: 'fd', fd });
      writeTo(link, 'via the descriptor\n');
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe('via the descriptor\n');
    expect(lstatSync(join(tmp, 'fd-link')).isSymbolicLink()).toBe(true);
  });
});

describe('stdout is the report stream alone', () => {
  it('while reserved, another write to process.stdout goes to stderr; the report goes to stdout', () => {
    const out: string[] = [];
    const err: string[] = [];
    /* eslint-disable @typescript-eslint/unbound-method */
    const o = process.stdout.write;
    const e = process.stderr.write;
    /* eslint-enable @typescript-eslint/unbound-method */
    process.stdout.write = (c: string) => out.push(c) > 0;
    process.stderr.write = (c: string) => err.push(c) > 0;
    try {
      const release = reserveStdout();
      new Console(process.stdout).log('chatter from an adapter'); // as the global console does
      process.stdout.write('raw chatter\n');
      void emit('{"report":true}', undefined);
      release();
    } finally {
      process.stdout.write = o;
      process.stderr.write = e;
    }
    expect(out).toEqual(['{"report":true}\n']);
    expect(err.join('')).toBe('chatter from an adapter\nraw chatter\n');
  });
});

describe('temporary files', () => {
  it("sweepTemps removes only this process's temporary files", () => {
    const dir = mkdtempSync(join(tmp, 'sweep-'));
    writeFileSync(join(dir, `r.json.${process.pid}-0123abcd.tmp`), '');
    writeFileSync(join(dir, `r.json.${process.pid + 1}-0123abcd.tmp`), '');
    writeFileSync(join(dir, 'r.json'), '');
    sweepTemps(dir);
    expect(readdirSync(dir).sort()).toEqual(['r.json', `r.json.${process.pid + 1}-0123abcd.tmp`]);
  });
});
