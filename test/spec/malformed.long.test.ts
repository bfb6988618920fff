// Suite: long (*.long.test.ts, run by `npm run test:hosts`): spawns the spec command on malformed examples (14 s in the run of 5 December).
/**
 * A malformed example is an error naming the example and its line in SPEC.md (exit 2), both from
 * the parser and from the CLI; a failing example exits 1; SPEC.md is found relative to the
 * module, from the sources and from a build.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecError } from '../../spec/model.ts';
import { loadSpecText } from '../../spec/load.ts';
import { specCommand } from '../../src/cli/commands/spec.ts';
import { captured, cpuBudget, inProcess } from '../src/cli/helpers.ts';
import { ROOT, SPEC_TEXT, cleanupTemps, copyPackage, lineOf, loadRealSpec, replaceOnce, tempDir } from './support.ts';

afterAll(cleanupTemps);

const HEAD = ['# t', '', '## POINTER-FULL', '', '**Law.** x', ''];
const ok = (id = 'POINTER-FULL/ok', body = ['write a.txt "abc"', 'read w1 a.txt => verbatim']): string[] => [
  `\`\`\`example id=${id} rule=POINTER-FULL arm=cap cap=8`,
  ...body,
  '```',
  '',
];

interface Case {
  readonly name: string;
  readonly lines: readonly string[];
  /** 1-based line the error must name. */
  readonly line: number;
  readonly id?: string;
  readonly says: RegExp;
}

