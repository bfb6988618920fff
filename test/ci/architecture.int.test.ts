/**
 * docs/CONTRIBUTING.md "Layers" is the layering `config/dependency-cruiser.cjs` checks (its hidden TIERS
 * property): same tiers, same folders, same order; and every path a recipe or the run's flow names exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../src/cli/helpers.ts';

const doc = readFileSync(join(ROOT, 'docs/CONTRIBUTING.md'), 'utf8');
const config = createRequire(import.meta.url)(join(ROOT, 'config/dependency-cruiser.cjs')) as { TIERS: string[][] };

/** The tiers table between its markers: tier number → folders. */
function documentedTiers(markdown: string): string[][] {
  const block = /<!-- tiers:start -->([\s\S]*?)<!-- tiers:end -->/.exec(markdown);
  if (block === null) throw new Error('docs/CONTRIBUTING.md has no tiers table');
  const rows = block[1]!.split('\n').filter((l) => /^\| \d+ \|/.test(l));
  return rows.map((row, i) => {
    const cells = row.split('|').map((c) => c.trim());
    expect(Number(cells[1]), `row ${i} is tier ${i}`).toBe(i);
    return cells[2]!.split(',').map((s) => s.trim());
  });
}

describe('docs/CONTRIBUTING.md', () => {
  it('lists the tiers the layering check enforces', () => {
    expect(config.TIERS.length).toBeGreaterThan(3);
    expect(documentedTiers(doc)).toEqual(config.TIERS);
  });

  it('names only files and folders that exist', () => {
    const named = [
      ...doc.matchAll(/`((?:src|dev|config|properties|spec|mutations|gates|reference|examples|test)\/[\w./-]*)`/g),
    ].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter((p) => !p.includes('<') && !existsSync(join(ROOT, p)));
    expect(missing).toEqual([]);
  });
});
