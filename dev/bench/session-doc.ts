/**
 * docs/reference/session-band.md, rendered from the session band's own tables (what it draws, the
 * weights and their sources, the conditions × edits table) and from the benchmark's results
 * (dev/bench/results/session-*.json: the envelope per kind of subject, what the random phase alone
 * catches). `npx tsx dev/bench/session.ts render` writes it; a test checks it is current.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHORTCUTS } from '../../examples/shortcuts/catalogue.ts';
import { CONDITIONS, EDITS, cells } from '../../properties/crossed/table.ts';
import { COVERAGE_GAPS } from '../../properties/crossed/gaps.ts';
import { SESSION_DEFAULTS } from '../../properties/engine/session-band.ts';
import { EXTENSIONS } from '../../properties/generators/session/names.ts';
import { FAR, OP_WEIGHTS, SCALE_JITTER, SCALED, SHAPE_RANGES } from '../../properties/generators/session/shape.ts';

const RESULTS = fileURLToPath(new URL('./results', import.meta.url));
const n = (x: number): string => x.toLocaleString('en-US');

interface SeedRow {
  readonly seed: number;
  readonly cpuS: number;
  readonly max: Readonly<Record<string, number>>;
  readonly failed?: readonly string[];
  readonly threshold?: number;
  /** Run on the band before the sweep that ends in-process histories (at the same threshold). */
  readonly beforeSweep?: true;
}
interface Store {
  readonly machine: { cores: number; model: string; load: readonly number[] };
  readonly results: readonly SeedRow[];
}

function store(name: string): Store | undefined {
  const f = `${RESULTS}/${name}`;
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as Store) : undefined;
}

/**
 * The envelope of a cell: the smallest per-seed maximum. Over 40 seeds it is at or under the true 5th
 * percentile with 87% confidence (1 − 0.95^40), so a run reaches it with ≥ 95% probability, and a
 * shortcut set there is caught by nearly every run, not by 95% of them only.
 */
export function envelopeValue(values: readonly number[]): number {
  return values.length === 0 ? 0 : Math.min(...values);
}

const ENVELOPE_CELLS: readonly [string, string][] = [
  ['distinct files read between a delivery and its re-read', 'many-files × same-size-mtime-kept'],
  ['reads by one worker', 'many-reads × same-size-mtime-kept'],
  ['pointers in a row for one request', 'pointer-run × same-size-mtime-kept'],
  ['file size (bytes)', 'big-file × same-size-mtime-kept'],
  ['offset of an edit (bytes)', 'edit-offset × same-size-mtime-kept'],
  ['bytes one batch call put out', 'batch-total × none'],
  ['offset of a change in a binary (bytes)', 'edit-offset × binary-same-size'],
];

function drawnTable(): string[] {
  const rows = Object.entries(SHAPE_RANGES).map(
    ([k, r]) =>
      `| \`${k}\` | ${n(r.min)}–${n(r.max)}${(SCALED as readonly string[]).includes(k) ? ' (log; at the scale in process)' : r.log ? ' (log-uniform)' : ''} | ${r.what} |`,
  );
  return ['| drawn per history | range | what it is |', '|---|---|---|', ...rows];
}

function weightTable(): string[] {
  const total = Object.values(OP_WEIGHTS).reduce((a, w) => a + w.weight, 0);
  const rows = Object.entries(OP_WEIGHTS).map(
    ([k, w]) => `| \`${k}\` | ${w.weight} (${((100 * w.weight) / total).toFixed(0)}%) | ${w.source} |`,
  );
  return ['| operation | weight | where the weight comes from |', '|---|---|---|', ...rows];
}

function tableOfCells(): string[] {
  const cond = CONDITIONS.map((c) => {
    const t = c.threshold;
    const range = t ? `${n(t.min)}–${n(t.max)}` : '—';
    const crossed = EDITS.filter((e) => e.kind === c.crosses).map((e) => `\`${e.id}\``);
    return `| \`${c.id}\`${c.shared === true ? ' *(shared)*' : ''} | ${c.words(t?.corpus ?? 1)} | ${range} | ${t ? n(t.cover) : '1'} | ${t ? n(t.corpus) : '—'} | ${crossed.join(', ')} |`;
  });
  return [
    '| condition | in a story (at the corpus value) | drawn over | coverage counts at | corpus case at | crossed with |',
    '|---|---|---|---|---|---|',
    ...cond,
  ];
}

function editTable(): string[] {
  return ['| edit | in words |', '|---|---|', ...EDITS.map((e) => `| \`${e.id}\` | ${e.words} |`)];
}