const CASES: readonly Case[] = [
  {
    name: 'an unknown statement',
    lines: [...HEAD, ...ok('POINTER-FULL/ok', ['write a.txt "abc"', 'reed w1 a.txt => verbatim'])],
    line: 9,
    id: 'POINTER-FULL/ok',
    says: /unknown statement "reed"/,
  },
  {
    name: 'an unknown expectation',
    lines: [...HEAD, ...ok('POINTER-FULL/ok', ['write a.txt "abc"', 'read w1 a.txt => verbatum'])],
    line: 9,
    id: 'POINTER-FULL/ok',
    says: /verbatum/,
  },
  {
    name: 'a read without an expectation',
    lines: [...HEAD, ...ok('POINTER-FULL/ok', ['write a.txt "abc"', 'read w1 a.txt'])],
    line: 9,
    id: 'POINTER-FULL/ok',
    says: /=>/,
  },
  {
    name: 'a fence without an id',
    lines: [...HEAD, '```example rule=POINTER-FULL', 'write a.txt "abc"', '```'],
    line: 7,
    says: /id=/,
  },
  {
    name: 'a numeric id',
    lines: [...HEAD, ...ok('POINTER-FULL/12')],
    line: 7,
    id: 'POINTER-FULL/12',
    says: /never a bare number/,
  },
  {
    name: 'an unknown fence attribute',
    lines: [...HEAD, '```example id=POINTER-FULL/a rule=POINTER-FULL colour=red', '```'],
    line: 7,
    id: 'POINTER-FULL/a',
    says: /colour=red/,
  },
  {
    name: "an example in another rule's section",
    lines: [...HEAD, '```example id=SLICE-EXACT/a rule=SLICE-EXACT', 'write a.txt "abc"', '```'],
    line: 7,
    id: 'SLICE-EXACT/a',
    says: /section of POINTER-FULL/,
  },
  {
    name: 'an example outside any rule section',
    lines: ['# t', '', ...ok()],
    line: 3,
    id: 'POINTER-FULL/ok',
    says: /must sit in its rule's section/,
  },
  {
    name: 'a duplicate id',
    lines: [...HEAD, ...ok(), ...ok()],
    line: 12,
    id: 'POINTER-FULL/ok',
    says: /duplicate example id \(first at line 7\)/,
  },
  {
    name: 'a fence never closed',
    lines: [...HEAD, '```example id=POINTER-FULL/open rule=POINTER-FULL', 'write a.txt "abc"'],
    line: 7,
    id: 'POINTER-FULL/open',
    says: /never closed/,
  },
  {
    name: 'an unbound name',
    lines: [...HEAD, ...ok('POINTER-FULL/ok', ['write a.txt B'])],
    line: 8,
    id: 'POINTER-FULL/ok',
    says: /unknown name B/,
  },
  {
    name: 'a patch row with no diff before it',
    lines: [
      ...HEAD,
      ...ok('POINTER-FULL/ok', ['write a.txt "abc"', 'read w1 a.txt => verbatim', '  | @@ -1,1 +1,1 @@']),
    ],
    line: 10,
    id: 'POINTER-FULL/ok',
    says: /must follow a diff/,
  },
  {
    name: 'a pointer the worker would not hold (contradicts the contract)',
    lines: [...HEAD, ...ok('POINTER-FULL/ok', ['write a.txt "abc"', 'read w1 a.txt => pointer 3'])],
    line: 9,
    id: 'POINTER-FULL/ok',
    says: /a pointer would be a lie/,
  },
  {
    name: 'a payload that is not the stated bytes',
    lines: [
      ...HEAD,
      ...ok('POINTER-FULL/ok', ['write a.txt "0123456789"', 'read w1 a.txt => slice 0-8/10 partial "12345678"']),
    ],
    line: 9,
    id: 'POINTER-FULL/ok',
    says: /payload is not bytes 0-8/,
  },
  // The 2.0 attributes: levers= (a design shim), tool= (a host tool bound), and what the validator asks of them.
  {
    name: 'levers= together with arm=',
    lines: [
      ...HEAD,
      '```example id=POINTER-FULL/a rule=POINTER-FULL arm=cap levers=pointer',
      'write a.txt "abc"',
      '```',
    ],
    line: 7,
    id: 'POINTER-FULL/a',
    says: /arm= or levers=/,
  },
  {
    name: 'a lever set no design declares',
    lines: [...HEAD, '```example id=POINTER-FULL/a rule=POINTER-FULL levers=cap,diff', 'write a.txt "abc"', '```'],
    line: 7,
    id: 'POINTER-FULL/a',
    says: /no design shim in spec\/designs declares levers \[cap, diff\] \(designs: pointer-only \[pointer\], cap-only \[cap\], split-hunks \[pointer, diff\]\)/,
  },
  {
    name: 'an unknown lever',
    lines: [...HEAD, '```example id=POINTER-FULL/a rule=POINTER-FULL levers=ptr', 'write a.txt "abc"', '```'],
    line: 7,
    id: 'POINTER-FULL/a',
    says: /"ptr" is not a lever/,
  },
  {
    name: 'a host tool bound out of its domain',
    lines: [...HEAD, '```example id=POINTER-FULL/a rule=POINTER-FULL tool=maxLines:0', 'write a.txt "abc"', '```'],
    line: 7,
    id: 'POINTER-FULL/a',
    says: /tool=maxLines:0: maxLines must be an integer >= 1/,
  },
  {
    name: 'a host tool bound that is not key:value',
    lines: [...HEAD, '```example id=POINTER-FULL/a rule=POINTER-FULL tool=maxLines', 'write a.txt "abc"', '```'],
    line: 7,
    id: 'POINTER-FULL/a',
    says: /"maxLines" is not key:value/,
  },
  {
    name: 'a pointer from a shim without the pointer lever',
    lines: [
      ...HEAD,
      '```example id=POINTER-FULL/a rule=POINTER-FULL levers=cap cap=8',
      'write a.txt "abc"',
      'read w1 a.txt => verbatim',
      'read w1 a.txt => pointer 3',
      '```',
    ],
    line: 10,
    id: 'POINTER-FULL/a',
    says: /levers \[cap\] have no pointer lever/,
  },
  {
    name: 'a continuation that does not pass what its spelling delivered (PROGRESS)',
    lines: [
      ...HEAD,
      '```example id=POINTER-FULL/a rule=POINTER-FULL levers=cap cap=8',
      'write a.txt "0123456789ABCDEF"',
      'read w1 a.txt => slice 0-8/16 partial "01234567"',
      'read w1 a.txt => slice 0-8/16 partial "01234567"',
      '```',
    ],
    line: 10,
    id: 'POINTER-FULL/a',
    says: /PROGRESS: bytes 0-8 of this unchanged content were delivered to a\.txt; a slice must end past 8/,
  },
  {
    name: 'a continuation short of the last line end within the cap (PROGRESS)',
    lines: [
      ...HEAD,
      '```example id=POINTER-FULL/a rule=POINTER-FULL levers=cap cap=16',
      'write a.txt "alpha\\nbeta\\ngamma\\ndelta\\nepsilon\\nzeta\\n"',
      'read w1 a.txt => slice 0-11/36 partial "alpha\\nbeta\\n"',
      'read w1 a.txt => slice 11-17/36 partial "gamma\\n"',
      '```',
    ],
    line: 10,
    id: 'POINTER-FULL/a',
    says: /PROGRESS: a slice from 11 must end at or after 23/,
  },
  {
    name: 'a first read under the cap answered with a slice (FIRST-VERBATIM)',
    lines: [...HEAD, ...ok('POINTER-FULL/ok', ['write a.txt "abc"', 'read w1 a.txt => slice 0-3/3 done "abc"'])],
    line: 9,
    id: 'POINTER-FULL/ok',
    says: /a first read of 3 bytes under cap 8 is the tool's text untouched/,
  },
  {
    name: 'a payload of the whole file where the host tool bounds the text',
    lines: [
      ...HEAD,
      '```example id=POINTER-FULL/a rule=POINTER-FULL arm=diff tool=maxLines:1',
      'write a.txt "a\\nb\\n"',
      'read w1 a.txt => verbatim',
      'read w1 a.txt => slice 0-4/4 done "a\\nb\\n"',
      '```',
    ],
    line: 10,
    id: 'POINTER-FULL/a',
    says: /the content is 2 bytes, not 4/,
  },
  {
    name: 'an arm probe in a levers= example',
    lines: [
      ...HEAD,
      '```example id=POINTER-FULL/a rule=POINTER-FULL levers=pointer',
      'resolve "cap" => levers on cap pointer g1',
      '```',
    ],
    line: 8,
    id: 'POINTER-FULL/a',
    says: /resolve probes an arm surface; a levers= example runs the design shim pointer-only, which has none/,
  },
  {
    name: 'counters of a design shim that keeps none',
    lines: [
      ...HEAD,
      '```example id=POINTER-FULL/a rule=POINTER-FULL levers=cap',
      'write a.txt "abc"',
      'read w1 a.txt => verbatim',
      'counters w1 => pointered=0 capped=0 withheld=0',
      '```',
    ],
    line: 10,
    id: 'POINTER-FULL/a',
    says: /the design shim cap-only keeps no counters/,
  },
  {
    name: 'a stale serve from a design shim without one',
    lines: [
      ...HEAD,
      '```example id=POINTER-FULL/a rule=POINTER-FULL levers=pointer',
      'write a.txt "abc"',
      'stale w1 a.txt 0-0 => stale 0-0 of 1 "abc"',
      '```',
    ],
    line: 9,
    id: 'POINTER-FULL/a',
    says: /the design shim pointer-only has no stale serve: expect none/,
  },
  {
    name: 'a misspelt verbatim framing',
    lines: [...HEAD, ...ok('POINTER-FULL/ok', ['write a.txt "abc"', 'read w1 a.txt => verbatim framd'])],
    line: 9,
    id: 'POINTER-FULL/ok',
    says: /unexpected "framd"/,
  },
];

