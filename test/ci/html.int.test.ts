import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../properties/rules/index.ts';
import { KIT_VERSION, SPEC_VERSION } from '../../src/core/version.ts';
import { cpuBudget, HERE, inProcess, ROOT, type Ran } from '../src/cli/helpers.ts';
import { parseXml, type XmlElement } from './xml.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readshim-html-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const all = (e: XmlElement): XmlElement[] => [e, ...e.children.flatMap(all)];
const text = (e: XmlElement): string => [e.text ?? '', ...e.children.map(text)].join(' ');

describe('run --reporter html', { timeout: cpuBudget(8) }, () => {
  let r: Ran;
  let page: string;
  let json: { rules: { id: string; status: string; counterexample?: { story: string[] } }[] };
  beforeAll(async () => {
    const base = [
      'run',
      '--adapter',
      join(ROOT, 'test/fixtures/adapters/path-hash.ts'),
      '--arm',
      'cap',
      '--runs',
      '20',
      '--seed',
      '5',
      // The page, not the session band nor the whole crossed table.
      '--sessions',
      '0',
      '--crossed-sample',
      '--no-save',
    ];
    const out = join(tmp, 'sub/report.html');
    r = await inProcess([...base, '--reporter', 'html', '--out', out], tmp, HERE);
    page = readFileSync(out, 'utf8');
    json = JSON.parse((await inProcess([...base, '--reporter', 'json'], tmp, HERE)).stdout);
  });

  it('parses; every rule id with its verdict and a link to its SPEC.md prose on the page itself; versions; exit code as the run', () => {
    expect(r.code).toBe(1);
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    const root = parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${page.replace('<!DOCTYPE html>', '')}`);
    expect(root.name).toBe('html');
    const links = all(root)
      .filter((e) => e.attrs.href !== undefined)
      .map((e) => e.attrs.href!);
    // Uploaded as a CI artefact the page stands alone: every link is to the page itself.
    expect(links.every((l) => l.startsWith('#'))).toBe(true);
    const spec = readFileSync(join(ROOT, 'spec/SPEC.md'), 'utf8');
    for (const rule of RULES) {
      expect(links).toContain(`#spec-${rule.id.toLowerCase()}`);
      const section = all(root).find((e) => e.attrs.id === `spec-${rule.id.toLowerCase()}`)!;
      // The section's law is SPEC.md's, word for word.
      const law = /^## (.+)\n\n\*\*Law\.\*\* ([^\n]+)/m.exec(spec.slice(spec.indexOf(`## ${rule.id}\n`)))![2]!;
      expect(text(section)).toContain(law);
    }
    for (const rule of RULES)
      expect(all(root).some((e) => e.attrs.id === `rule-${rule.id.toLowerCase()}` && text(e).includes(rule.id))).toBe(
        true,
      );
    expect(text(root)).toContain(`kit ${KIT_VERSION}, spec ${SPEC_VERSION}`);
  });

  it('self-contained: no http(s) src or href, no script, no external stylesheet', () => {
    const els = all(parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${page.replace('<!DOCTYPE html>', '')}`));
    for (const e of els) for (const k of ['src', 'href']) expect(e.attrs[k] ?? '').not.toMatch(/^\s*(https?:)?\/\//i);
    expect(els.some((e) => e.name === 'script' || e.name === 'link' || e.name === 'img')).toBe(false);
  });

  it('each failing rule has its story section with the story lines', () => {
    const failing = json.rules.filter((x) => x.status === 'fail');
    expect(failing.map((x) => x.id)).toContain('POINTER-FULL');
    const els = all(parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${page.replace('<!DOCTYPE html>', '')}`));
    for (const rule of failing) {
      const sec = els.find((e) => e.attrs.id === `story-${rule.id.toLowerCase()}`);
      expect(sec).toBeDefined();
      for (const line of rule.counterexample!.story) expect(text(sec!)).toContain(line);
    }
  });

  it("each story has its picture: per read, the file's bar, the span held after it and the claimed span, in proportion", () => {
    const els = all(parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${page.replace('<!DOCTYPE html>', '')}`));
    const sec = els.find((e) => e.attrs.id === 'story-pointer-full')!;
    const frames = all(sec).filter((e) => e.name === 'g' && e.attrs.class === 'frame');
    // partial-then-pointer: step 3 reads bytes 0–16 of 40, step 4 is told it holds all 40.
    expect(frames.map((f) => f.attrs['data-step'])).toEqual(['3', '4']);
    const width = (f: XmlElement, cls: string): number =>
      Number(f.children.find((c) => c.name === 'rect' && c.attrs.class === cls)?.attrs.width ?? NaN);
    const pointer = frames[1]!;
    expect(width(pointer, 'held') / width(pointer, 'file')).toBeCloseTo(16 / 40, 2);
    expect(width(pointer, 'claim')).toBe(width(pointer, 'file'));
    expect(text(pointer)).toContain(
      'claimed "unchanged, you hold all 40 bytes" (pointer); the worker now holds bytes 0–16 of 40',
    );
  });
});