function envelopeTable(): string[] {
  const kinds = ['in-process', 'in-process-plain', 'in-process-binary', 'process', 'hook', 'mcp']
    .map((k) => [k, store(`session-envelope-${k}.json`)] as const)
    .filter((x): x is readonly [string, Store] => x[1] !== undefined);
  if (kinds.length === 0) return ['(no results yet: `npx tsx dev/bench/session.ts envelope`)'];
  const head = `| reached in ≥ 95% of default runs | ${kinds.map(([k, s]) => `${k} (${s.results.length} seeds)`).join(' | ')} |`;
  const rows = ENVELOPE_CELLS.map(
    ([words, cell]) =>
      `| ${words} — \`${cell}\` | ${kinds.map(([, s]) => n(envelopeValue(s.results.map((r) => r.max[cell] ?? 0)))).join(' | ')} |`,
  );
  const cpu = `| CPU of one run, median (s) | ${kinds.map(([, s]) => median(s.results.map((r) => r.cpuS)).toFixed(1)).join(' | ')} |`;
  return [head, `|---|${kinds.map(() => '---:').join('|')}|`, ...rows, cpu];
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
};

function detectTable(): string[] {
  const rows = SHORTCUTS.map((row, i) => {
    const s = store(`session-detect-${row.id}.json`);
    const results = s?.results ?? [];
    const t = results.at(-1)?.threshold;
    const mine = results.filter((r) => r.threshold === t);
    const caught = mine.filter((r) => r.failed?.includes(row.rule)).length;
    // A run that failed, but by another rule than the shortcut's: a lie found, told under another rule.
    const other = mine.filter((r) => !r.failed?.includes(row.rule) && (r.failed?.length ?? 0) > 0).length;
    const before = mine.filter((r) => r.beforeSweep === true).length;
    const file = `\`${String(i + 1).padStart(2, '0')}-${row.id}.ts\``;
    const threshold = row.threshold === undefined ? '—' : t === undefined ? '?' : n(t);
    return `| ${file} | ${row.words} | \`${row.cell}\` | ${row.rule} | ${threshold} | ${mine.length === 0 ? 'not run' : `${caught} of ${mine.length}${other > 0 ? ` (${other} more by another rule)` : ''}${before > 0 ? `, ${before} of the seeds run before the sweep` : ''}`} |`;
  });
  return [
    '| shortcut | what it does | its cell | rule | threshold (the envelope) | caught by the random phase alone |',
    '|---|---|---|---|---:|---:|',
    ...rows,
  ];
}

function gapLines(): string[] {
  const rows = Object.entries(COVERAGE_GAPS).flatMap(([kind, gaps]) =>
    gaps.map((g) => `- ${kind}: \`${g.cell}\` — ${g.why}.`),
  );
  return rows.length === 0 ? ['- none.'] : rows;
}

function mixLines(): string[] {
  const f = `${RESULTS}/session-mix.json`;
  if (!existsSync(f)) return ['(the mix is not measured yet: `npx tsx dev/bench/session.ts mix`)'];
  const m = JSON.parse(readFileSync(f, 'utf8')) as {
    samples: number;
    reads: number;
    unchangedShare: number;
    afterChangeShare: number;
    readsPerHistory: { median: number; max: number };
    largestFile: { median: number; max: number };
  };
  const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;
  return [
    `In one measured corpus of real agent runs, 48% of 1,844 reads re-read a file that had not changed since`,
    `that worker last saw it. Of the ${n(m.reads)} reads of ${m.samples} sessions the band draws in process`,
    `(\`session.ts mix\`), ${pct(m.unchangedShare)} re-read a request unchanged since the worker last read it (a cap`,
    `lever's continuations among them), ${pct(m.afterChangeShare)} read it after it changed, and the rest are first reads.`,
    `A session has ${n(m.readsPerHistory.median)} reads at the median (${n(m.readsPerHistory.max)} at most); its largest file`,
    `is ${n(m.largestFile.median)} bytes at the median (${n(m.largestFile.max)} at most).`,
  ];
}

function machineLine(): string {
  const files = existsSync(RESULTS) ? readdirSync(RESULTS).filter((f) => f.startsWith('session-')) : [];
  // The file written last: its machine and load are those of the last result.
  const newest = files.sort((a, b) => statSync(join(RESULTS, b)).mtimeMs - statSync(join(RESULTS, a)).mtimeMs);
  const m = newest.map((f) => store(f)?.machine).find((x) => x !== undefined);
  return m === undefined
    ? ''
    : `Measured on ${m.cores} cores (${m.model}), load average ${m.load.join(' / ')} when the last result was written: read CPU time, not wall time.`;
}