describe('malformed examples name the example and their line', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_n, c) => {
    let err: unknown;
    try {
      loadSpecText(c.lines.join('\n'), 'SPEC.md');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SpecError);
    const e = err as SpecError;
    expect(e.line).toBe(c.line);
    expect(e.message).toContain(`SPEC.md:${c.line}:`);
    if (c.id !== undefined) expect(e.message).toContain(`example ${c.id}:`);
    expect(e.message).toMatch(c.says);
  });

  it('an example may sit in a general section: it keeps its rule and records its section, levers and tool', () => {
    const text = [
      '# t',
      '',
      '## Levers',
      '',
      '```example id=POINTER-FULL/in-levers rule=POINTER-FULL levers=pointer tool=maxLines:2,unit:codepoint',
      'write a.txt "abc"',
      'read w1 a.txt => verbatim framed',
      '```',
      '',
    ].join('\n');
    const [c] = loadSpecText(text, 'SPEC.md').examples;
    expect(c!.example).toMatchObject({
      id: 'POINTER-FULL/in-levers',
      rule: 'POINTER-FULL',
      section: 'Levers',
      arm: undefined,
      levers: ['pointer'],
      tool: { maxLines: 2, unit: 'codepoint' },
    });
    expect(c!.example.steps[1]).toMatchObject({ expect: { kind: 'verbatim', framed: true } });
  });

  it('a contradiction deep in the real SPEC.md names that line', () => {
    const text = replaceOnce(SPEC_TEXT, 'read w1 fake.txt => pointer 62', 'read w1 fake.txt => pointer 63', 'tamper');
    const line = lineOf(text, 'read w1 fake.txt => pointer 63');
    expect(() => loadSpecText(text, 'spec/SPEC.md')).toThrow(
      `spec/SPEC.md:${line}: example NOTICE-SEALED/imitation-returned-verbatim:`,
    );
  });
});

