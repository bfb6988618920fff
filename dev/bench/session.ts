/**
 * The session band's benchmark (docs/reference/session-band.md): what the default run reaches and
 * what it catches. A script, not a test: no wall clock decides any verdict of the kit.
 *
 *   npx tsx dev/bench/session.ts envelope [--kind in-process|process|hook|mcp] [--seeds 1-40]
 *   npx tsx dev/bench/session.ts detect [--seeds 101-120] [--only <shortcut,...>]
 *   npx tsx dev/bench/session.ts mix [--samples 200]   # the reads the band draws (no subject)
 *   npx tsx dev/bench/session.ts render        # docs/reference/session-band.md from the results
 *
 * envelope: the default run of each kind's truthful subject with the corpus off (the random phase
 * alone), per seed; per conditions × edits cell, the largest measure of the condition in a chain
 * that reached it. The envelope is, per cell, the smallest per-seed maximum (session-doc.ts envelopeValue).
 *
 * detect: every shortcut of examples/shortcuts/ with its threshold at the in-process envelope of
 * its cell (a shortcut without one as it is), run with --no-corpus on fresh seeds: how many of
 * them fail it by its rule. Results go to dev/bench/results/session-*.json, appended per seed, so a
 * run can be stopped and resumed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SHORTCUTS, type ShortcutRow } from '../../examples/shortcuts/catalogue.ts';
import { CONDITIONS } from '../../properties/crossed/table.ts';
import fc from 'fast-check';
import { requestKey, resolvePath } from '../../src/core/paths.ts';
import { SESSION_DEFAULTS, sessionOptions } from '../../properties/engine/session-band.ts';
import { materializeSession } from '../../properties/generators/session/materialize.ts';
import { sessionArb } from '../../properties/generators/session/shape.ts';
import { envelopeValue, renderSessionDoc } from './session-doc.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = `${ROOT}bin/readshim-conformance.js`;
export const RESULTS = `${ROOT}dev/bench/results`;

/** The truthful subject of each kind the envelope is measured on. */
export const KINDS: Readonly<Record<string, readonly string[]>> = {
  'in-process': ['--adapter', 'examples/shortcuts/twin.ts'],
  // The twin with nothing but the pointer lever (no batch tool): the design of most shortcuts. A subject's
  // capabilities decide what the band draws, so a shortcut is measured against its own design's envelope.
  'in-process-plain': ['--adapter', 'examples/shortcuts/01-lru-stat.ts'],
  // The careful ledger whose host tool returns binary files (10-binary-head.ts's twin under SHORTCUT_TWIN=1):
  // the only kind whose band draws binary files, so the binary cells' envelope.
  'in-process-binary': ['--adapter', 'examples/shortcuts/10-binary-head.ts'],
  process: ['--process', 'python3 examples/python/delivery_shim.py'],
  hook: ['--hook', 'examples/hooks/content-dedup.sh'],
  // The truthful MCP example (hash-cache-server.js lies in the band), as docs/IMPLEMENTATIONS.md runs it.
  mcp: ['--mcp', 'node examples/mcp/session-cache-server.js', '--mcp-compact', 'forget'],
};

export interface SeedResult {
  readonly seed: number;
  readonly cpuS: number;
  readonly exit: number;
  /** Per cell: the largest measure reached (0: never). */
  readonly max: Readonly<Record<string, number>>;
  /** detect: the rules the run failed. */
  readonly failed?: readonly string[];
}

export interface Machine {
  readonly cores: number;
  readonly model: string;
  readonly load: readonly number[];
}

export const machine = (): Machine => ({
  cores: availableParallelism(),
  model: cpus()[0]?.model ?? 'unknown',
  load: loadavg().map((x) => Math.round(x * 10) / 10),
});

