/**
 * `table` (src/cli/commands/table.ts, cli/report/table-*.ts). The committed table is re-rendered from
 * the committed results file (no subject runs) and must equal docs/IMPLEMENTATIONS.md, the HTML
 * page and the traces; one failing row's replay command is run as the table prints it; one small
 * `table` runs end to end in a temporary folder; bad lists are exit 2 with one line.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/errors.ts';
import {
  parseImplementations,
  parseResults,
  type ResultsFile,
  type SubjectResult,
} from '../../../src/cli/report/table-model.ts';
import {
  HTML_PATH,
  MD_PATH,
  RESULTS_PATH,
  TRACES_DIR,
  renderMarkdown,
  renderTable,
  replayArgv,
  replayCommand,
  tracePath,
} from '../../../src/cli/report/table-render.ts';
import { staleness, withStableSandboxNames } from '../../../src/cli/commands/table.ts';
import { parseXml, type XmlElement } from '../../ci/xml.ts';
import { cli, cpuBudget, HERE, inProcess, ROOT } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-table-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const committed = (): ResultsFile => parseResults(readFileSync(join(ROOT, RESULTS_PATH), 'utf8'), RESULTS_PATH);
const list = () =>
  parseImplementations(readFileSync(join(ROOT, 'config/implementations.json'), 'utf8'), 'config/implementations.json');
const all = (e: XmlElement): XmlElement[] => [e, ...e.children.flatMap(all)];
const text = (e: XmlElement): string => [e.text ?? '', ...e.children.map(text)].join(' ');
const xml = (page: string): XmlElement =>
  parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${page.replace('<!DOCTYPE html>', '')}`);

describe('the committed table', () => {
  it('is the rendering of the committed results file (nothing re-run), and the results are current for config/implementations.json', () => {
    const r = committed();
    const files = renderTable(r);
    for (const [path, want] of files) expect(readFileSync(join(ROOT, path), 'utf8'), path).toBe(want);
    expect(staleness(list(), r, ROOT)).toEqual([]);
  });

  it("one row per implementation, in the list's order, each with its version; every rule a column linking to its SPEC.md section", () => {
    const r = committed();
    expect(r.subjects.map((s) => s.name)).toEqual(list().implementations.map((i) => i.name));
    const md = readFileSync(join(ROOT, MD_PATH), 'utf8');
    const header = md.split('\n').find((l) => l.startsWith('| implementation |'))!;
    for (const rule of r.subjects[0]!.report.rules)
      expect(header).toContain(`[${rule.id}](../spec/SPEC.md#${rule.id.toLowerCase()})`);
    const spec = readFileSync(join(ROOT, 'spec/SPEC.md'), 'utf8');
    for (const rule of r.subjects[0]!.report.rules) expect(spec).toMatch(new RegExp(`^## ${rule.id}\\b`, 'm'));
    for (const s of r.subjects)
      expect(md).toContain(`| [${s.name}](#${s.name}) | ${s.kind} | ${s.version.replace(/\|/g, '\\|')} |`);
    const pkgs = list().implementations.filter((i) => i.package !== undefined);
    expect(pkgs.map((i) => i.name)).toEqual(expect.arrayContaining(['mcp.server-filesystem', 'agent.claude-code']));
    for (const i of pkgs) expect(r.subjects.find((s) => s.name === i.name)!.version).toBe(`${i.package}@${i.version}`);
  });

  it('HTML: parses, self-contained; a cell other than pass links to an item with its reason, a failing one to its story and replay command', () => {
    const r = committed();
    const root = xml(readFileSync(join(ROOT, HTML_PATH), 'utf8'));
    const els = all(root);
    for (const e of els) for (const k of ['src', 'href']) expect(e.attrs[k] ?? '').not.toMatch(/^\s*(https?:)?\/\//i);
    expect(els.some((e) => ['script', 'link', 'img', 'iframe'].includes(e.name))).toBe(false);
    expect(text(root)).toContain(`kit ${r.version}, spec ${r.specVersion}`);
    let failing = 0;
    for (const s of r.subjects) {
      const row = els.find((e) => e.attrs.id === `row-${s.name}`)!;
      expect(text(row)).toContain(s.version);
      for (const rule of s.report.rules) {
        if (rule.status === 'pass') continue;
        const target = `${s.name}--${rule.id.toLowerCase()}`;
        expect(
          all(row).some((e) => e.attrs.href === `#${target}`),
          `${s.name} ${rule.id}`,
        ).toBe(true);
        const item = els.find((e) => e.attrs.id === target)!;
        expect(text(item)).toContain(rule.id);
        if (rule.reason !== undefined)
          expect(text(item).replace(/\s+/g, ' ')).toContain(rule.reason.replace(/\s+/g, ' '));
        if (rule.status !== 'fail') continue;
        failing++;
        for (const line of rule.counterexample!.story) expect(text(item)).toContain(line);
        expect(
          all(item)
            .filter((e) => e.name === 'code')
            .map(text)
            .map((t) => t.trim()),
        ).toContain(replayCommand(s.argv, tracePath(s.name, rule.id)));
        expect(all(item).some((e) => e.attrs.href === tracePath(s.name, rule.id).slice('docs/'.length))).toBe(true);
      }
    }
    expect(failing).toBeGreaterThan(0);
  });

  it('made outside a checkout of the kit, the pages link nowhere outside themselves: the page inlines each rule, the Markdown names it', () => {
    const files = renderTable(committed(), {});
    const md = files.get(MD_PATH)!;
    expect(md).not.toMatch(/\]\((\.\.\/|[^)#]*node_modules)/);
    const page = files.get(HTML_PATH)!;
    const hrefs = all(xml(page))
      .map((e) => e.attrs.href)
      .filter((h): h is string => h !== undefined);
    expect(hrefs.filter((h) => h.startsWith('..') || h.includes('node_modules') || h.includes('SPEC.md'))).toEqual([]);
    for (const rule of committed().subjects[0]!.report.rules) {
      expect(hrefs).toContain(`#spec-${rule.id.toLowerCase()}`);
      expect(page).toContain(`<section class="spec" id="spec-${rule.id.toLowerCase()}">`);
    }
  });

  it("a row's verdict is its run's exit code; a red row names its failing rules", () => {
    for (const s of committed().subjects) {
      const failed = s.report.rules.filter((x) => x.status === 'fail' || x.status === 'unexercised');
      expect(s.exitCode, s.name).toBe(failed.length > 0 ? 1 : 0);
    }
  });

  it("a failing row's replay command, run as printed, fails the same rule", { timeout: cpuBudget(6) }, async () => {
    const s = committed().subjects.find((x) => x.name === 'python.mtime')!;
    const rule = s.report.rules.find((x) => x.status === 'fail' && existsSync(join(ROOT, tracePath(s.name, x.id))))!;
    const r = await inProcess(
      [...['run', ...replayArgv(s.argv, tracePath(s.name, rule.id))], '--reporter', 'json'],
      ROOT,
    );
    expect(r.code, r.stderr).toBe(1);
    const rules = (JSON.parse(r.stdout) as { rules: { id: string; status: string }[] }).rules;
    expect(rules.find((x) => x.id === rule.id)!.status).toBe('fail');
  });
});

describe('staleness and drift', () => {
  it('a changed argv, a missing or extra row and a changed source are each named', () => {
    const r = committed();
    const l = list();
    const changed = {
      implementations: l.implementations.map((i) => (i.name === 'reference' ? { ...i, argv: ['--arm', 'all'] } : i)),
    };
    expect(staleness(changed, r, ROOT)).toEqual([
      expect.stringMatching(/^reference: config\/implementations\.json changed since its run/),
    ]);
    expect(staleness({ implementations: l.implementations.slice(1) }, r, ROOT)).toEqual([
      'reference: in the results, not in config/implementations.json',
    ]);
    const moved = {
      ...r,
      subjects: r.subjects.map((s) =>
        s.name === 'design.cap-only' ? { ...s, version: s.version.replace(/sha256:\w+/, 'sha256:000000000000') } : s,
      ),
    };
    expect(staleness(l, moved, ROOT)).toEqual([
      expect.stringMatching(/^design\.cap-only: version kit .* the results were made with/),
    ]);
  });

  it('a row judged with another corpus, or with none recorded, is stale; the current corpus is not', () => {
    const r = committed();
    const l = list();
    const other = (s: SubjectResult): SubjectResult =>
      s.name === 'design.line-cut' ? { ...s, corpus: '56 cases sha256:000000000000' } : s;
    const unrecorded = (s: SubjectResult): SubjectResult => {
      if (s.name !== 'hook.mtime-dedup') return s;
      const { corpus: _dropped, ...rest } = s;
      return rest;
    };
    expect(staleness(l, { ...r, subjects: r.subjects.map(other).map(unrecorded) }, ROOT)).toEqual([
      expect.stringMatching(
        /^design\.line-cut: judged with the corpus of 56 cases sha256:000000000000, the kit's is \d+ cases sha256:[0-9a-f]{12} \(run/,
      ),
      expect.stringMatching(/^hook\.mtime-dedup: judged with an unrecorded corpus/),
    ]);
  });

  it("a sandbox folder's random suffix is recorded as XXXXXX, so the table made again is the same bytes", () => {
    const text =
      '{"text":"Already in context: /tmp/readshim-sandbox-EEAVFU/files/a.ts; /tmp/readshim-sandbox-2WQiAs/b"}';
    expect(withStableSandboxNames(text)).toBe(
      '{"text":"Already in context: /tmp/readshim-sandbox-XXXXXX/files/a.ts; /tmp/readshim-sandbox-XXXXXX/b"}',
    );
    expect(JSON.stringify(committed())).not.toMatch(/readshim-sandbox-(?!XXXXXX)[A-Za-z0-9]{6}/);
  });

  it('the rendering follows the results: a cell turned red shows FAIL linking to its story', () => {
    const r = committed();
    const s = r.subjects.find((x) => x.exitCode === 0)!;
    const rule = s.report.rules.find((x) => x.status === 'pass')!;
    const red = {
      ...r,
      subjects: r.subjects.map((x) =>
        x === s
          ? {
              ...x,
              exitCode: 1,
              report: {
                ...x.report,
                rules: x.report.rules.map((y) =>
                  y === rule
                    ? {
                        ...y,
                        status: 'fail',
                        reason: 'made up here',
                        counterexample: {
                          story: ['1. a made-up story'],
                          trace: { header: {}, events: [] },
                          seed: 1,
                          source: 'probe',
                        },
                      }
                    : y,
                ),
              },
            }
          : x,
      ),
    };
    const md = renderMarkdown(red);
    expect(md).toContain(`[**FAIL**](#${s.name}--${rule.id.toLowerCase()})`);
    expect(md).toContain('1. a made-up story');
    expect(md).not.toBe(renderMarkdown(r));
  });
});

describe('table end to end (a temporary list)', { timeout: cpuBudget(20) }, () => {
  const dir = join(tmp, 'e2e');
  mkdirSync(join(dir, 'shim'), { recursive: true });
  mkdirSync(join(dir, 'config'), { recursive: true });
  cpSync(join(ROOT, 'test/fixtures/adapters/path-hash.ts'), join(dir, 'shim/path-hash.ts'));
  const adapter = join(ROOT, 'test/fixtures/adapters/path-hash.ts');
  const QUICK = ['--sessions', '0', '--crossed-sample'];
  const config = {
    implementations: [
      {
        name: 'lying',
        kind: 'adapter',
        source: 'shim/path-hash.ts',
        design: 'keyed on the path alone',
        // The table's plumbing: no session band, the crossed cases' covering sample.
        argv: ['--adapter', adapter, '--arm', 'cap', '--runs', '20', '--seed', '5', ...QUICK],
      },
    ],
  };
  writeFileSync(join(dir, 'config/implementations.json'), JSON.stringify(config));

  it('runs the row as `run` does, writes results, both pages and the traces; --check then passes, and fails on an edit', async () => {
    const r = cli(['table'], dir);
    expect(r.code, r.stderr).toBe(0);
    const results = parseResults(readFileSync(join(dir, RESULTS_PATH), 'utf8'), RESULTS_PATH);
    const same = await inProcess(
      [
        'run',
        '--adapter',
        adapter,
        '--arm',
        'cap',
        '--runs',
        '20',
        '--seed',
        '5',
        ...QUICK,
        '--reporter',
        'json',
        '--no-save',
      ],
      dir,
      HERE,
    );
    const run = JSON.parse(same.stdout) as { rules: { id: string; status: string }[] };
    expect(results.subjects[0]!.exitCode).toBe(same.code);
    // An in-process adapter cannot be isolated, and its row says so (docs/reference/trust-model.md).
    expect(results.subjects[0]!.isolation).toBe('not isolated: in-process');
    expect(readFileSync(join(dir, MD_PATH), 'utf8')).toContain('- isolation: not isolated: in-process');
    expect(results.subjects[0]!.report.rules.map((x) => [x.id, x.status])).toEqual(
      run.rules.map((x) => [x.id, x.status]),
    );
    expect(run.rules.some((x) => x.status === 'fail')).toBe(true);
    for (const path of renderTable(results).keys()) expect(existsSync(join(dir, path)), path).toBe(true);
    expect(existsSync(join(dir, TRACES_DIR, 'lying'))).toBe(true);
    expect((await inProcess(['table', '--check'], dir)).code).toBe(0);
    writeFileSync(join(dir, MD_PATH), `${readFileSync(join(dir, MD_PATH), 'utf8')}\nhand edit\n`);
    const drift = await inProcess(['table', '--check'], dir);
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain(`${MD_PATH}: differs`);
    expect((await inProcess(['table', '--render'], dir)).code).toBe(0);
    expect((await inProcess(['table', '--check'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'shim/path-hash.ts'), '// changed\n');
    const stale = await inProcess(['table', '--check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/lying: version kit .* the results were made with/);
  });
});

describe('--dir: the table is written and read where the user says', () => {
  it('renders the committed results into another folder, without the docs/ prefix; --check reads them there', async () => {
    const out = join(tmp, 'published');
    mkdirSync(out);
    cpSync(join(ROOT, RESULTS_PATH), join(out, 'implementations.results.json'));
    const r = await inProcess(['table', '--render', '--dir', out]);
    expect(r.code, r.stderr).toBe(0);
    for (const path of renderTable(committed()).keys()) {
      const there = join(out, path.replace(/^docs\//, ''));
      expect(readFileSync(there, 'utf8'), path).toBe(readFileSync(join(ROOT, path), 'utf8'));
    }
    expect((await inProcess(['table', '--check', '--dir', out])).code).toBe(0);
    writeFileSync(join(out, 'IMPLEMENTATIONS.md'), 'hand edit\n');
    const drift = await inProcess(['table', '--check', '--dir', out]);
    expect(drift.code).toBe(1);
    const empty = join(tmp, 'empty');
    mkdirSync(empty);
    const none = await inProcess(['table', '--render', '--dir', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no implementations\.results\.json in .*empty/);
  });
});

describe('bad input: exit 2, one line, nothing written', () => {
  const bad = (o: unknown): string => {
    try {
      parseImplementations(JSON.stringify(o), 'x.json');
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    }
    throw new Error('accepted');
  };
  const ok = { name: 'a', kind: 'adapter', source: 'x.ts', design: 'd', argv: [] };
  it('each malformed list names what is wrong', () => {
    expect(bad({})).toMatch(/needs \{ "implementations"/);
    expect(bad({ implementations: [ok, ok] })).toMatch(/name "a" given twice/);
    expect(bad({ implementations: [{ ...ok, kind: 'plugin' }] })).toMatch(
      /kind "plugin" is not one of adapter, process, hook, mcp, agent/,
    );
    expect(bad({ implementations: [{ ...ok, package: 'p', version: '1.2.3' }] })).toMatch(
      /give "source" .* or "package"/,
    );
    expect(
      bad({
        implementations: [
          { name: 'a', kind: 'mcp', package: 'p', version: '^1.2.3', design: 'd', argv: ['--mcp', 'x'] },
        ],
      }),
    ).toMatch(/exact pinned "version"/);
    expect(bad({ implementations: [{ ...ok, argv: ['--out', 'x.json'] }] })).toMatch(/argv must not give --out/);
    expect(bad({ implementations: [{ ...ok, kind: 'hook', argv: ['--mcp', 'x'] }] })).toMatch(
      /a hook row runs with --hook/,
    );
    expect(bad({ implementations: [{ ...ok, Name: 'x' }] })).toMatch(/unknown field "Name"/);
    expect(bad({ implementations: [{ ...ok, name: 'A B' }] })).toMatch(/must be lower case/);
  });
  it('through the CLI: a missing list, a bad list, unknown --only, a pin not installed, --render with no results', async () => {
    const d = join(tmp, 'bad');
    mkdirSync(d, { recursive: true });
    const one = async (args: string[], want: RegExp): Promise<void> => {
      const r = await inProcess(['table', ...args], d);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(want);
    };
    await one([], /cannot read config\/implementations\.json .*ENOENT.*--config/);
    mkdirSync(join(d, 'config'), { recursive: true });
    writeFileSync(join(d, 'config/implementations.json'), '{');
    await one([], /implementations\.json is not JSON/);
    writeFileSync(
      join(d, 'config/implementations.json'),
      JSON.stringify({
        implementations: [
          {
            name: 'fs',
            kind: 'mcp',
            package: 'not-installed-pkg',
            version: '1.0.0',
            design: 'd',
            argv: ['--mcp', 'x'],
          },
        ],
      }),
    );
    await one([], /fs: not-installed-pkg is not installed in \. \(npm install -E not-installed-pkg@1\.0\.0\)/);
    await one(['--only', 'nope'], /--only names nope, not in config\/implementations\.json \(it has fs\)/);
    await one(['--render'], /no docs\/implementations\.results\.json in /);
    await one(['--render', '--check'], /--render or --check, not both/);
    expect(existsSync(join(d, 'docs'))).toBe(false);
  });
});
