/**
 * The package ships what its documents link to, and nothing test-only or dev-only: every
 * relative link of a shipped document (and every README section a worked example cites) resolves
 * inside the packed file list; no test, dev or CI file is in it. The list is npm's own
 * (`npm pack --dry-run`, scripts ignored: the build is not re-run here).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  /^(test|dev|selfcheck|scripts|mutations|\.ci|scratch|\.readshim)\//,
  /^dist\/(test|dev|selfcheck|scripts|examples|mutations)\//,
  /^dist\/cli\/commands\/mutants-run\./,
  /^dist\/gates\/(controls|rehearsal)\./,
  /(^|\/)(vitest|stryker)[^/]*\.config\.[cm]?[jt]s$/,
  /\.test\.[jt]s$/,
];

/** The non-test TypeScript sources under `entry` (a file or a folder), repository-relative. */
function tsFiles(entry: string): string[] {
  const full = join(ROOT, entry);
  if (!statSync(full).isDirectory()) return entry.endsWith('.ts') ? [entry] : [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((f) => posix.join(entry, f.split('\\').join('/')))
    .filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !f.startsWith('dev/stryker/'),
    );
}

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
  it('holds the product: the CLI, the built entry points, the shipped sources and documents', () => {
    for (const f of [
      'bin/readshim-conformance.js',
      'dist/index.js',
      'dist/cli/main.js',
      'gates/README.md',
      'spec/SPEC.md',
      'reference/shim.ts',
      'examples/minimal-shim/adapter.ts',
    ])
      if (!f.startsWith('dist/') || packed.some((p) => p.startsWith('dist/'))) expect(shipped.has(f), f).toBe(true);
  });

  it('holds nothing test-only or dev-only', () => {
    expect(packed.filter((f) => DEV_ONLY.some((re) => re.test(f)))).toEqual([]);
  });

  it('ships the build of exactly the shipped source folders (config/tsconfig.build.json), no more, no less', () => {
    const built = packed.filter(
      (f) => f.startsWith('dist/') && f.endsWith('.js') && !f.startsWith('dist/bench/naive/'),
    );
    if (built.length === 0) return; // no build in this checkout: .ci/packed runs this file on the real tarball
    const config = JSON.parse(readFileSync(join(ROOT, 'config/tsconfig.build.json'), 'utf8')) as { include: string[] };
    const sources = config.include
      .flatMap((entry) => tsFiles(entry))
      .filter((f) => !DEV_ONLY.some((re) => re.test(`dist/${f.replace(/\.ts$/, '.js')}`)));
    expect(
      built.map((f) => f.slice('dist/'.length).replace(/\.js$/, '.ts')).sort(),
      'the packed dist/ against the sources (a stale dist/: npm run build)',
    ).toEqual(sources.sort());
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

  it('the README sections the worked examples cite exist', () => {
    const readme = headings('README.md');
    const cited: string[] = [];
    for (const f of packed.filter((p) => p.startsWith('examples/') && /\.(ts|js|py|md)$/.test(p))) {
      const text = readFileSync(join(ROOT, f), 'utf8').replace(/\s*\n\s*(\*|#)?\s*/g, ' ');
      for (const m of text.matchAll(/README(?:\.md)?,? "([^"]+)"/g)) cited.push(m[1]!);
    }
    expect(cited.length).toBeGreaterThan(0);
    expect(
      cited.filter(
        (c) =>
          !readme.has(
            c
              .toLowerCase()
              .replace(/[^\p{L}\p{N} _-]/gu, '')
              .replace(/ /g, '-'),
          ),
      ),
    ).toEqual([]);
  });
});