function seedRange(text: string | undefined, fallback: [number, number]): number[] {
  const m = /^(\d+)-(\d+)$/.exec(text ?? '');
  const [a, b] = m === null ? fallback : [Number(m[1]), Number(m[2])];
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** One default run through the CLI, as a user starts it, with the corpus off: its JSON report and CPU. */
function runOnce(
  subject: readonly string[],
  seed: number,
  env: Record<string, string> = {},
): SeedResult & { report?: unknown } {
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S', 'node', BIN, 'run', ...subject, '--no-corpus', '--no-save', '--reporter', 'json', '--seed', String(seed), '--timeout', '600000'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, ...env } },
  ); // prettier-ignore
  const times = (r.stderr.trim().split('\n').at(-1) ?? '0 0').split(' ').map(Number);
  let report: { coverage?: { cells: Record<string, { max: number }> }; rules?: { id: string; status: string }[] } = {};
  try {
    report = JSON.parse(r.stdout) as typeof report;
  } catch {
    process.stderr.write(`seed ${seed}: no JSON report (exit ${r.status}): ${r.stderr.slice(-400)}\n`);
  }
  const max = Object.fromEntries(Object.entries(report.coverage?.cells ?? {}).map(([k, v]) => [k, v.max]));
  const failed = (report.rules ?? []).filter((x) => x.status === 'fail').map((x) => x.id);
  return { seed, cpuS: (times[0] ?? 0) + (times[1] ?? 0), exit: r.status ?? -1, max, failed };
}

interface Store<T> {
  machine: Machine;
  results: T[];
}

function load<T>(file: string): Store<T> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Store<T>) : { machine: machine(), results: [] };
}

