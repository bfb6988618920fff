/**
 * The corpus as data (properties/corpus/classes/): one file per lie class, named by its id; every
 * class has a case but those whose cases the run makes (`planned`); the play order names every
 * case once; each lying example and truthful twin names a file of the kit, and what it names of
 * that file is in it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIE_CLASS_IDS, type LieClassId } from '../../../properties/corpus/class-ids.ts';
import { LIE_CLASS_FILES } from '../../../properties/corpus/classes/index.ts';
import { CASES, PLAY_ORDER } from '../../../properties/corpus/cases.ts';
import type { Example } from '../../../properties/corpus/define.ts';
import { ROOT } from '../../src/cli/helpers.ts';

const DIR = join(ROOT, 'properties/corpus/classes');
const all = LIE_CLASS_IDS.map((id) => LIE_CLASS_FILES[id]);

/** What is wrong with a play order over these case ids: a case left out, named twice, or unknown. */
function orderProblems(order: readonly string[], ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of order) {
    if (seen.has(id)) out.push(`${id} is played twice`);
    if (!ids.includes(id)) out.push(`${id} is no case of a class file`);
    seen.add(id);
  }
  for (const id of ids) if (!seen.has(id)) out.push(`${id} is never played`);
  return out;
}

/** Why an example does not point at the kit: no such file, or a name of it the file does not hold. */
function exampleProblem(e: Example): string | undefined {
  const path = join(ROOT, e.file);
  if (!existsSync(path)) return `${e.file}: no such file or folder`;
  if (statSync(path).isDirectory()) return e.names === undefined ? undefined : `${e.file}: a folder has no names`;
  const text = readFileSync(path, 'utf8');
  const missing = (e.names ?? []).flatMap((n) => n.split(' ')).filter((word) => !text.includes(word));
  return missing.length === 0 ? undefined : `${e.file} holds no ${missing.join(', ')}`;
}

describe('one file per lie class', () => {
  it('each id has its file classes/<id>.ts, whose default export is the class of that id; nothing else is there', async () => {
    const files = readdirSync(DIR)
      .filter((f) => f !== 'index.ts')
      .sort();
    expect(files).toEqual(LIE_CLASS_IDS.map((id) => `${id}.ts`).sort());
    for (const id of LIE_CLASS_IDS) {
      const mod = (await import(pathToFileURL(join(DIR, `${id}.ts`)).href)) as { default: { id: LieClassId } };
      expect(mod.default.id, `classes/${id}.ts`).toBe(id);
      expect(LIE_CLASS_FILES[id], `classes/index.ts lists classes/${id}.ts under ${id}`).toBe(mod.default);
    }
  });

  it('every class has a case, but a class whose cases the run makes says which (notice mimicry, the crossed table)', () => {
    for (const c of all) {
      expect(c.words.length, c.id).toBeGreaterThan(10);
      expect(c.seenInWild.length, c.id).toBeGreaterThan(10);
      if (c.planned === undefined) expect(c.cases.length, `${c.id} has a case`).toBeGreaterThan(0);
      else expect(c.cases, `${c.id} plans its cases`).toEqual([]);
    }
    expect(all.filter((c) => c.planned !== undefined).map((c) => c.id)).toEqual([
      'notice-imitation',
      'shortcut-under-condition',
    ]);
  });

  it('each case is of its file’s class, and no two cases share an id', () => {
    const ids = all.flatMap((c) => c.cases.map((k) => k.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of all) for (const k of c.cases) expect(k.lieClass, k.id).toBe(c.id);
  });
});

describe('the play order', () => {
  it('names every case of the class files exactly once, and CASES is played in it', () => {
    const ids = all.flatMap((c) => c.cases.map((k) => k.id));
    expect(orderProblems(PLAY_ORDER, ids)).toEqual([]);
    expect(CASES.map((c) => c.id)).toEqual([...PLAY_ORDER]);
    // A class's cases stand in its file in the order they are played (the docs list them so).
    for (const c of all)
      expect(
        c.cases.map((k) => k.id),
        c.id,
      ).toEqual(PLAY_ORDER.filter((id) => c.cases.some((k) => k.id === id)));
  });

  it('the check can see: a case left out, played twice, or unknown', () => {
    expect(orderProblems(['a', 'a', 'x'], ['a', 'b'])).toEqual([
      'a is played twice',
      'x is no case of a class file',
      'b is never played',
    ]);
  });
});

describe('lying examples and truthful twins', () => {
  it('each names a file or folder of the kit, and what it names of a file is in it', () => {
    const problems = all.flatMap((c) =>
      [...c.lying, ...c.truthful].map(exampleProblem).flatMap((p) => (p === undefined ? [] : [`${c.id}: ${p}`])),
    );
    expect(problems).toEqual([]);
  });

  it('every shortcut of examples/shortcuts/ is a lying example of shortcut-under-condition; twin.ts its twin', () => {
    const shortcuts = readdirSync(join(ROOT, 'examples/shortcuts'))
      .filter((f) => /^\d\d-.*\.ts$/.test(f))
      .map((f) => `examples/shortcuts/${f}`);
    const c = LIE_CLASS_FILES['shortcut-under-condition'];
    expect(c.lying.map((e) => e.file).sort()).toEqual(shortcuts.sort());
    expect(c.truthful.map((e) => e.file)).toEqual(['examples/shortcuts/twin.ts']);
  });

  it('the check can see: a missing file, or a name the file does not hold', () => {
    expect(exampleProblem({ file: 'examples/no-such-shim.py' })).toMatch(/no such file/);
    expect(exampleProblem({ file: 'examples/python/session_shim.py', names: ['--no-such-flag'] })).toMatch(
      /holds no --no-such-flag/,
    );
    expect(exampleProblem({ file: 'examples/python/session_shim.py', names: ['--fork-shared'] })).toBeUndefined();
  });
});