export function renderSessionDoc(): string {
  const applicable = cells().length;
  return [
    "<!-- Generated by `npx tsx dev/bench/session.ts render` from the session band's tables and dev/bench/results/session-*.json; do not edit by hand. -->",
    '# The session band',
    '',
    'Real agent sessions are larger than the histories a property-based search draws by default: a worker',
    'reads dozens of files, re-reads hot files many times, and touches files of hundreds of KiB. A shim can',
    'be built to pass a small world and still lie in a real one — a bounded ledger that falls back to the',
    'stat, big files sampled, a request trusted on its stat after a run of pointers. The session band',
    'draws histories shaped like sessions, the crossed corpus plays every shortcut under its condition',
    'with every edit it cannot see, and every report counts how often the whole chain of each was reached.',
    '',
    '## What varies per seed',
    '',
    'Every history draws its own shape. No name, extension, folder, size, mtime epoch or content style is',
    `the kit's own: names come from a salt, extensions from a list of ${EXTENSIONS.length} ranked from common to rare`,
    "(the kit's ordering, not a measurement) with Zipf weights whose exponent is drawn too, so common",
    'extensions appear in nearly every session and rare ones in some.',
    '',
    ...drawnTable(),
    '',
    `**In process the band reaches** (\`reach\` in the table of sizes below). A session's ${SCALED.map((k) => `\`${k}\``).join(', ')} are`,
    "drawn together: each sits at the session's scale — the larger of two uniform draws over its log range —",
    `give or take ${SCALE_JITTER / 10}% of that range, so a session that reads many files also scans further, re-reads more`,
    'and lists more files in a call, as large real sessions do, and nearly every run has a history large in',
    `every way at once. And every count drawn from a fraction (a scan, the other files read in a cycle, a run`,
    `of re-reads before an edit, the paths of a batch call) and every edit offset takes its far end itself`,
    `${((1000 - FAR) / 10).toFixed(0)}% of the time — the drawn maximum, or the file's last bytes — instead of only`,
    'approaching it. Without this, the far end of a range was met together with a hidden edit in too few',
    'runs: a bounded ledger of 34 requests passed 6 of 20 runs. Half of the compactions by name forget a',
    "link's name after the worker read the file by it, then the worker reads it by that name again: a link",
    'forgotten by its own name was otherwise reached in 30 runs of 40. Three sessions in four end with a',
    'sweep: the worker reads a drawn run of files (up to all of them) until each is held, a tool run',
    'changes every one with a hidden edit anywhere in it and keeps its mtime (a formatter, a checkout that',
    'restores times), and the worker reads them all again, one by one or in one batch call. Every file of',
    'the run, whatever its name, extension or size, is then in the chain an mtime-keyed shortcut misses:',
    'without it, files of one common extension (`.py`) were edited that way in 17 runs of 20. And a binary',
    'is sized log-uniformly from 512 bytes to the largest size (an image, an archive), not as a source',
    'file. The sweep is drawn after the rest of the history, so everything before it is as before.',
    'Other kinds draw each count apart and',
    'log-uniformly, and forget any name (a scan of 240 files is 240 tool calls of a process, a hook or a CLI).',
    '',
    'Edits are drawn half of a hidden kind (one ASCII character for another, a character outside ASCII for',
    'another of the same size, only the Unicode form, only the line ends from a line on, only trailing',
    'blanks — moved or added —, one byte of a binary) and half ordinary (append, insert, delete or replace',
    "a line, truncate), at an offset drawn log-uniformly from the first byte to the last. Each edit's effect",
    'on the stat is drawn apart: the mtime moves a second or more (weight 4), is kept (3), moves within the',
    "same second (2), or is restored to an earlier one (1) — the kit's own weights.",
    '',
    '## Operations and their weights',
    '',
    ...weightTable(),
    '',
    ...mixLines(),
    '',
    'Windows follow a host cut a third of the time (a window right after the line where the host tool',
    'stopped a whole read). A cycle reads a request until it is held (a cap lever: as many reads as the',
    'file has parts), re-reads it, reads other files in between half the time, may forget a name of the',
    'file, edits it, and re-reads it (as a batch call with its neighbours when declared).',
    '',
    '## Size per kind of subject',
    '',
    '| kind | histories per run | most operations per history | shrinking bound (cost units) | reach |',
    '|---|---|---|---|---|',
    ...Object.entries(SESSION_DEFAULTS).map(
      ([k, d]) =>
        `| ${k} | one per ${d.per} of \`--runs\` | ${n(d.maxOps)} | ${n(d.shrinkCost)} | ${d.reach ? 'yes' : 'no'} |`,
    ),
    '',
    '`--sessions <n>` sets the histories; `--sessions 0` turns the band off. A cost unit is one judged',
    'event, or 8 KiB of content it wrote. Past the bound, a failure\'s story says "not fully shrunk" and',
    'still names its condition.',
    '',
    '## Conditions × edits',
    '',
    `A shortcut is a condition it waits for and an edit it cannot see. The table has ${applicable} cells;`,
    'the corpus plays one case per cell the subject offers (named by the cell:',
    '`many-files × same-size-mtime-kept`), with the condition at its corpus value, and every report',
    'counts per cell how often a history reached the whole chain — the condition, then an edit of the',
    'column since the delivery, then a re-read by the same worker with no forget in between (JSON',
    '`coverage`; the pretty report names the applicable cells never reached).',
    '',
    'A condition marked *shared* below is long to set up (a hundred reads or more) and holds for any',
    'file, so its cells are played as one history: every edit on a file of its own, all of them held,',
    'the condition once, then each edit and its re-reads in turn (`many-files × each hidden edit`).',
    'Each file still sees the whole condition between its delivery and its re-read. A cell is judged',
    "by its part of the history (its edit and re-reads; a lie before the first edit is every cell's),",
    "and a failure's story is that history up to the lie, led by the cell's words. JSON",
    '`corpus.cases[].playedIn` names the shared history a cell was played in. On a hook that spawns a',
    'process per read, a `--runs 1` run went from 82 s to 39 s of wall time on 2 cores (7 Dec 2026).',
    '',
    ...tableOfCells(),
    '',
    ...editTable(),
    '',
    '### Coverage gaps',
    '',
    "Applicable cells a kind of subject's default run does not reach yet, measured with the truthful",
    'subject of each kind (`test/properties/crossed/coverage.long.test.ts`); the crossed corpus still',
    'plays each of them once per run:',
    '',
    ...gapLines(),
    '',
    '## The detection envelope',
    '',
    'The largest value of each condition the default run reaches in a whole chain with ≥ 95% probability,',
    'per kind of subject: the smallest, over the seeds measured, of the largest value a run reached (over',
    '40 seeds it is at or under the true 5th percentile with 87% confidence; over 20, 64%). The random phase alone',
    '(`--no-corpus`), whose reach grows with `--runs` and `--sessions`. The crossed corpus adds its own',
    'fixed values above (every applicable cell, every run). A shortcut that waits for more than the',
    'envelope is caught by the corpus at its value, or not at all: raise `--sessions`.',
    '',
    ...envelopeTable(),
    '',
    'A 0 is a chain fewer than 95% of default runs reach at all. The process, hook and MCP kinds draw',
    'one session history per 25 histories of `--runs` (at most 120 operations for a process, 60 for a',
    'hook or an MCP server: `SESSION_DEFAULTS` in properties/engine/session-band.ts, sized to their',
    'speed), so the random phase alone promises little there: their default run reaches these cells',
    'through the crossed corpus, at its values. To widen it, raise `--sessions`.',
    '',
    machineLine(),
    '',
    '## What the random phase alone catches',
    '',
    "Each shortcut of `examples/shortcuts/` (in the kit's repository: they are not in the package) with its threshold at the",
    'envelope of its cell for its own design — `in-process-plain` (the careful ledger, pointer lever alone),',
    '`in-process` (with a batch tool) or `in-process-binary` (its host tool returns binary files) —, run',
    'with `--no-corpus` on fresh seeds (not those the envelope was measured on). The default run (corpus',
    'on) fails every one of them by its rule; each truthful twin (`SHORTCUT_TWIN=1`) passes.',
    '',
    ...detectTable(),
    '',
    'Some seeds of a shortcut whose threshold the sweep left as it was were run on the band before the',
    'sweep that now ends most in-process histories. Those results stand: the sweep is drawn after the',
    'rest of a history and only adds events at its end, so a history that showed the lie then shows it',
    'at the same event now, before any event of the sweep.',
    '',
    '## Out of scope',
    '',
    '- A shim written to detect the kit — one that lies only where the kit does not look, for names or',
    "  contents the kit's generator cannot make, or only after it recognised a history as generated. The",
    '  kit draws from a seed; it does not hide.',
    '- A fingerprint too short to be unique (a 32-bit hash): two texts of one size and one hash are met',
    '  once in about 2^32 comparisons; only a pair built for that hash shows it, and the kit fits no case',
    '  to a shim.',
    '',
  ].join('\n');
}