function save<T>(file: string, s: Store<T>): void {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...s, machine: machine() }, null, 1)}\n`);
}

function envelope(kind: string, seeds: readonly number[]): void {
  const file = `${RESULTS}/session-envelope-${kind}.json`;
  const store = load<SeedResult>(file);
  for (const seed of seeds) {
    if (store.results.some((x) => x.seed === seed)) continue;
    const r = runOnce(KINDS[kind]!, seed, { SHORTCUT_TWIN: '1' });
    // Read again before writing: other seed ranges may run beside this one into the same file.
    const now = load<SeedResult>(file);
    now.results.push({ seed: r.seed, cpuS: r.cpuS, exit: r.exit, max: r.max });
    save(file, now);
    process.stdout.write(`${kind} seed ${seed}: ${r.cpuS.toFixed(1)} s CPU, exit ${r.exit}\n`);
  }
}

/** A shortcut's threshold at the in-process envelope of its cell (undefined: it has none). */
export function thresholdAt(row: ShortcutRow, env: Readonly<Record<string, number>>): number | undefined {
  if (row.threshold === undefined) return undefined;
  // A condition without a measure (reached or not) says nothing of the threshold: the shortcut keeps its default.
  const condition = CONDITIONS.find((c) => row.cell.startsWith(`${c.id} × `));
  if (condition?.threshold === undefined) return row.threshold;
  // Nor does a cell the envelope's subject never reached (a binary cell: twin.ts declares no binary tool).
  const reached = env[row.cell];
  return reached === undefined || reached === 0 ? row.threshold : reached;
}

export function envelopeOf(kind: string): Record<string, number> {
  const store = load<SeedResult>(`${RESULTS}/session-envelope-${kind}.json`);
  const cells = new Set(store.results.flatMap((r) => Object.keys(r.max)));
  return Object.fromEntries([...cells].map((c) => [c, envelopeValue(store.results.map((r) => r.max[c] ?? 0))]));
}

function detect(seeds: readonly number[], only: readonly string[] | undefined): void {
  const plain = existsSync(`${RESULTS}/session-envelope-in-process-plain.json`);
  for (const row of SHORTCUTS.filter((r) => only === undefined || only.includes(r.id))) {
    const binary = existsSync(`${RESULTS}/session-envelope-in-process-binary.json`);
    const env = envelopeOf(
      row.design?.binary === true && binary
        ? 'in-process-binary'
        : row.design === undefined && plain
          ? 'in-process-plain'
          : 'in-process',
    );
    const file = `${RESULTS}/session-detect-${row.id}.json`;
    const store = load<SeedResult & { threshold?: number }>(file);
    const t = thresholdAt(row, env);
    const n = SHORTCUTS.indexOf(row) + 1;
    const subject = ['--adapter', `examples/shortcuts/${String(n).padStart(2, '0')}-${row.id}.ts`];
    for (const seed of seeds) {
      if (store.results.some((x) => x.seed === seed && x.threshold === t)) continue;
      // --shrink 0: whether the rule breaks is the figure; the story's shrinking is not (its CPU would be most of it).
      const r = runOnce([...subject, '--shrink', '0'], seed, t === undefined ? {} : { SHORTCUT_THRESHOLD: String(t) });
      const now = load<SeedResult & { threshold?: number }>(file);
      now.results.push({
        seed,
        cpuS: r.cpuS,
        exit: r.exit,
        max: {},
        failed: r.failed ?? [],
        ...(t !== undefined ? { threshold: t } : {}),
      });
      save(file, now);
      process.stdout.write(
        `${row.id} (threshold ${t ?? '-'}) seed ${seed}: ${r.failed?.includes(row.rule) ? 'caught' : 'passed'} (${r.cpuS.toFixed(1)} s CPU)\n`,
      );
    }
  }
}

/**
 * The mix the band draws (no subject needed): per read, whether the worker re-reads a request
 * unchanged since it last read it, reads it after a change, or reads it first; and the sizes.
 */
function mix(samples: number): void {
  const o = sessionOptions(
    { capParam: false, windows: true, staleServe: false, forget: true, counters: false, seal: false, batch: true },
    { histories: 1, maxOps: SESSION_DEFAULTS['in-process'].maxOps, reach: SESSION_DEFAULTS['in-process'].reach, shrinkCost: 0, transport: 'in-process', links: true, bytes: true },
  ); // prettier-ignore
  const specs = fc.sample(sessionArb(o, fc.constant(24_576)), { seed: 20261130, numRuns: samples });
  let reads = 0;
  let unchanged = 0;
  let changed = 0;
  const perHistory: number[] = [];
  const largest: number[] = [];
  for (const spec of specs) {
    const events = materializeSession(spec);
    const version = new Map<string, number>();
    const seen = new Map<string, number>();
    let mine = 0;
    let big = 0;
    for (const e of events) {
      if (e.type === 'write') {
        version.set(resolvePath(e.path), (version.get(resolvePath(e.path)) ?? 0) + 1);
        big = Math.max(big, 'content' in e ? Buffer.byteLength(e.content) : (e.contentBase64.length * 3) / 4);
      } else if (e.type === 'read') {
        const file = resolvePath(e.path);
        const key = `${e.worker}\u0000${requestKey(e.path, e.args)}`;
        const v = version.get(file) ?? 0;
        const last = seen.get(key);
        reads++;
        mine++;
        if (last === v) unchanged++;
        else if (last !== undefined) changed++;
        seen.set(key, v);
      } else if (e.type === 'forget')
        for (const k of [...seen.keys()]) if (k.startsWith(`${e.worker}\u0000`)) seen.delete(k);
    }
    perHistory.push(mine);
    largest.push(big);
  }
  const out = {
    samples,
    reads,
    unchangedShare: unchanged / reads,
    afterChangeShare: changed / reads,
    readsPerHistory: { median: median(perHistory), max: Math.max(...perHistory) },
    largestFile: { median: median(largest), max: Math.max(...largest) },
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(`${RESULTS}/session-mix.json`, `${JSON.stringify({ machine: machine(), ...out }, null, 1)}\n`);
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function main(argv: readonly string[]): void {
  const [cmd, ...rest] = argv;
  const flag = (name: string): string | undefined => {
    const i = rest.indexOf(`--${name}`);
    return i === -1 ? undefined : rest[i + 1];
  };
  if (cmd === 'envelope') {
    const kinds = flag('kind')?.split(',') ?? ['in-process'];
    for (const k of kinds) envelope(k, seedRange(flag('seeds'), [1, 40]));
  } else if (cmd === 'detect') detect(seedRange(flag('seeds'), [101, 120]), flag('only')?.split(','));
  else if (cmd === 'mix') mix(Number(flag('samples') ?? 200));
  else if (cmd === 'render') writeFileSync(`${ROOT}docs/reference/session-band.md`, renderSessionDoc());
  else throw new Error('usage: session.ts envelope|detect|render [flags]');
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
