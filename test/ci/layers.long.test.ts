// Suite: long (*.long.test.ts, run by `npm run test:hosts`): dependency-cruiser over the tree and over a planted copy (22 s; lint:deps runs in .ci/run too).
// The layering check (config/dependency-cruiser.cjs, `npm run lint:deps`): green on the repository,
// red on a temporary copy of two folders with a planted cycle and a planted upward import.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin/depcruise');

function cruise(cwd: string, targets: string[]): { code: number; out: string } {
  try {
    const out = execFileSync(
      BIN,
      ['--config', join(ROOT, 'config/dependency-cruiser.cjs'), '--output-type', 'err', ...targets],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return { code: 0, out };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { code: err.status, out: err.stdout };
  }
}

describe('layering check', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'layers-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('passes on the repository', () => {
    const r = cruise(ROOT, ['src/core', 'src/harness', 'src/adapters', 'properties']);
    expect(r.out).toContain('no dependency violations');
    expect(r.code).toBe(0);
  }, 120_000);

  it('fails on a planted cycle and a planted upward import', () => {
    cpSync(join(ROOT, 'src/core'), join(tmp, 'src/core'), { recursive: true });
    cpSync(join(ROOT, 'src/harness'), join(tmp, 'src/harness'), { recursive: true });
    cpSync(join(ROOT, 'tsconfig.json'), join(tmp, 'tsconfig.json'));
    const clean = cruise(tmp, ['src/core', 'src/harness']);
    expect(clean.code).toBe(0);
    // upward: core (tier 0) imports harness (tier 1); a type-only cycle between two core files.
    appendFileSync(
      join(tmp, 'src/core/errors.ts'),
      "\nimport type { World } from '../harness/world.ts';\nexport type W = World;\n",
    );
    writeFileSync(join(tmp, 'src/core/cyc-a.ts'), "import type { B } from './cyc-b.ts';\nexport type A = B | 1;\n");
    writeFileSync(join(tmp, 'src/core/cyc-b.ts'), "import type { A } from './cyc-a.ts';\nexport type B = A | 2;\n");
    const r = cruise(tmp, ['src/core', 'src/harness']);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/error layer-src\/core: src\/core\/errors\.ts → src\/harness\/world\.ts/);
    expect(r.out).toMatch(/error no-circular: src\/core\/cyc-a\.ts/);
  }, 120_000);
});