/** Runs the CLI of a package copy in `dir`. */
function cli(dir: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(dir, 'bin', 'readshim-conformance.js'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, READSHIM_PROGRESS: '0' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const SKIP = new Set(['node_modules', '.git', 'test', 'scratch', 'dist', 'reports', '.readshim', 'coverage']);

/** A copy of the package whose spec/SPEC.md is `text`. */
function packageWithSpec(text: string): string {
  const dir = tempDir('cli');
  copyPackage(
    dir,
    readdirSync(ROOT).filter((e) => !SKIP.has(e)),
  );
  writeFileSync(join(dir, 'spec', 'SPEC.md'), text);
  return dir;
}

/**
 * Spawns start node and tsx (~1 s of CPU each): the bin runs end to end on a package copy where it
 * must find the tampered SPEC.md next to itself (exit 1, exit 2); the rest calls main(argv), or the
 * command with the copy's SPEC.md, in-process.
 */
describe('readshim-conformance spec (the CLI, on a copy of the package)', { timeout: cpuBudget(4) }, () => {
  const total = loadRealSpec().examples.length;

  it('exits 0 with the json report when every example passes, reading the SPEC.md next to it', async () => {
    const i = await inProcess(['spec', '--reporter', 'json']);
    const r = { status: i.code, stdout: i.stdout, stderr: i.stderr };
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as {
      tool: string;
      command: string;
      specVersion: string;
      examples: { id: string; rule: string; status: string }[];
      summary: { passed: number; failed: number };
    };
    expect(report).toMatchObject({
      tool: 'readshim-conformance',
      command: 'spec',
      summary: { passed: total, failed: 0 },
    });
    expect(typeof report.specVersion).toBe('string');
    expect(report.examples).toHaveLength(total);
    // 2.0 added one field, the shim an example ran against.
    expect(report.examples[0]).toEqual({
      id: 'POINTER-FULL/pointer-only-shim',
      rule: 'POINTER-FULL',
      status: 'pass',
      shim: 'pointer-only',
    });
    expect(report.examples.find((e) => e.id === 'POINTER-FULL/whole-file-then-pointer')).toEqual({
      id: 'POINTER-FULL/whole-file-then-pointer',
      rule: 'POINTER-FULL',
      status: 'pass',
      shim: 'reference',
    });
  });

  it('exits 1 and names the failing example when the reference answers otherwise', async () => {
    // Re-sending a file the worker holds is truthful (over-delivery), so this is a well-formed
    // expectation that the reference does not meet.
    const text = replaceOnce(SPEC_TEXT, 'read w1 a.txt => pointer 6\n```', 'read w1 a.txt => verbatim\n```', 'tamper');
    const line = lineOf(text, 'id=POINTER-FULL/whole-file-then-pointer') + 3; // fence, write, read, the tampered read
    expect(text.split('\n')[line - 1]).toBe('read w1 a.txt => verbatim');
    const dir = packageWithSpec(text);
    const json = cli(dir, ['spec', '--reporter', 'json']);
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as {
      examples: { id: string; status: string; reason?: string }[];
      summary: { passed: number; failed: number };
    };
    expect(report.summary).toEqual({ passed: total - 1, failed: 1 });
    const bad = report.examples.find((e) => e.status === 'fail')!;
    expect(bad.id).toBe('POINTER-FULL/whole-file-then-pointer');
    expect(bad.reason).toMatch(new RegExp(`^SPEC\\.md line ${line}: expected verbatim .*got pointer 6$`));
    const pretty = await captured(() => specCommand([], { specFile: join(dir, 'spec', 'SPEC.md') }), dir);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toMatch(
      /^FAIL {2}POINTER-FULL\/whole-file-then-pointer +SPEC\.md line \d+: expected verbatim/m,
    );
    expect(pretty.stdout).toContain(`${total} examples: ${total - 1} passed, 1 failed`);
  });

  it('exits 2 naming the example and its line when an example is malformed', () => {
    const text = replaceOnce(
      SPEC_TEXT,
      'read w1 a.txt => slice 0-6/12 partial "abcdef"',
      'read w1 a.txt => slise 0-6/12 partial "abcdef"',
      'tamper',
    );
    const line = lineOf(text, '=> slise');
    const dir = packageWithSpec(text);
    const r = cli(dir, ['spec', '--reporter', 'json']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`spec/SPEC.md:${line}: example UTF8-WHOLE/four-byte-at-cap-boundary:`);
  });

  it('exits 2 on a bad flag', async () => {
    const r = await inProcess(['spec', '--reporter', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--reporter must be one of pretty|json');
  });
});

describe('the built command finds SPEC.md by walking up from its own module', { timeout: cpuBudget(6) }, () => {
  it('dist/src/cli/commands/spec.js runs every example', () => {
    const dir = tempDir('dist');
    const tsc = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
        '--outDir',
        join(dir, 'dist'),
        '--rootDir',
        ROOT,
        '--noCheck',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2023',
        '--allowImportingTsExtensions',
        '--rewriteRelativeImportExtensions',
        '--verbatimModuleSyntax',
        join(ROOT, 'src', 'cli', 'commands', 'spec.ts'),
      ],
      { cwd: dir, encoding: 'utf8' },
    ); // no tsconfig.json there: the flags above are the whole config
    const built = join(dir, 'dist', 'src', 'cli', 'commands', 'spec.js');
    expect(existsSync(built), tsc.stdout + tsc.stderr).toBe(true);
    mkdirSync(join(dir, 'spec'));
    copyFileSync(join(ROOT, 'spec', 'SPEC.md'), join(dir, 'spec', 'SPEC.md'));
    copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    // The JSON report is checked against the published schema, found through the package's name.
    cpSync(join(ROOT, 'spec', 'schemas'), join(dir, 'spec', 'schemas'), { recursive: true });
    expect(existsSync(join(dir, 'dist', 'spec', 'SPEC.md'))).toBe(false);
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(new URL(`file://${built}`).href)}); process.exitCode = await m.default(['--reporter', 'json']);`,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { summary: { passed: number; failed: number } };
    expect(report.summary).toEqual({ passed: loadRealSpec().examples.length, failed: 0 });
    expect(readFileSync(join(dir, 'spec', 'SPEC.md'), 'utf8')).toBe(SPEC_TEXT);
  });
});
