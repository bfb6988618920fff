/**
 * The package is the product: at most 250 files, what its documents link to, and nothing
 * test-only, dev-only or contributor-only: every relative link of a shipped document (and every
 * section a worked example cites) resolves inside the packed file list; no test, dev, CI file,
 * contributor page or table result is in it; dist/ is the bundle dev/scripts/build.ts makes. The
 * list is npm's own (`npm pack --dry-run`, scripts ignored: the build is not re-run here).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRIES, TYPES } from '../../dev/scripts/build.ts';
import { NAIVE_DESIGNS } from '../../src/bench/naive.ts';
import { ROOT } from '../src/cli/helpers.ts';

/** npm's own list (`npm pack --dry-run`, scripts ignored), or the real tarball's when .ci/packed sets PACKED_LIST. */
const packed: string[] = (() => {
  const list = process.env.PACKED_LIST;
  if (list !== undefined) return readFileSync(list, 'utf8').split('\n').filter(Boolean).sort();
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm pack --dry-run failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path).sort();
})();
const shipped = new Set(packed);

/** What never ships — the one list: .ci/packed runs this file against the real tarball (PACKED_LIST). */
const DEV_ONLY: readonly RegExp[] = [
  /^(test|dev|selfcheck|scripts|mutations|config|\.ci|scratch|\.readshim|src)\//,
  // properties/ ships only the rule modules and surface probes `explain` points at (file:line).
  /^properties\/(?!(rules|surface)\/[^/]+\.ts$)/,
  /^docs\/(CONTRIBUTING\.md|IMPLEMENTATIONS\.md|implementations)/,
  /(^|\/)(vitest|stryker)[^/]*\.config\.[cm]?[jt]s$/,
  /\.test\.[jt]s$/,
];

/** At most this many files in the package. */
const MAX_FILES = 250;

/** GitHub's heading anchors (lower case, punctuation dropped, spaces to hyphens) and explicit `<a id>` anchors. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6} +(.+?) *$/gm))
    out.add(
      m[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    );
  for (const m of markdown.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(m[1]!);
  return out;
}

const headings = (file: string): Set<string> => anchors(readFileSync(join(ROOT, file), 'utf8'));

describe('the packed file list', () => {
  it(`has at most ${MAX_FILES} files`, () => {
    expect(packed.length).toBeLessThanOrEqual(MAX_FILES);
  });

  it('holds the product: the CLI, the entry points and their types, the schemas, the shipped sources and documents', () => {
    for (const f of [
      'bin/readshim-conformance.js',
      'spec/SPEC.md',
      'spec/schemas/trace.schema.json',
      'spec/schemas/protocol.schema.json',
      'spec/schemas/report.schema.json',
      'gates/README.md',
      'reference/shim.ts',
      'examples/minimal-shim/adapter.ts',
      'docs/guide/adapter.md',
      'docs/reference/cli.md',
      'CHANGELOG.md',
    ])
      expect(shipped.has(f), f).toBe(true);
  });

  it('holds nothing test-only, dev-only or contributor-only, and no table results', () => {
    expect(packed.filter((f) => DEV_ONLY.some((re) => re.test(f)))).toEqual([]);
  });

  it('dist/ is the bundle: the entries, one declaration file per export, chunks and the naive designs, nothing else', () => {
    const dist = packed.filter((f) => f.startsWith('dist/'));
    if (dist.length === 0) return; // no build in this checkout: .ci/packed runs this file on the real tarball
    const expected = [
      ...Object.keys(ENTRIES).map((n) => `dist/${n}.js`),
      ...Object.keys(TYPES).map((n) => `dist/${n}.d.ts`),
      ...NAIVE_DESIGNS.map((id) => `dist/naive/${id}.js`),
    ];
    for (const f of expected) expect(shipped.has(f), f).toBe(true);
    expect(dist.filter((f) => !expected.includes(f) && !/^dist\/chunk-[A-Z0-9]+\.js$/.test(f))).toEqual([]);
  });
});

describe('every link of a shipped document resolves in the package', () => {
  const docs = packed.filter((f) => f.endsWith('.md'));
  it.each(docs.map((d) => [d]))('%s', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1]!;
      if (/^[a-z]+:/i.test(link)) continue; // https:, mailto:
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? doc : posix.normalize(posix.join(posix.dirname(doc), path));
      if (!shipped.has(target) && !packed.some((f) => f.startsWith(`${target.replace(/\/$/, '')}/`)))
        broken.push(`${link} (${target} is not shipped)`);
      else if (anchor !== undefined && target.endsWith('.md') && !headings(target).has(anchor))
        broken.push(`${link} (no such section)`);
    }
    expect(broken).toEqual([]);
  });

  it('the documents and sections the worked examples cite are shipped and exist', () => {
    const cited: Array<[string, string | undefined]> = [];
    for (const f of packed.filter((p) => p.startsWith('examples/') && /\.(ts|js|py|md|sh)$/.test(p))) {
      const text = readFileSync(join(ROOT, f), 'utf8').replace(/\s*\n\s*(\*|#)?\s*/g, ' ');
      for (const m of text.matchAll(
        /(README(?:\.md)?|docs\/(?:guide|reference)\/[\w.-]+\.md|docs\/[A-Z][\w-]*\.md)(?:,? "([^"]+)")?/g,
      ))
        cited.push([m[1] === 'README' ? 'README.md' : m[1]!, m[2]]);
    }
    expect(cited.length).toBeGreaterThan(0);
    const slug = (c: string): string =>
      c
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-');
    expect(
      cited.filter(
        ([doc, section]) =>
          !shipped.has(doc) || (section !== undefined && ![...headings(doc)].some((h) => h.startsWith(slug(section)))),
      ),
    ).toEqual([]);
  });
});
