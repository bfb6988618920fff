/**
 * Fault table rows about what comes out (dev/faults/table.ts): read-only, full, special and linked
 * output paths; signals at every phase of a run; concurrent runs; runs bounded in time.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { EX, FX, type Row } from './row.ts';

const fault = (culprit: RegExp) => ({ kind: 'fault', culprit }) as const;
const verdict = (code?: 0 | 1) => ({ kind: 'verdict', ...(code !== undefined ? { code } : {}) }) as const;
const REF = ['run', '--runs', '2', '--no-save'];
const LIAR = ['run', '--adapter', `${EX}minimal-shim/ignores-forget.ts`, '--runs', '2'];

/** A read-only tmpfs at `dir/ro` (root only; unmounted by teardown). */
const readOnly = (dir: string): void => {
  mkdirSync(join(dir, 'ro'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', join(dir, 'ro')]);
};

/** Output paths: every writer, to every kind of path. */
function pathRows(): Row[] {
  return [
    {
      id: 'out-directory',
      group: 'outputs',
      what: '--out naming a folder',
      argv: [...REF, '--out', '.'],
      expect: fault(/--out \.: is a directory/),
    },
    {
      id: 'out-below-file',
      group: 'outputs',
      what: '--out below a file',
      argv: [...REF, '--out', 'f/r.json'],
      files: { f: 'x' },
      expect: fault(/--out f\/r\.json: .*not a directory/),
    },
    {
      id: 'out-read-only',
      group: 'outputs',
      what: '--out on a read-only file system',
      argv: [...REF, '--out', 'ro/r.json'],
      setup: readOnly,
      expect: fault(/EROFS/),
    },
    {
      id: 'out-dev-full',
      group: 'outputs',
      what: '--out /dev/full: the disk is full after the run',
      argv: [...REF, '--out', '/dev/full'],
      expect: fault(/verdict PASS: .*; but cannot write \/dev\/full.*the report is lost, exit 2/),
    },
    {
      id: 'out-dev-null',
      group: 'outputs',
      what: '--out /dev/null',
      argv: [...REF, '--out', '/dev/null'],
      expect: verdict(0),
    },
    {
      id: 'out-dash',
      group: 'outputs',
      what: '--out -',
      argv: [...REF, '--reporter', 'json', '--out', '-'],
      expect: verdict(0),
    },
    {
      id: 'out-link-to-own-stdout',
      group: 'outputs',
      what: '--out a link to /proc/self/fd/1 (what /dev/stdout is)',
      argv: [...REF, '--reporter', 'json', '--out', 'so'],
      setup: (d) => symlinkSync('/proc/self/fd/1', join(d, 'so')),
      outputs: ['so'],
      expect: verdict(0),
    },
    {
      id: 'out-symlink',
      group: 'outputs',
      what: '--out a link to a file: written through, the link kept',
      argv: [...REF, '--reporter', 'json', '--out', 'link.json'],
      files: { 'real.json': 'old' },
      setup: (d) => symlinkSync('real.json', join(d, 'link.json')),
      outputs: ['link.json', 'real.json'],
      expect: verdict(0),
    },
    {
      id: 'out-dangling-link',
      group: 'outputs',
      what: '--out a link to nothing yet: its target is made',
      argv: [...REF, '--out', 'link.txt'],
      setup: (d) => symlinkSync('made.txt', join(d, 'link.txt')),
      outputs: ['link.txt', 'made.txt'],
      expect: verdict(0),
    },
    {
      id: 'out-link-loop',
      group: 'outputs',
      what: '--out a loop of links',
      argv: [...REF, '--out', 'a'],
      setup: (d) => (symlinkSync('b', join(d, 'a')), symlinkSync('a', join(d, 'b'))),
      outputs: ['a', 'b'],
      expect: fault(/symbolic links/),
    },
    {
      id: 'out-fifo',
      group: 'outputs',
      what: '--out a named pipe with a reader',
      shell:
        "mkfifo p && (cat p > got.json &) && npx --no-install readshim-conformance run --runs 2 --no-save --reporter json --out p && sleep 1 && test -p p && node -e \"JSON.parse(require('fs').readFileSync('got.json','utf8'))\"",
      outputs: ['p', 'got.json'],
      expect: { kind: 'shell' },
    },
    {
      id: 'out-html-link',
      group: 'outputs',
      what: '--reporter html through a link',
      argv: [...LIAR, '--reporter', 'html', '--out', 'page.html'],
      files: { 'real.html': '' },
      setup: (d) => symlinkSync('real.html', join(d, 'page.html')),
      outputs: ['page.html', 'real.html'],
      expect: verdict(1),
    },
    {
      id: 'out-junit',
      group: 'outputs',
      what: '--reporter junit --out a file',
      argv: [...LIAR, '--reporter', 'junit', '--out', 'reports/r.xml'],
      outputs: ['reports'],
      expect: verdict(1),
    },
    {
      id: 'out-badge-read-only',
      group: 'outputs',
      what: '--reporter badge into a read-only folder',
      argv: [...REF, '--reporter', 'badge', '--out', 'ro/b.json'],
      setup: readOnly,
      expect: fault(/EROFS/),
    },
    {
      id: 'out-badge',
      group: 'outputs',
      what: '--reporter badge: JSON and SVG',
      argv: [...REF, '--reporter', 'badge', '--out', 'b.json'],
      outputs: ['b.json', 'b.svg'],
      expect: verdict(0),
    },
    {
      id: 'baseline-dash',
      group: 'outputs',
      what: '--write-baseline -',
      argv: ['run', '--runs', '2', '--no-save', '--write-baseline', '-'],
      expect: fault(/read back/),
    },
    {
      id: 'baseline-directory',
      group: 'outputs',
      what: '--write-baseline naming a folder',
      argv: ['run', '--runs', '2', '--no-save', '--write-baseline', '.'],
      expect: fault(/is a directory/),
    },
    {
      id: 'baseline-read-only',
      group: 'outputs',
      what: '--write-baseline on a read-only file system',
      argv: ['run', '--runs', '2', '--no-save', '--write-baseline', 'ro/b.txt'],
      setup: readOnly,
      expect: fault(/EROFS/),
    },
    {
      id: 'baseline-link',
      group: 'outputs',
      what: '--write-baseline through a link',
      argv: [...LIAR, '--write-baseline', 'b.txt'],
      files: { 'real.txt': '' },
      setup: (d) => symlinkSync('real.txt', join(d, 'b.txt')),
      outputs: ['b.txt', 'real.txt'],
      expect: verdict(0),
    },
    {
      id: 'failures-read-only',
      group: 'outputs',
      what: '--failures on a read-only file system',
      argv: [...LIAR, '--failures', 'ro/db'],
      setup: readOnly,
      expect: fault(/EROFS/),
    },
    {
      id: 'failures-link',
      group: 'outputs',
      what: '--failures a link to a folder',
      argv: [...LIAR, '--failures', 'db'],
      setup: (d) => (mkdirSync(join(d, 'real-db')), symlinkSync('real-db', join(d, 'db'))),
      outputs: ['db', 'real-db'],
      expect: verdict(1),
    },
    {
      id: 'bench-out-dash',
      group: 'outputs',
      what: 'bench --out -',
      argv: [
        'bench',
        '--reads',
        '40',
        '--workers',
        '4',
        '--baselines',
        'reference',
        '--reporter',
        'json',
        '--out',
        '-',
      ],
      expect: verdict(0),
    },
    {
      id: 'bench-out-read-only',
      group: 'outputs',
      what: 'bench --out on a read-only file system',
      argv: ['bench', '--out', 'ro/b.json'],
      setup: readOnly,
      expect: fault(/EROFS/),
    },
  ];
}

/** A signal at each phase of a run, to each kind of subject. */
function signalRows(): Row[] {
  const long = ['--runs', '1000000'];
  const interrupted = (failed: boolean) => ({ kind: 'interrupted', failed }) as const;
  return [
    {
      id: 'sigint-probes',
      group: 'signals',
      what: 'SIGINT as the probes start',
      argv: ['run', ...long],
      signal: { when: /surface probes/, name: 'SIGINT' },
      expect: interrupted(false),
    },
    {
      id: 'sigint-corpus',
      group: 'signals',
      what: 'SIGINT in the corpus',
      argv: ['run', ...long],
      signal: { when: /corpus: \d+ directed cases/, name: 'SIGINT' },
      expect: interrupted(false),
    },
    {
      id: 'sigint-random',
      group: 'signals',
      what: 'SIGINT in the random phase',
      argv: ['run', ...long],
      signal: { when: /band: histories/, name: 'SIGINT' },
      expect: interrupted(false),
    },
    {
      id: 'sighup-random',
      group: 'signals',
      what: 'SIGHUP in the random phase',
      argv: ['run', ...long],
      signal: { when: /band: histories/, name: 'SIGHUP' },
      expect: interrupted(false),
    },
    {
      id: 'sigterm-loading',
      group: 'signals',
      what: 'SIGTERM while an adapter module loads',
      argv: ['run', '--adapter', `${FX}ref.mjs`, ...long],
      signal: { when: /surface probes/, name: 'SIGTERM' },
      expect: interrupted(false),
    },
    {
      id: 'sigint-after-lie',
      group: 'signals',
      what: 'SIGINT after a lie was found',
      argv: ['run', '--adapter', `${EX}minimal-shim/ignores-forget.ts`, ...long],
      signal: { when: /failed so far/, name: 'SIGINT' },
      expect: interrupted(true),
    },
    {
      id: 'sigterm-after-lie',
      group: 'signals',
      what: 'SIGTERM after a lie was found',
      argv: ['run', '--adapter', `${EX}minimal-shim/ignores-forget.ts`, ...long],
      signal: { when: /failed so far/, name: 'SIGTERM' },
      expect: interrupted(true),
    },
    {
      id: 'sigint-process',
      group: 'signals',
      what: 'SIGINT during a process shim run',
      argv: ['run', '--process', `python3 ${EX}python/delivery_shim.py`, '--arm', 'cap', '--runs', '1000'],
      signal: { when: /band: histories|history \d+/, name: 'SIGINT' },
      expect: interrupted(false),
    },
    {
      id: 'sigterm-process-lie',
      group: 'signals',
      what: 'SIGTERM after a process shim lied',
      argv: ['run', '--process', `python3 ${EX}python/mtime_shim.py`, '--arm', 'cap', '--runs', '1000'],
      signal: { when: /failed so far/, name: 'SIGTERM' },
      expect: interrupted(true),
    },
    {
      id: 'sigint-hook',
      group: 'signals',
      what: 'SIGINT during a hook run',
      argv: [
        'run',
        '--hook',
        `bash ${EX}hooks/content-dedup.sh`,
        '--hook-post',
        `bash ${EX}hooks/content-dedup-post.sh`,
        '--runs',
        '1000',
      ],
      signal: { when: /corpus case|band/, name: 'SIGINT' },
      expect: interrupted(false),
    },
    {
      id: 'sigterm-mcp',
      group: 'signals',
      what: 'SIGTERM during an MCP run',
      argv: ['run', '--mcp', `node ${EX}mcp/session-cache-server.js`, '--mcp-compact', 'forget', '--runs', '1000'],
      signal: { when: /corpus case|band/, name: 'SIGTERM' },
      expect: interrupted(false),
    },
    {
      id: 'sigint-bounded',
      group: 'signals',
      what: 'SIGINT in a run bounded by --max-seconds',
      argv: ['run', '--max-seconds', '600', ...long],
      signal: { when: /band: histories/, name: 'SIGINT' },
      expect: interrupted(false),
    },
    {
      id: 'sigint-bench',
      group: 'signals',
      what: 'SIGINT during bench',
      argv: ['bench', '--reads', '20000', '--workers', '20'],
      signal: { when: /bench: /, name: 'SIGINT' },
      expect: interrupted(false),
    },
  ];
}

/** Runs at once in one folder, and runs bounded in time. */
function concurrentRows(): Row[] {
  const kit = 'npx --no-install readshim-conformance';
  const both = (a: string, b: string, check: string): string =>
    `${a} > a.out 2> a.err & p=$!; ${b} > b.out 2> b.err & q=$!; wait $p; x=$?; wait $q; y=$?; echo "exits $x $y"; ${check}`;
  const liar = `${kit} run --adapter ${EX}minimal-shim/ignores-forget.ts --runs 3`;
  return [
    {
      id: 'concurrent-same-db',
      group: 'concurrency',
      what: 'two lying runs saving to one failure database',
      shell: both(liar, liar, '[ $x = 1 ] && [ $y = 1 ] && ls .readshim/failures/*.jsonl'),
      outputs: ['a.out', 'a.err', 'b.out', 'b.err'],
      expect: { kind: 'shell' },
    },
    {
      id: 'concurrent-same-out',
      group: 'concurrency',
      what: 'two runs writing one --out file',
      shell: both(
        `${kit} run --runs 3 --no-save --reporter json --out r.json`,
        `${kit} run --runs 3 --no-save --reporter json --out r.json`,
        "[ $x = 0 ] && [ $y = 0 ] && node -e \"JSON.parse(require('fs').readFileSync('r.json','utf8'))\"",
      ),
      outputs: ['a.out', 'a.err', 'b.out', 'b.err', 'r.json'],
      expect: { kind: 'shell' },
    },
    {
      id: 'concurrent-processes',
      group: 'concurrency',
      what: 'two process shim runs at once',
      shell: both(
        `${kit} run --process "python3 ${EX}python/delivery_shim.py" --arm cap --runs 2 --no-save`,
        `${kit} run --process "python3 ${EX}python/mtime_shim.py" --arm cap --runs 2 --no-save`,
        '[ $x = 0 ] && [ $y = 1 ]',
      ),
      outputs: ['a.out', 'a.err', 'b.out', 'b.err'],
      expect: { kind: 'shell' },
    },
    {
      id: 'concurrent-same-baseline',
      group: 'concurrency',
      what: 'two runs writing one baseline',
      shell: both(
        `${liar} --write-baseline b.txt`,
        `${liar} --write-baseline b.txt`,
        '[ $x = 0 ] && [ $y = 0 ] && grep -q FORGET-RESETS b.txt',
      ),
      outputs: ['a.out', 'a.err', 'b.out', 'b.err', 'b.txt'],
      expect: { kind: 'shell' },
    },
    {
      id: 'bounded-reference',
      group: 'bounded',
      what: '--max-seconds 2 on a run of hours: not a pass',
      argv: ['run', '--max-seconds', '2', '--runs', '1000000', '--no-save'],
      expect: verdict(1),
    },
    {
      id: 'bounded-json',
      group: 'bounded',
      what: '--max-seconds with --reporter json',
      argv: ['run', '--max-seconds', '2', '--runs', '1000000', '--no-save', '--reporter', 'json'],
      expect: verdict(1),
    },
    {
      id: 'bounded-lie',
      group: 'bounded',
      what: '--max-seconds on a lying shim: the lie is kept',
      argv: ['run', '--adapter', `${EX}minimal-shim/ignores-forget.ts`, '--max-seconds', '3', '--runs', '1000000'],
      expect: verdict(1),
    },
    {
      id: 'bounded-process',
      group: 'bounded',
      what: '--max-seconds on a process shim',
      argv: [
        'run',
        '--process',
        `python3 ${EX}python/delivery_shim.py`,
        '--arm',
        'cap',
        '--max-seconds',
        '4',
        '--runs',
        '1000',
      ],
      expect: verdict(1),
    },
    {
      id: 'bounded-finishes',
      group: 'bounded',
      what: '--max-seconds a run finishes within',
      argv: ['run', '--max-seconds', '600', '--runs', '2', '--no-save'],
      expect: verdict(0),
    },
  ];
}

export function outputRows(): Row[] {
  return [...pathRows(), ...signalRows(), ...concurrentRows()];
}
