/**
 * Parametric cases: one history written once, each case of it a call with its parameters (the
 * class files call them). A family used by one class only is written in that class's file.
 */
import type { RuleId } from '../../src/core/rules.ts';
import { T0, overCap, read, reads, worker, write } from './content.ts';
import type { CaseSpec } from './define.ts';
import { TINY, inTurn, put, small, tooLarge, readUntilHeld, type Version } from './helpers.ts';
import type { CaseContext } from './types.ts';

/** What a case names beside its events. */
export type Head = Omit<CaseSpec, 'events'>;

/**
 * Versions of one file written in turn, each read until the worker holds it (plus `extra`
 * re-reads), then one more read when `final`.
 */
export const heldInTurn = (
  head: Head,
  o: {
    readonly path: string;
    readonly lineWidth?: number;
    readonly extra?: number;
    readonly final?: boolean;
    readonly versions: (ctx: CaseContext) => readonly Version[];
  },
): CaseSpec => ({
  ...head,
  events: (ctx) => [
    worker(),
    ...inTurn(ctx, o.path, o.versions(ctx), o.lineWidth, o.extra),
    ...(o.final === true ? [read(o.path)] : []),
  ],
});

/**
 * An edit a key on the file's stat cannot see: a file read, then rewritten (`edits`, in turn) —
 * or, with `race`, rewritten by the first edit right after the tool read it — then re-read. A
 * small file is held after one read (the pointer lever, `before` reads first); one `over` the cap
 * is read in part first and then until held (the cap lever).
 */
export const hiddenEdit = (o: {
  readonly id: string;
  readonly tag: string;
  readonly edits: (text: string) => readonly (readonly [content: string, mtimeMs: number])[];
  readonly over?: boolean;
  readonly race?: boolean;
  readonly before?: number;
  readonly rules?: readonly RuleId[];
}): CaseSpec => ({
  id: o.id,
  rules: o.rules ?? (o.over === true ? ['SLICE-CONTINUES', 'POINTER-FULL', 'DONE-TRUE'] : ['POINTER-FULL']),
  needs: { levers: [o.over === true ? 'cap' : 'pointer'], ...(o.race === true ? { races: true } : {}) },
  cap: TINY,
  ...(o.over === true ? { unplayable: tooLarge } : {}),
  events: (ctx) => {
    const path = o.over === true ? 'b.ts' : 'a.ts';
    const { text, lineWidth } =
      o.over === true ? overCap(ctx.cap, 2.5, o.tag) : { text: small(ctx, o.tag), lineWidth: 0 };
    const edits = o.edits(text);
    const [content, mtimeMs] = edits[0]!;
    return [
      worker(),
      write(path, text, T0),
      ...(o.race === true
        ? [read(path, { race: { content, mtimeMs } })]
        : [...reads(o.before ?? 1, path), ...edits.map(([c, m]) => write(path, c, m))]),
      ...(o.over === true ? readUntilHeld(ctx, path, edits[edits.length - 1]![0], lineWidth, 1) : reads(2, path)),
    ];
  },
});

/**
 * A file the host tool refuses (or answers with a notice or a failure) read twice — and once in
 * `window` — then rewritten so the tool shows it, and read until held: a shim that recorded the
 * refused read as delivered says "unchanged" to a worker that never got a byte.
 */
export const refusedThenReadable = (
  head: Head,
  o: {
    readonly path: string;
    readonly window?: Record<string, number>;
    readonly files: (ctx: CaseContext) => readonly [refused: string | Uint8Array, readable: Version];
  },
): CaseSpec => ({
  ...head,
  events: (ctx) => {
    const [refused, readable] = o.files(ctx);
    return [
      worker(),
      put(o.path, refused, T0),
      ...reads(2, o.path),
      ...(o.window === undefined ? [] : [read(o.path, { args: o.window })]),
      ...inTurn(ctx, o.path, [readable], 0, 1),
    ];
  },
});
