/**
 * Folder boundaries: only src/cli/ imports src/cli/ (errors, envelope and atomic
 * writes live in src/core/), src/core/ imports nothing but src/core/ and node:, and no test machinery ships
 * under gates/. Imports are read with the compiler's pre-processor, not with regexes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

const SKIP = new Set(['node_modules', 'dist', 'test', '.git', '.readshim', 'scratch', '.stryker-tmp', 'reports']);

function sources(): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIP.has(e.name)) walk(path);
      } else if (/\.ts$/.test(e.name)) out.push(path);
    }
  };
  walk('');
  return out.sort();
}

/** Kit-relative targets of a file's relative imports and re-exports; bare specifiers as given. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles.map(({ fileName }) =>
    fileName.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), fileName)) : fileName,
  );
}

describe('folder boundaries', () => {
  const files = sources();

  it('finds the sources (the scan itself can fail)', () => {
    expect(files).toContain('src/core/errors.ts');
    expect(files).toContain('src/adapters/load.ts');
    expect(importsOf('src/adapters/load.ts')).toContain('src/core/errors.ts');
  });

  it('nothing outside src/cli/ imports src/cli/', () => {
    const bad = files
      .filter((f) => !f.startsWith('src/cli/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => t.startsWith('src/cli/'))
          .map((t) => `${f} → ${t}`),
      );
    expect(bad).toEqual([]);
  });

  it('src/core/ imports only src/core/, node: modules and the JSON Schema validator', () => {
    // ajv: the trace and protocol formats are checked against the published schemas (src/core/schemas.ts).
    const bad = files
      .filter((f) => f.startsWith('src/core/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => !t.startsWith('src/core/') && !t.startsWith('node:') && t !== 'ajv/dist/2020.js')
          .map((t) => `${f} → ${t}`),
      );
    expect(bad).toEqual([]);
  });

  it('the worked examples import the kit by its package name, as a shim author would', () => {
    const examples = files.filter((f) => f.startsWith('examples/'));
    expect(examples).toContain('examples/minimal-shim/adapter.ts');
    expect(importsOf('examples/minimal-shim/adapter.ts')).toContain('readshim-conformance');
    // A shim may use a library the kit itself depends on (the diff designs use jsdiff); never the kit's files by path.
    const deps = new Set(
      Object.keys(
        (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
          .dependencies,
      ),
    );
    const outside = (f: string, t: string): boolean =>
      !t.startsWith('node:') &&
      !deps.has(t) &&
      !/^readshim-conformance(\/(reference|vitest))?$/.test(t) &&
      !t.startsWith(`${posix.dirname(f)}/`);
    const bad = examples.flatMap((f) =>
      importsOf(f)
        .filter((t) => outside(f, t))
        .map((t) => `${f} → ${t}`),
    );
    expect(bad).toEqual([]);
  });

  it('gates/ holds no test machinery (negative controls live in test/gates/)', () => {
    const gates = files.filter((f) => f.startsWith('gates/'));
    expect(gates.length).toBeGreaterThan(5);
    const bad = gates.flatMap((f) =>
      importsOf(f)
        .filter((t) => t === 'vitest' || t.startsWith('test/'))
        .map((t) => `${f} → ${t}`),
    );
    expect(bad).toEqual([]);
    expect(gates.filter((f) => /controls|rehears/.test(f))).toEqual([]);
  });
});
