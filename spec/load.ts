/** Finds and loads SPEC.md: parse, then check every expectation against the contract. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSpec } from './parse.ts';
import { checkSpec, type CheckedExample } from './validate.ts';
import type { ParsedSpec } from './model.ts';

/**
 * The nearest `spec/SPEC.md` walking up from `from` (a module URL or a path). Works from the
 * sources (`spec/`, `src/cli/commands/`) and from the built package (`dist/src/cli/commands/`).
 */
export function findSpecFile(from: string | URL): string | undefined {
  let dir = dirname(typeof from === 'string' && !from.startsWith('file:') ? from : fileURLToPath(from));
  for (;;) {
    const candidate = join(dir, 'spec', 'SPEC.md');
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** How a file is named in messages: relative to the working directory when inside it. */
export function displayPath(file: string): string {
  const r = relative(process.cwd(), file);
  return r !== '' && !r.startsWith('..') && !isAbsolute(r) ? r : file;
}

export interface LoadedSpec {
  readonly spec: ParsedSpec;
  readonly examples: readonly CheckedExample[];
}

/** Parses and checks SPEC.md text; throws SpecError (file, line, example) when malformed. */
export function loadSpecText(markdown: string, file: string): LoadedSpec {
  const spec = parseSpec(markdown, file);
  return { spec, examples: checkSpec(spec) };
}

export function loadSpecFile(file: string): LoadedSpec {
  return loadSpecText(readFileSync(file, 'utf8'), displayPath(file));
}

/**
 * Each rule's prose as SPEC.md words it — its paragraphs up to its first example, links reduced to
 * their text — for a page that must stand alone (an HTML report uploaded as a CI artefact links to
 * nothing outside itself).
 */
export function ruleProse(markdown: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const sections = markdown.split(/^## /m).slice(1);
  for (const section of sections) {
    const [heading = '', ...lines] = section.split('\n');
    const id = heading.trim();
    if (!/^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(id)) continue;
    const until = lines.findIndex((l) => l.startsWith('```') || l.startsWith('### '));
    const prose = (until < 0 ? lines : lines.slice(0, until)).join('\n');
    const paragraphs = prose
      .split(/\n\s*\n/)
      .map((p) =>
        p
          .replace(/\s*\n\s*/g, ' ')
          .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
          .trim(),
      )
      .filter((p) => p !== '');
    out.set(id, paragraphs);
  }
  return out;
}
