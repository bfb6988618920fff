/**
 * The directed corpus: one or more fixed histories per lie class (classes.ts), written from the
 * class — the smallest history in which a shim that lies that way must say something false —
 * never fitted to a mutant. Together they give every rule a history can exercise at least one
 * check under every mode that applies. docs/LIE-CLASSES.md lists them.
 */
import { smallestDiffResponse } from '../oracle/smallest-diff.ts';
import { windowLimitMax } from '../../src/core/host-tool.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import {
  T0,
  bytesOf,
  call,
  code,
  del,
  forget,
  fork,
  resume,
  hardlink,
  image,
  lines,
  overCap,
  read,
  reads,
  readsToHold,
  replaceLine,
  sameSizeEdit,
  stale,
  straddling,
  symlink,
  worker,
  write,
  writeBytes,
} from './content.ts';
import type { CaseContext, CorpusCase } from './types.ts';
import { boundedText, refusalOf } from '../../src/harness/host-tool.ts';
import { defined } from '../../src/core/defined.ts';

/** Bytes of text `tokens` tokens are estimated from (src/core/host-tool.ts `estimateTokens`: ceil(bytes / 4)). */
const estimateBytes = (tokens: number): number => tokens * 4;

/** A window wider than the cases' files, but never above a maxLines declared alone (windowLimitMax). */
const wide = (ctx: CaseContext): number => Math.min(50, windowLimitMax(ctx.tool) ?? 50);

const TINY = 16;
const MID = 4096;
/** Caps above this make files too large to hold in memory many times over: cases over the cap are skipped. */
const LARGEST_SLICED_CAP = 4 * 1024 * 1024;

const tooLarge = (ctx: CaseContext): string | undefined =>
  ctx.mode.levers.cap && ctx.cap > LARGEST_SLICED_CAP
    ? `a file over a ${ctx.cap}-byte cap is too large for the corpus`
    : undefined;

/** Under a capping lever a diff must fit the cap: below the smallest strictly applicable diff no truthful shim can send one. */
const diffFits = (ctx: CaseContext): string | undefined => {
  if (!ctx.mode.levers.cap) return undefined;
  const least = smallestDiffResponse(ctx.seal);
  return ctx.cap < least * 4
    ? `cap ${ctx.cap} leaves no room for a diff of this case (${least} bytes at the least)`
    : undefined;
};

/** A small file: held after one read under any cap of at least 8 (and a few bytes under 4–7). */
const small = (ctx: CaseContext, tag: string): string => {
  const n = Math.max(2, Math.min(24, ctx.cap - 1));
  return code(n, tag, Math.min(12, n));
};

/** A mid-size code file a one-line diff is small against (kept under the cap when the cap allows). */
const midFile = (ctx: CaseContext, tag: string): string => code(Math.max(1600, Math.min(2400, ctx.cap - 200)), tag, 40);

/** The base64 text a binary file is judged on (spec 2.1 "Bytes that are not text"). */
const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Reads of `path` enough to hold `text` at the cap, plus `extra` re-reads. */
const readUntilHeld = (
  ctx: CaseContext,
  path: string,
  text: string,
  lineWidth: number,
  extra = 1,
  w = 'w1',
): TraceEvent[] => reads((ctx.mode.levers.cap ? readsToHold(bytesOf(text), ctx.cap, lineWidth) : 1) + extra, path, w);

/** A file over the declared `refuse.maxBytes`: `head` (the host's line bound of it, or a few lines) within it, then a tail past the bound. */
const overRefusal = (ctx: CaseContext, tag: string): { text: string; head: string } => {
  const max = ctx.tool?.refuse?.maxBytes ?? MID;
  let n = ctx.tool?.maxLines ?? 8;
  while (n > 1 && bytesOf(lines(n, tag)) > max) n--;
  const head = lines(n, tag);
  const row = `${'t'.repeat(79)}\n`;
  const rows = Math.max(1, Math.ceil((max + 1 - bytesOf(head)) / row.length));
  return { text: head + row.repeat(rows), head };
};

/** A file whose whole read the declared `refuse.maxTokens` refuses, and a one-line window it does not. */
const overTokens = (ctx: CaseContext): { text: string; window: Record<string, number>; why?: string } => {
  const t = ctx.tool ?? {};
  const max = t.refuse?.maxTokens ?? 1;
  const row = `${'k'.repeat(39)}\n`;
  const text = row.repeat(Math.ceil((estimateBytes(max) + 1) / row.length) + 1);
  const window = { offset: 1, limit: 1 };
  const whole = boundedText(text, undefined, undefined, t);
  const one = boundedText(text, 1, 1, t);
  const why =
    refusalOf(text, undefined, undefined, whole, t) === undefined
      ? `the host tool's bound keeps a whole read under ${max} tokens`
      : refusalOf(text, 1, 1, one, t) !== undefined
        ? `the host tool refuses even a one-line window at ${max} tokens`
        : undefined;
  return { text, window, ...defined({ why }) };
};

export const CASES: readonly CorpusCase[] = Object.freeze([
  // ---- first reads and unchanged re-reads -------------------------------------------------
  {
    id: 'first-read',
    lieClass: 'framed-first-read',
    rules: ['FIRST-VERBATIM', 'SLICE-EXACT', 'ARM-TABLE', 'COUNT-EXACT'],
    needs: {},
    cap: TINY,
    events: (ctx) => [worker(), write('a.ts', small(ctx, 'first'), T0), read('a.ts')],
  },
  {
    id: 'unchanged-reread',
    lieClass: 'pointer-in-content',
    rules: ['POINTER-FULL', 'SLICE-EXACT', 'A2-NO-POINTER', 'NOTICE-SEALED', 'COUNT-EXACT'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: TINY,
    events: (ctx) => [worker(), write('a.ts', small(ctx, 'same'), T0), ...reads(3, 'a.ts')],
  },
  // ---- the cap ---------------------------------------------------------------------------
  {
    id: 'partial-then-pointer',
    lieClass: 'partial-then-pointer',
    rules: ['POINTER-FULL', 'SLICE-CONTINUES', 'DONE-TRUE', 'PROGRESS', 'SLICE-EXACT', 'CAP-BOUND', 'NOTICE-SEALED'],
    needs: { levers: ['cap', 'pointer'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text, lineWidth } = overCap(ctx.cap, 2.5, 'part');
      return [worker(), write('big.ts', text, T0), ...readUntilHeld(ctx, 'big.ts', text, lineWidth, 2)];
    },
  },
  {
    id: 'short-tail',
    lieClass: 'stuck-continuation',
    rules: ['PROGRESS', 'DONE-TRUE', 'SLICE-CONTINUES'],
    needs: { levers: ['cap'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      // Two whole caps and a remainder shorter than one: the tail must come, and come once.
      const text = overCap(ctx.cap, 2, 'tail').text + 'tail';
      return [worker(), write('t.ts', text, T0), ...readUntilHeld(ctx, 't.ts', text, 0, 2)];
    },
  },
  {
    id: 'around-the-cap',
    lieClass: 'slice-over-cap',
    rules: ['CAP-BOUND', 'DONE-TRUE', 'SLICE-EXACT', 'FIRST-VERBATIM', 'UTF8-WHOLE'],
    needs: { levers: ['cap'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const out: TraceEvent[] = [worker()];
      for (const [i, d] of [-1, 0, 1].entries()) {
        const text = 'x'.repeat(ctx.cap + d);
        out.push(write(`c${i}.ts`, text, T0 + i), ...readUntilHeld(ctx, `c${i}.ts`, text, 0, 0));
      }
      return out;
    },
  },
  {
    id: 'multibyte-at-cap',
    lieClass: 'multibyte-at-cap',
    rules: ['UTF8-WHOLE', 'PROGRESS', 'SLICE-CONTINUES', 'CAP-BOUND', 'SLICE-EXACT'],
    needs: { levers: ['cap'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      // A 4-, 3- and 2-byte character across the first three multiples of the cap, 1–3 bytes before each.
      const c = ctx.cap;
      const text = straddling(3 * c + 5, [
        { offset: c, width: 4, back: 1 },
        { offset: 2 * c, width: 3, back: 2 },
        { offset: 3 * c, width: 2, back: 1 },
      ]);
      return [worker(), write('u.ts', text, T0), ...readUntilHeld(ctx, 'u.ts', text, 0, 1)];
    },
  },
  {
    id: 'lone-surrogate-at-cap',
    lieClass: 'multibyte-at-cap',
    rules: ['UTF8-WHOLE', 'SLICE-EXACT', 'CAP-BOUND'],
    needs: { levers: ['cap'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      // A lone surrogate reaches the worker as U+FFFD (3 bytes on the wire), right across the cap.
      const text = `${'s'.repeat(Math.max(0, ctx.cap - 2))}\uD800${'s'.repeat(ctx.cap)}`;
      return [worker(), write('s.ts', text, T0), ...readUntilHeld(ctx, 's.ts', text, 0, 0)];
    },
  },
  {
    id: 'continue-across-change',
    lieClass: 'continue-across-change',
    rules: ['SLICE-CONTINUES', 'DONE-TRUE', 'SLICE-EXACT'],
    needs: { levers: ['cap'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text, lineWidth } = overCap(ctx.cap, 2.5, 'cont');
      const changed = `changed-${text}`; // the prefix the worker holds is no longer this file's
      const shrunk = changed.slice(0, Math.max(1, Math.floor(ctx.cap / 2))); // shorter than what was delivered
      return [
        worker(),
        write('b.ts', text, T0),
        read('b.ts'),
        write('b.ts', changed, T0 + 1000),
        ...readUntilHeld(ctx, 'b.ts', changed, lineWidth, 0).slice(0, 2),
        write('b.ts', shrunk, T0 + 2000),
        read('b.ts'),
        read('b.ts'),
      ];
    },
  },
  // ---- mtimes ----------------------------------------------------------------------------
  {
    id: 'same-second-edit',
    lieClass: 'same-second-edit',
    rules: ['POINTER-FULL', 'SLICE-EXACT'],
    needs: { levers: ['pointer'] },
    cap: TINY,
    events: (ctx) => {
      const a = small(ctx, 'sec');
      return [
        worker(),
        write('a.ts', a, T0),
        read('a.ts'),
        read('a.ts'),
        write('a.ts', `${a.slice(0, -1)}x\n`, T0 + 7),
        read('a.ts'),
        read('a.ts'),
      ];
    },
  },
  {
    id: 'edit-keeps-mtime',
    lieClass: 'edit-keeps-mtime',
    rules: ['POINTER-FULL'],
    needs: { levers: ['pointer'] },
    cap: TINY,
    events: (ctx) => {
      const a = small(ctx, 'keep');
      const b = a.length > 3 ? a.slice(0, -2) + '\n' : `${a}y\n`;
      return [worker(), write('a.ts', a, T0), read('a.ts'), write('a.ts', b, T0), read('a.ts'), read('a.ts')];
    },
  },
  {
    id: 'edit-keeps-mtime-partial',
    lieClass: 'edit-keeps-mtime',
    rules: ['SLICE-CONTINUES', 'POINTER-FULL', 'DONE-TRUE'],
    needs: { levers: ['cap'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text, lineWidth } = overCap(ctx.cap, 2.5, 'kp');
      const changed = sameSizeEdit(text, 0).replace(/^./, 'Z') + 'more';
      return [
        worker(),
        write('b.ts', text, T0),
        read('b.ts'),
        write('b.ts', changed, T0),
        ...readUntilHeld(ctx, 'b.ts', changed, lineWidth, 1),
      ];
    },
  },
  {
    id: 'edit-keeps-mtime-and-size',
    lieClass: 'edit-keeps-mtime-and-size',
    rules: ['POINTER-FULL'],
    needs: { levers: ['pointer'] },
    cap: TINY,
    events: (ctx) => {
      const a = small(ctx, 'size');
      return [
        worker(),
        write('a.ts', a, T0),
        read('a.ts'),
        write('a.ts', sameSizeEdit(a), T0),
        read('a.ts'),
        read('a.ts'),
      ];
    },
  },
  {
    id: 'mtime-restored',
    lieClass: 'mtime-restored',
    rules: ['POINTER-FULL'],
    needs: { levers: ['pointer'] },
    cap: TINY,
    events: (ctx) => {
      const a = small(ctx, 'rest');
      return [
        worker(),
        write('a.ts', a, T0),
        read('a.ts'),
        write('a.ts', `${a}b\n`, T0 + 60_000),
        write('a.ts', sameSizeEdit(a), T0),
        read('a.ts'),
        read('a.ts'),
      ];
    },
  },
  {
    id: 'race-after-whole-read',
    lieClass: 'stat-after-read-race',
    rules: ['POINTER-FULL'],
    needs: { levers: ['pointer'], races: true },
    cap: TINY,
    events: (ctx) => {
      const a = small(ctx, 'race');
      return [
        worker(),
        write('a.ts', a, T0),
        read('a.ts', { race: { content: sameSizeEdit(a), mtimeMs: T0 } }),
        read('a.ts'),
        read('a.ts'),
      ];
    },
  },
  {
    id: 'race-after-partial-read',
    lieClass: 'stat-after-read-race',
    rules: ['SLICE-CONTINUES', 'POINTER-FULL', 'DONE-TRUE'],
    needs: { levers: ['cap'], races: true },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text, lineWidth } = overCap(ctx.cap, 2.5, 'rp');
      const raced = sameSizeEdit(text, 0);
      return [
        worker(),
        write('b.ts', text, T0),
        read('b.ts', { race: { content: raced, mtimeMs: T0 } }),
        ...readUntilHeld(ctx, 'b.ts', raced, lineWidth, 1),
      ];
    },
  },
  // The rewrite moves the mtime (and the size): a shim keyed on the mtime it stats before the read
  // re-delivers; one that records the disk after the read still lies (the mechanism, not the mtime).
  {
    id: 'race-moves-mtime',
    lieClass: 'stat-after-read-race-moved',
    rules: ['POINTER-FULL'],
    needs: { levers: ['pointer'], races: true },
    cap: TINY,
    events: (ctx) => {
      const a = small(ctx, 'mv');
      return [
        worker(),
        write('a.ts', a, T0),
        read('a.ts', { race: { content: `${sameSizeEdit(a).slice(0, -2)}\n`, mtimeMs: T0 + 5000 } }),
        read('a.ts'),
        read('a.ts'),
      ];
    },
  },
  {
    id: 'race-moves-mtime-partial',
    lieClass: 'stat-after-read-race-moved',
    rules: ['SLICE-CONTINUES', 'POINTER-FULL', 'DONE-TRUE'],
    needs: { levers: ['cap'], races: true },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text, lineWidth } = overCap(ctx.cap, 2.5, 'mp');
      const raced = sameSizeEdit(text, 0);
      return [
        worker(),
        write('b.ts', text, T0),
        read('b.ts', { race: { content: raced, mtimeMs: T0 + 5000 } }),
        ...readUntilHeld(ctx, 'b.ts', raced, lineWidth, 1),
      ];
    },
  },
  // ---- content shapes --------------------------------------------------------------------
  {
    id: 'a-b-a',
    lieClass: 'aba',
    rules: ['POINTER-FULL', 'DIFF-COMPLETE', 'DIFF-BASE-HELD', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'diff'] },
    cap: MID,
    events: (ctx) => {
      const a = midFile(ctx, 'aba');
      const b = replaceLine(a, 3, 'const changed = "B";');
      const held = (text: string) => readUntilHeld(ctx, 'm.ts', text, 40, 0);
      return [
        worker(),
        write('m.ts', a, T0),
        ...held(a),
        write('m.ts', b, T0 + 1000),
        ...held(b),
        write('m.ts', a, T0),
        ...held(a),
        read('m.ts'),
      ];
    },
  },
  {
    id: 'empty-file',
    lieClass: 'empty-file',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM', 'SLICE-EXACT'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: TINY,
    events: (ctx) => [
      worker(),
      write('e.ts', '', T0),
      read('e.ts'),
      read('e.ts'),
      write('f.ts', small(ctx, 'full'), T0),
      read('f.ts'),
      write('f.ts', '', T0 + 1000),
      read('f.ts'),
      read('f.ts'),
    ],
  },
  {
    id: 'no-final-newline',
    lieClass: 'no-final-newline',
    rules: ['DIFF-COMPLETE', 'DIFF-BASE-HELD', 'SLICE-EXACT', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: MID,
    events: (ctx) => {
      const a = midFile(ctx, 'nl').slice(0, -1);
      const b = `${a} // edited`;
      const c = `${b}\nlast line, no newline`;
      const held = (text: string) => readUntilHeld(ctx, 'n.ts', text, 40, 0);
      return [
        worker(),
        write('n.ts', a, T0),
        ...held(a),
        write('n.ts', b, T0 + 1000),
        ...held(b),
        write('n.ts', c, T0 + 2000),
        ...held(c),
        read('n.ts'),
      ];
    },
  },
  {
    id: 'crlf-diff',
    lieClass: 'crlf',
    rules: ['DIFF-COMPLETE', 'DIFF-BASE-HELD', 'SLICE-EXACT'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: MID,
    events: (ctx) => {
      const a = lines(Math.max(3, Math.min(120, Math.floor((ctx.cap - 200) / 20))), 'crlf', '\r\n');
      const b = replaceLine(a, 1, 'crlf line two, edited');
      const held = (text: string) => readUntilHeld(ctx, 'w.ts', text, 22, 0);
      return [worker(), write('w.ts', a, T0), ...held(a), write('w.ts', b, T0 + 1000), ...held(b), read('w.ts')];
    },
  },
  {
    id: 'crlf-slices',
    lieClass: 'crlf',
    rules: ['SLICE-EXACT', 'PROGRESS', 'SLICE-CONTINUES', 'UTF8-WHOLE'],
    needs: { levers: ['cap'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      // Lines of 4 bytes ("ab\r\n"): some cut falls between \r and \n.
      const text = 'ab\r\n'.repeat(Math.ceil((ctx.cap * 2.5) / 4));
      return [worker(), write('r.ts', text, T0), ...readUntilHeld(ctx, 'r.ts', text, Math.min(4, ctx.cap), 1)];
    },
  },
  // A rewrite of the disk's bytes alone (SPEC "Host read tools", step 0): behind a tool that
  // normalises it the request's text is unchanged (a pointer is true); behind one that shows the
  // bytes it changed (a pointer is a lie). Played for every subject: the declared tool decides.
  {
    id: 'crlf-to-lf-rewrite',
    lieClass: 'host-text-not-disk',
    rules: ['POINTER-FULL', 'SLICE-EXACT', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: TINY,
    events: (ctx) => {
      const crlf = lines(3, 'eol', '\r\n');
      const lf = crlf.replaceAll('\r\n', '\n');
      const held = (text: string) => readUntilHeld(ctx, 'n.ts', text, 12, 1);
      return [
        worker(),
        write('n.ts', crlf, T0),
        ...held(crlf),
        write('n.ts', lf, T0 + 1000),
        ...held(lf),
        write('n.ts', crlf, T0 + 2000),
        ...held(crlf),
      ];
    },
  },
  {
    id: 'bom-dropped-rewrite',
    lieClass: 'host-text-not-disk',
    rules: ['POINTER-FULL', 'SLICE-EXACT', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: TINY,
    events: (ctx) => {
      const plain = lines(2, 'bom');
      const bom = `\uFEFF${plain}`;
      const held = (text: string) => readUntilHeld(ctx, 'b.ts', text, 11, 1);
      return [worker(), write('b.ts', bom, T0), ...held(bom), write('b.ts', plain, T0 + 1000), ...held(plain)];
    },
  },
  // ---- compaction and workers ------------------------------------------------------------
  {
    id: 'forget-then-reread',
    lieClass: 'compaction',
    rules: ['FORGET-RESETS', 'POINTER-FULL'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], forget: true },
    cap: TINY,
    events: (ctx) => [
      worker(),
      write('a.ts', small(ctx, 'fg'), T0),
      read('a.ts'),
      read('a.ts'),
      forget('w1', 'a.ts'),
      read('a.ts'),
      read('a.ts'),
      forget('w1'),
      read('a.ts'),
    ],
  },
  {
    id: 'forget-then-continue',
    lieClass: 'compaction',
    rules: ['FORGET-RESETS', 'SLICE-CONTINUES'],
    needs: { levers: ['cap'], forget: true },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text } = overCap(ctx.cap, 2.5, 'fc');
      return [worker(), write('b.ts', text, T0), read('b.ts'), forget('w1'), read('b.ts'), read('b.ts')];
    },
  },
  {
    id: 'forget-then-diff',
    lieClass: 'compaction',
    rules: ['FORGET-RESETS', 'DIFF-BASE-HELD'],
    needs: { levers: ['diff'], forget: true },
    cap: MID,
    unplayable: diffFits,
    events: (ctx) => {
      const a = midFile(ctx, 'fd');
      return [
        worker(),
        write('m.ts', a, T0),
        ...readUntilHeld(ctx, 'm.ts', a, 40, 0),
        forget('w1', 'm.ts'),
        write('m.ts', replaceLine(a, 2, 'const edited = 1;'), T0 + 1000),
        read('m.ts'),
      ];
    },
  },
  // Whole-worker compaction (forget(worker), no path): the one compaction a hook or MCP host can
  // tell its shim, and a host that compacts without telling any shim still does (FORGET-RESETS).
  {
    id: 'compact-worker-then-reread',
    lieClass: 'compaction-whole-worker',
    rules: ['FORGET-RESETS', 'POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], forget: true },
    cap: TINY,
    events: (ctx) => [
      worker(),
      write('a.ts', small(ctx, 'wc'), T0),
      read('a.ts'),
      read('a.ts'),
      forget('w1'),
      read('a.ts'),
      read('a.ts'),
      forget('w1'),
      forget('w1'),
      read('a.ts'),
    ],
  },
  {
    id: 'compact-worker-then-window',
    lieClass: 'compaction-whole-worker',
    rules: ['FORGET-RESETS', 'POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { levers: ['pointer'], windows: true, forget: true },
    cap: MID,
    events: () => {
      const text = lines(8, 'cw');
      return [
        worker(),
        write('v.ts', text, T0),
        read('v.ts', { args: { offset: 2, limit: 3 } }),
        read('v.ts', { args: { offset: 2, limit: 3 } }),
        forget('w1'),
        read('v.ts', { args: { offset: 2, limit: 3 } }),
        read('v.ts', { args: { offset: 2, limit: 3 } }),
      ];
    },
  },
  {
    id: 'compact-worker-then-diff',
    lieClass: 'compaction-whole-worker',
    rules: ['FORGET-RESETS', 'DIFF-BASE-HELD', 'POINTER-FULL'],
    needs: { levers: ['diff'], forget: true },
    cap: MID,
    unplayable: diffFits,
    events: (ctx) => {
      const a = midFile(ctx, 'wd');
      const b = replaceLine(a, 2, 'const edited = 1;');
      return [
        worker(),
        write('m.ts', a, T0),
        ...readUntilHeld(ctx, 'm.ts', a, 40, 0),
        forget('w1'),
        write('m.ts', b, T0 + 1000),
        ...readUntilHeld(ctx, 'm.ts', b, 40, 0),
        write('m.ts', replaceLine(b, 3, 'const edited = 2;'), T0 + 2000),
        read('m.ts'),
      ];
    },
  },
  // Re-injection (spec/SPEC.md "Re-injection after compaction"): count + 1 files read, then a
  // compaction; the host re-attaches the `count` read last. A pointer to the newest is true, a
  // pointer to the oldest (never re-attached) is a lie, and so is one to a re-attached file edited since.
  {
    id: 'reinject-then-pointer',
    lieClass: 'reinject-assumed',
    rules: ['FORGET-RESETS', 'POINTER-FULL'],
    needs: { levers: ['pointer'], forget: true, reinject: true },
    cap: TINY,
    events: (ctx) => {
      const count = ctx.reinject?.count ?? 1;
      const names = Array.from({ length: count + 1 }, (_, i) => `r${i}.ts`);
      const newest = names[count]!;
      const edited = names[1]!;
      return [
        worker(),
        ...names.map((f, i) => write(f, small(ctx, `ri${i}`), T0)),
        ...names.flatMap((f) => [read(f), read(f)]),
        forget('w1'),
        read(newest),
        read(names[0]!),
        ...(edited === newest ? [] : [write(edited, small(ctx, 'ri-edited'), T0 + 1000), read(edited)]),
        read(newest),
      ];
    },
  },
  {
    id: 'forget-alias',
    lieClass: 'forget-alias',
    rules: ['FORGET-RESETS', 'POINTER-FULL', 'SLICE-CONTINUES'],
    needs: { anyOf: ['pointer', 'cap'], forget: true },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text } = overCap(ctx.cap, 2.5, 'al');
      return [
        worker(),
        write('src/b.ts', small(ctx, 'alias'), T0),
        read('src/b.ts'),
        forget('w1', './src/b.ts'),
        read('src/b.ts'),
        read('docs/../src/b.ts'),
        forget('w1', 'docs/../src/b.ts'),
        read('./src/b.ts'),
        write('src/c.ts', text, T0),
        read('src/c.ts'),
        forget('w1', './src/c.ts'),
        read('src/c.ts'),
      ];
    },
  },
  // ---- paths beyond spelling (spec/SPEC.md "Links and case"): the oracle's identity is the host's
  {
    id: 'symlink-target-edit',
    lieClass: 'link-own-lstat',
    rules: ['POINTER-FULL', 'DIFF-BASE-HELD', 'DIFF-COMPLETE'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], links: true },
    cap: TINY,
    events: (ctx) => {
      const a = small(ctx, 'ln');
      const b = sameSizeEdit(a);
      return [
        worker(),
        write('src/a.ts', a, T0),
        symlink('src/l.ts', 'a.ts', T0 + 500),
        read('src/l.ts'),
        read('src/l.ts'),
        // The target changes; the link's own lstat (mtime, size) does not.
        write('src/a.ts', b, T0 + 1000),
        read('src/l.ts'),
        read('src/l.ts'),
        // A second name of the same file: what the worker holds of it, it holds under both.
        hardlink('h.ts', 'src/a.ts'),
        read('h.ts'),
        write('h.ts', a, T0 + 2000),
        read('src/l.ts'),
      ];
    },
  },
  {
    id: 'symlink-retarget',
    lieClass: 'link-own-lstat',
    rules: ['POINTER-FULL', 'PASSTHROUGH', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], links: true },
    cap: TINY,
    events: (ctx) => {
      const a = small(ctx, 'rt');
      // Same size, same mtime, other bytes: only the content (or the inode) tells the files apart.
      const b = sameSizeEdit(a);
      return [
        worker(),
        write('a.ts', a, T0),
        // The worker holds an older b.ts: what the retargeted link shows is not what it holds.
        write('b.ts', sameSizeEdit(b), T0 - 1000),
        read('b.ts'),
        write('b.ts', b, T0),
        symlink('l.ts', 'a.ts', T0),
        read('l.ts'),
        read('l.ts'),
        symlink('l.ts', 'b.ts', T0),
        read('l.ts'),
        read('l.ts'),
        del('l.ts'),
        read('l.ts'),
        read('b.ts'),
      ];
    },
  },
  {
    id: 'case-folded-ledger',
    lieClass: 'case-folded-spelling',
    rules: ['POINTER-FULL', 'DIFF-BASE-HELD', 'DIFF-COMPLETE'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], caseInsensitive: true },
    cap: TINY,
    events: (ctx) => {
      const v1 = small(ctx, 'cf');
      const v2 = sameSizeEdit(v1);
      return [
        worker(),
        write('A.ts', v1, T0),
        read('A.ts'),
        read('a.ts'),
        write('a.ts', v2, T0 + 1000),
        read('a.ts'),
        // Back to the first bytes: the worker last got v2 (under a.ts); under A.ts it got v1.
        write('A.ts', v1, T0 + 2000),
        read('A.ts'),
        read('a.ts'),
      ];
    },
  },
  {
    id: 'forget-other-case',
    lieClass: 'forget-other-name',
    rules: ['FORGET-RESETS', 'POINTER-FULL'],
    needs: { anyOf: ['pointer', 'cap'], forget: true, caseInsensitive: true },
    cap: TINY,
    events: (ctx) => [
      worker(),
      write('A.ts', small(ctx, 'fo'), T0),
      read('A.ts'),
      read('A.ts'),
      forget('w1', 'a.ts'),
      read('A.ts'),
      read('a.ts'),
      forget('w1', 'A.TS'),
      read('a.ts'),
    ],
  },
  // Spec 2.2 "Knowledge": a forget removes what was delivered under its name, not under the file's other names.
  {
    // A pointer to a.ts after forget("l.ts") is true (a.ts delivered it under its own name); after
    // forget("a.ts") too, nothing is held: a pointer to l.ts is a lie.
    id: 'forget-link-name',
    lieClass: 'forget-other-name',
    rules: ['FORGET-RESETS', 'POINTER-FULL'],
    needs: { anyOf: ['pointer', 'cap'], forget: true, links: true },
    cap: TINY,
    events: (ctx) => [
      worker(),
      write('a.ts', small(ctx, 'fl'), T0),
      symlink('l.ts', 'a.ts', T0),
      read('a.ts'),
      read('l.ts'),
      forget('w1', 'l.ts'),
      read('a.ts'),
      read('a.ts'),
      forget('w1', 'a.ts'),
      read('l.ts'),
    ],
  },
  {
    // Read only through l.ts → a.ts: forget("l.ts") forgets the file (a ledger keyed on the target's name keeps it).
    id: 'forget-link-only-name',
    lieClass: 'forget-other-name',
    rules: ['FORGET-RESETS', 'POINTER-FULL'],
    needs: { anyOf: ['pointer', 'cap'], forget: true, links: true },
    cap: TINY,
    events: (ctx) => [
      worker(),
      write('a.ts', small(ctx, 'fo'), T0),
      symlink('l.ts', 'a.ts', T0),
      read('l.ts'),
      read('l.ts'),
      forget('w1', 'l.ts'),
      read('l.ts'),
      read('a.ts'),
    ],
  },
  {
    // A diff across a retarget is against what the name showed; a stat that did not move says nothing.
    id: 'retarget-diff',
    lieClass: 'link-own-lstat',
    rules: ['POINTER-FULL', 'DIFF-BASE-HELD', 'DIFF-COMPLETE'],
    needs: { anyOf: ['pointer', 'diff'], links: true },
    cap: MID,
    unplayable: diffFits,
    events: (ctx) => {
      const a = midFile(ctx, 'rd');
      const b = sameSizeEdit(a, 7);
      return [
        worker(),
        write('a.ts', a, T0),
        write('b.ts', b, T0),
        symlink('l.ts', 'a.ts', T0),
        read('l.ts'),
        read('l.ts'),
        symlink('l.ts', 'b.ts', T0),
        read('l.ts'),
        read('l.ts'),
      ];
    },
  },
  {
    id: 'second-worker',
    lieClass: 'second-worker',
    rules: ['ISOLATION', 'FIRST-VERBATIM', 'POINTER-FULL', 'SLICE-CONTINUES'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text } = overCap(ctx.cap, 2.5, 'sw');
      return [
        worker('w1'),
        worker('w2'),
        write('a.ts', small(ctx, 'iso'), T0),
        write('b.ts', text, T0),
        read('a.ts', { worker: 'w1' }),
        read('a.ts', { worker: 'w2' }),
        read('a.ts', { worker: 'w2' }),
        read('b.ts', { worker: 'w1' }),
        read('b.ts', { worker: 'w2' }),
        read('b.ts', { worker: 'w1' }),
      ];
    },
  },
  {
    id: 'new-session',
    lieClass: 'cross-session',
    rules: ['FIRST-VERBATIM', 'POINTER-FULL'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: TINY,
    sessions: 2,
    events: (ctx) => [worker(), write('a.ts', small(ctx, 'sess'), T0), read('a.ts'), read('a.ts')],
  },
  // Forks and resumed sessions (spec/SPEC.md "Forks and resumed sessions"): a fork holds what its
  // parent held at the fork — a pointer to a.ts is true in w2 — and nothing the parent read after it.
  {
    id: 'fork-then-parent-reads',
    lieClass: 'fork-after-fork-read',
    rules: ['ISOLATION', 'POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], sessions: 'fork' },
    cap: TINY,
    events: (ctx) => [
      worker('w1'),
      write('a.ts', small(ctx, 'fk-a'), T0),
      write('b.ts', small(ctx, 'fk-b'), T0),
      write('c.ts', small(ctx, 'fk-c'), T0),
      read('a.ts'),
      read('a.ts'),
      fork('w1', 'w2'),
      read('b.ts'),
      read('b.ts'),
      read('a.ts', { worker: 'w2' }),
      read('b.ts', { worker: 'w2' }),
      read('c.ts', { worker: 'w2' }),
      read('c.ts', { worker: 'w1' }),
      read('a.ts'),
    ],
  },
  {
    id: 'subagent-shares-session',
    lieClass: 'shared-session-subagent',
    rules: ['ISOLATION', 'POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], sessions: 'sharedSession' },
    cap: TINY,
    events: (ctx) => [
      worker('w1'),
      write('a.ts', small(ctx, 'ss-a'), T0),
      read('a.ts'),
      read('a.ts'),
      fork('w1', 'w2', 'fresh-shared-session'),
      read('a.ts', { worker: 'w2' }),
      read('a.ts', { worker: 'w2' }),
      read('a.ts'),
    ],
  },
  // A resume keeps the transcript (a pointer to a.ts is true after the first); after a compaction
  // and a second resume, a ledger reloaded as it was before the compaction claims too much.
  {
    id: 'resume-after-compaction',
    lieClass: 'resume-stale-ledger',
    rules: ['FORGET-RESETS', 'POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], forget: true, sessions: 'resume' },
    cap: TINY,
    events: (ctx) => [
      worker(),
      write('a.ts', small(ctx, 'rs-a'), T0),
      write('b.ts', small(ctx, 'rs-b'), T0),
      read('a.ts'),
      read('a.ts'),
      resume(),
      read('a.ts'),
      forget('w1'),
      read('b.ts'),
      resume(),
      read('a.ts'),
      read('b.ts'),
      read('b.ts'),
    ],
  },
  // ---- batch reads (spec 2.1 "Batch reads"): each part judged as its own read of its own file ----
  // A file new to the worker in a call beside a file it holds: the held one may be a pointer, the new one not.
  {
    id: 'batch-new-beside-seen',
    lieClass: 'batch-seen-beside-new',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], batch: true },
    cap: TINY,
    events: (ctx) => [
      worker('w1'),
      write('a.ts', small(ctx, 'bn-a'), T0),
      write('b.ts', small(ctx, 'bn-b'), T0),
      read('a.ts'),
      read('a.ts'),
      ...call(1, ['a.ts', 'b.ts']),
      ...call(2, ['b.ts', 'a.ts']),
      read('b.ts'),
    ],
  },
  // A call whose first file is unchanged and whose second was edited, then a call beside a new file.
  {
    id: 'batch-edit-beside-unchanged',
    lieClass: 'batch-seen-beside-new',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], batch: true },
    cap: TINY,
    events: (ctx) => [
      worker('w1'),
      write('a.ts', small(ctx, 'be-a'), T0),
      write('b.ts', small(ctx, 'be-b'), T0),
      write('c.ts', small(ctx, 'be-c'), T0),
      ...call(1, ['a.ts', 'b.ts']),
      ...call(2, ['a.ts', 'b.ts']),
      write('b.ts', small(ctx, 'bx-b'), T0 + 1000),
      ...call(3, ['a.ts', 'b.ts']),
      // Edited again, same size and same mtime: a part keyed on the file's stat is "unchanged".
      write('b.ts', small(ctx, 'by-b'), T0 + 1000),
      ...call(4, ['a.ts', 'b.ts']),
      ...call(5, ['a.ts', 'c.ts']),
    ],
  },
  // After a whole-worker compaction, and for a second worker, every file of a call is new again.
  {
    id: 'batch-forget-and-second-worker',
    lieClass: 'batch-seen-beside-new',
    rules: ['FORGET-RESETS', 'ISOLATION', 'POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], batch: true, forget: true },
    cap: TINY,
    events: (ctx) => [
      worker('w1'),
      write('a.ts', small(ctx, 'bf-a'), T0),
      write('b.ts', small(ctx, 'bf-b'), T0),
      ...call(1, ['a.ts', 'b.ts']),
      ...call(2, ['a.ts', 'b.ts']),
      forget('w1'),
      ...call(3, ['a.ts', 'b.ts']),
      worker('w2'),
      ...call(4, ['b.ts', 'a.ts'], 'w2'),
      ...call(5, ['a.ts', 'b.ts'], 'w2'),
    ],
  },
  // ---- windows and the host tool's bound -------------------------------------------------
  {
    // Spec 2.2: a window of text the worker was shown whole is held (its pointer, with the window's
    // size, is true); "unchanged, you hold all N bytes" with the whole file's N for a narrower window is not.
    id: 'window-as-whole',
    lieClass: 'window-as-whole',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { levers: ['pointer'], windows: true },
    cap: MID,
    events: (ctx) => {
      const text = lines(6, 'win');
      return [
        worker(),
        write('v.ts', text, T0),
        read('v.ts'),
        read('v.ts'),
        read('v.ts', { args: { offset: 1, limit: wide(ctx) } }),
        read('v.ts', { args: { offset: 2, limit: 2 } }),
        read('v.ts', { args: { offset: 2, limit: 2 } }),
      ];
    },
  },
  {
    // v.ts: a window of lines 1–3 does not back the whole file (a lie). x.ts: a window wider than the
    // file showed every line the whole read shows, so a pointer after it is true (spec 2.2 "Knowledge").
    id: 'whole-after-window',
    lieClass: 'whole-after-window',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { levers: ['pointer'], windows: true },
    cap: MID,
    events: (ctx) => {
      const text = lines(6, 'part');
      return [
        worker(),
        write('v.ts', text, T0),
        read('v.ts', { args: { offset: 1, limit: 3 } }),
        read('v.ts'),
        write('x.ts', text, T0),
        read('x.ts', { args: { offset: 1, limit: wide(ctx) } }),
        read('x.ts'),
        read('x.ts'),
      ];
    },
  },
  {
    // Lines 1–3 equal lines 4–6: the worker was shown that text at other line numbers, not these.
    id: 'window-same-text-elsewhere',
    lieClass: 'window-same-text',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { levers: ['pointer'], windows: true },
    cap: MID,
    events: () => {
      const three = lines(3, 'twice');
      return [
        worker(),
        write('r.ts', three + three, T0),
        read('r.ts', { args: { offset: 1, limit: 3 } }),
        read('r.ts', { args: { offset: 4, limit: 3 } }),
        read('r.ts', { args: { offset: 4, limit: 3 } }),
      ];
    },
  },
  {
    // Behind a host that shows the first N lines of a whole read: a window past them was never shown.
    id: 'window-beyond-host-cut',
    lieClass: 'window-as-whole',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { levers: ['pointer'], windows: true, tool: true },
    cap: 24_576,
    unplayable: (ctx) => {
      const n = ctx.tool?.maxLines ?? ctx.tool?.defaultLimit;
      if (n === undefined) return 'the host tool shows every line of a whole read (no maxLines or defaultLimit)';
      return ctx.mode.levers.cap && bytesOf(lines(n + 6, 'cut')) > ctx.cap
        ? `a file past the host's ${n}-line cut is over the ${ctx.cap}-byte cap`
        : undefined;
    },
    events: (ctx) => {
      const n = ctx.tool!.maxLines ?? ctx.tool!.defaultLimit!;
      const window = { offset: n + 2, limit: Math.min(3, windowLimitMax(ctx.tool) ?? 3) };
      return [
        worker(),
        write('c.ts', lines(n + 6, 'cut'), T0),
        read('c.ts'),
        read('c.ts', { args: window }),
        read('c.ts', { args: window }),
      ];
    },
  },
  {
    // A line limit that is a default: the no-limit read is cut at it, an explicit larger limit is a
    // request of its own that returns more (SPEC "Host read tools", step 2).
    id: 'default-limit-window',
    lieClass: 'limit-is-default',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM', 'SLICE-EXACT'],
    needs: { tool: true, windows: true, anyOf: ['pointer', 'cap', 'diff'] },
    cap: 24_576,
    unplayable: (ctx) => (ctx.tool?.defaultLimit === undefined ? 'the host tool declares no defaultLimit' : undefined),
    events: (ctx) => {
      const d = ctx.tool!.defaultLimit!;
      const more = Math.min(d + 3, windowLimitMax(ctx.tool) ?? d + 3, ctx.tool!.maxLines ?? d + 3);
      const body = lines(d + 3, 'dflt');
      const past = replaceLine(body, d + 1, 'edited past the default');
      return [
        worker(),
        write('l.ts', body, T0),
        read('l.ts'),
        read('l.ts'),
        read('l.ts', { args: { offset: 1, limit: more } }),
        read('l.ts', { args: { offset: 1, limit: more } }),
        write('l.ts', past, T0 + 1000),
        read('l.ts'),
        read('l.ts', { args: { offset: 1, limit: more } }),
      ];
    },
  },
  {
    id: 'host-tool-bound',
    lieClass: 'host-tool-bound',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM', 'SLICE-EXACT'],
    needs: { tool: true, anyOf: ['pointer', 'cap', 'diff'] },
    cap: 24_576,
    events: (ctx) => {
      const t = ctx.tool!;
      // Past the bound: maxLines lines, maxChars units or maxTokens × 4 bytes, in lines of about 8.
      const budget = t.maxChars ?? (t.maxTokens !== undefined ? t.maxTokens * 4 : undefined);
      const bounded = t.maxLines !== undefined ? t.maxLines + 3 : budget !== undefined ? Math.ceil(budget / 8) + 3 : 20;
      // A mid-line cut (cutChars) plays only on a file over overBytes whose text reaches past `at`.
      const reach = t.cutChars === undefined ? 0 : Math.ceil(Math.max(t.cutChars.at, t.cutChars.overBytes + 1) / 8) + 3;
      const n = Math.max(bounded, reach);
      const long = t.maxLineChars ?? budget;
      // A long first line with a 4-byte character across the line cut, then short lines past the line limit.
      const first = long === undefined ? 'short first line' : `${'L'.repeat(Math.max(0, long - 1))}😀${'L'.repeat(5)}`;
      const body = `${first}\n${lines(n - 1, 'bound')}`;
      const pastBound = replaceLine(body, n - 1, 'edited past the bound');
      const within = replaceLine(pastBound, 1, 'edited within the bound');
      return [
        worker(),
        write('h.ts', body, T0),
        read('h.ts'),
        read('h.ts'),
        write('h.ts', pastBound, T0 + 1000),
        read('h.ts'),
        write('h.ts', within, T0 + 2000),
        read('h.ts'),
        read('h.ts'),
      ];
    },
  },
  // ---- diffs -----------------------------------------------------------------------------
  {
    id: 'diff-partial-base',
    lieClass: 'diff-partial-base',
    rules: ['DIFF-BASE-HELD', 'DIFF-COMPLETE', 'SLICE-CONTINUES'],
    needs: { levers: ['cap', 'diff'] },
    cap: 1024,
    unplayable: (ctx) => diffFits(ctx) ?? tooLarge(ctx),
    events: (ctx) => {
      const a = code(Math.floor(ctx.cap * 2.5), 'dp', 40);
      return [
        worker(),
        write('d.ts', a, T0),
        read('d.ts'),
        write('d.ts', replaceLine(a, 4, 'const edited = 4;'), T0 + 1000),
        read('d.ts'),
        read('d.ts'),
      ];
    },
  },
  {
    id: 'diff-cut-to-budget',
    lieClass: 'diff-cut-to-budget',
    rules: ['DIFF-COMPLETE', 'CAP-BOUND', 'DIFF-BASE-HELD'],
    needs: { levers: ['diff'] },
    cap: MID,
    unplayable: diffFits,
    events: (ctx) => {
      const a = midFile(ctx, 'bud');
      const two = replaceLine(replaceLine(a, 5, 'const two = 2;'), 30, 'const more = 30;');
      // Most lines rewritten: a complete diff is larger than the file; only a cut one would fit.
      const rewritten = two
        .split('\n')
        .map((l, i) => (i % 5 === 4 || l === '' ? l : l.replace('const ', 'let ')))
        .join('\n');
      const held = (text: string) => readUntilHeld(ctx, 'g.ts', text, 40, 0);
      return [
        worker(),
        write('g.ts', a, T0),
        ...held(a),
        write('g.ts', two, T0 + 1000),
        ...held(two),
        write('g.ts', rewritten, T0 + 2000),
        ...held(rewritten),
        read('g.ts'),
      ];
    },
  },
  {
    id: 'diff-larger-than-file',
    lieClass: 'diff-larger-than-file',
    rules: ['CAP-BOUND'],
    needs: { levers: ['diff'] },
    cap: MID,
    unplayable: diffFits,
    events: () => {
      const a = lines(4, 'tiny file');
      return [
        worker(),
        write('k.ts', a, T0),
        read('k.ts'),
        write('k.ts', replaceLine(a, 1, 'tiny file line two, edited'), T0 + 1000),
        read('k.ts'),
      ];
    },
  },
  // ---- stale serves, tool failures, refusals ----------------------------------------------
  {
    id: 'stale-then-reread',
    lieClass: 'stale-serve-recorded',
    rules: ['STALE-NO-RECORD', 'STALE-SERVE-LABELLED', 'REFUSAL-TRUE', 'POINTER-FULL'],
    needs: { staleServe: true },
    cap: 64,
    unplayable: tooLarge,
    events: (ctx) => {
      const body = lines(Math.max(8, Math.ceil((ctx.cap * 3) / 14)), 'stale');
      return [
        worker(),
        write('s.ts', body, T0),
        stale('w1', 's.ts', 1, 2),
        read('s.ts'),
        read('s.ts'),
        stale('w1', 's.ts', 400_000, 400_002),
        del('s.ts'),
        stale('w1', 's.ts', 0, 1),
      ];
    },
  },
  {
    id: 'tool-failure-then-reread',
    lieClass: 'tool-failure-recorded',
    rules: ['PASSTHROUGH', 'REFUSAL-TRUE', 'POINTER-FULL', 'SLICE-CONTINUES'],
    needs: { toolFailures: true },
    cap: TINY,
    unplayable: tooLarge,
    events: (ctx) => {
      const { text } = overCap(ctx.cap, 2.5, 'tf');
      return [
        worker(),
        write('a.ts', small(ctx, 'fail'), T0),
        read('a.ts', { fail: 'EIO' }),
        read('a.ts'),
        read('a.ts'),
        write('b.ts', text, T0),
        read('b.ts'),
        read('b.ts', { fail: 'EIO' }),
        read('b.ts'),
        read('b.ts'),
      ];
    },
  },
  {
    id: 'not-found-then-created',
    lieClass: 'cached-not-found',
    rules: ['REFUSAL-TRUE', 'PASSTHROUGH', 'FIRST-VERBATIM'],
    needs: {},
    cap: TINY,
    events: (ctx) => [
      worker(),
      read('n.ts'),
      write('n.ts', small(ctx, 'new'), T0),
      read('n.ts'),
      read('n.ts'),
      del('n.ts'),
      read('n.ts'),
      write('n.ts', small(ctx, 'again'), T0 + 1000),
      read('n.ts'),
    ],
  },
  // ---- host refusals (SPEC.md "Host refusals") ------------------------------------------
  {
    id: 'refused-then-window',
    lieClass: 'refusal-recorded',
    rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
    needs: { refuse: 'maxBytes', windows: true },
    cap: MID,
    unplayable: tooLarge,
    events: (ctx) => {
      // Refused whole, then the window the refusal asks for: a shim that recorded the refusal as
      // delivered says "already in context" to a worker that never got a byte.
      const text = overRefusal(ctx, 'win').text;
      const win = { offset: 1, limit: 5 };
      return [
        worker(),
        write('big.ts', text, T0),
        read('big.ts'),
        read('big.ts'),
        read('big.ts', { args: win }),
        read('big.ts', { args: win }),
      ];
    },
  },
  {
    id: 'refused-then-trimmed',
    lieClass: 'refusal-recorded',
    rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
    needs: { refuse: 'maxBytes' },
    cap: MID,
    unplayable: tooLarge,
    events: (ctx) => {
      // The file is cut back under the size past the host's line bound: the request now returns
      // exactly what a shim that recorded the refused read (as the bounded text) thinks it sent.
      const { text, head } = overRefusal(ctx, 'trim');
      return [
        worker(),
        write('big.ts', text, T0),
        read('big.ts'),
        read('big.ts'),
        write('big.ts', head, T0 + 1000),
        ...readUntilHeld(ctx, 'big.ts', head, 40, 1),
      ];
    },
  },
  {
    id: 'refused-over-tokens',
    lieClass: 'refusal-recorded',
    rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
    needs: { refuse: 'maxTokens' },
    cap: MID,
    unplayable: (ctx) => tooLarge(ctx) ?? overTokens(ctx).why,
    events: (ctx) => {
      const { text, window } = overTokens(ctx);
      return [
        worker(),
        write('tok.ts', text, T0),
        read('tok.ts'),
        read('tok.ts'),
        read('tok.ts', { args: window }),
        read('tok.ts', { args: window }),
      ];
    },
  },
  {
    id: 'refused-binary',
    lieClass: 'refusal-recorded',
    rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
    needs: { refuse: 'binary' },
    cap: TINY,
    events: (ctx) => {
      const text = small(ctx, 'bin');
      return [
        worker(),
        write('b.bin', `\u0000${text}`, T0),
        read('b.bin'),
        read('b.bin'),
        read('b.bin', { args: { offset: 1, limit: 1 } }),
        write('b.bin', text, T0 + 1000),
        ...readUntilHeld(ctx, 'b.bin', text, 12, 1),
      ];
    },
  },
  {
    id: 'notice-then-split',
    lieClass: 'refusal-recorded',
    rules: ['POINTER-FULL', 'PASSTHROUGH', 'FIRST-VERBATIM'],
    needs: { toolFails: 'notice' },
    cap: MID,
    unplayable: tooLarge,
    // Spec 2.2 "A notice instead of content": a first line over the bound gets a notice, twice;
    // then the same bytes count, the same mtime, the line split in two: the tool shows content. A
    // shim that recorded the noticed read says "unchanged" to a worker that never got a byte.
    events: (ctx) => {
      const n = ctx.tool!.notice!.firstLineOverBytes;
      const text = `${'n'.repeat(n + 1)}\ntail\n`;
      const half = Math.ceil((n + 1) / 2);
      const split = `${text.slice(0, half)}\n${text.slice(half + 1)}`;
      return [
        worker(),
        write('long.ts', text, T0),
        read('long.ts'),
        read('long.ts'),
        write('long.ts', split, T0),
        ...readUntilHeld(ctx, 'long.ts', boundedText(split, undefined, undefined, ctx.tool!), 40, 1),
      ];
    },
  },
  {
    id: 'past-end-then-grown',
    lieClass: 'refusal-recorded',
    rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
    needs: { toolFails: 'pastEnd', windows: true },
    cap: TINY,
    // Spec 2.2: a window past the last line fails, twice; then the file is rewritten to many short
    // lines, the same size, the same mtime: the window now has lines. A shim that recorded the
    // failed window as delivered says "unchanged" to a worker that was only ever given the failure.
    events: (ctx) => {
      const window = { args: { offset: 5, limit: Math.min(2, windowLimitMax(ctx.tool) ?? 2) } };
      return [
        worker(),
        write('e.ts', 'aaaaaaa\nbbbbbbb\n', T0),
        read('e.ts', window),
        read('e.ts', window),
        write('e.ts', 'a\nb\nc\nd\ne\nf\ng\nh\n', T0),
        read('e.ts', window),
        read('e.ts', window),
      ];
    },
  },
  {
    id: 'repeated-failure',
    lieClass: 'cached-not-found',
    rules: ['PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
    needs: {},
    cap: TINY,
    // A pointer to the failure the worker was last given is true (SPEC.md "A repeated failure"); once the file exists it is not.
    events: (ctx) => [worker(), ...reads(3, 'r.ts'), write('r.ts', small(ctx, 'rep'), T0), read('r.ts'), read('r.ts')],
  },
  // ---- bytes that are not text (SPEC.md "Bytes that are not text", spec 2.1) ---------------
  {
    id: 'two-images-same-size',
    lieClass: 'image-as-first',
    rules: ['FIRST-VERBATIM', 'SLICE-EXACT', 'POINTER-FULL'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], binary: 'readable' },
    cap: MID,
    // Two images of one size and one header, read one after the other: a cache keyed on what they
    // share serves the first for the second (its bytes, or "unchanged").
    events: (ctx) => {
      const a = image(96, 1);
      const b = image(96, 2);
      return [
        worker(),
        writeBytes('shots/1.png', a, T0),
        writeBytes('shots/2.png', b, T0),
        ...readUntilHeld(ctx, 'shots/1.png', base64(a), 0, 1),
        ...readUntilHeld(ctx, 'shots/2.png', base64(b), 0, 1),
      ];
    },
  },
  {
    id: 'binary-rewrite-same-second',
    lieClass: 'binary-same-size-rewrite',
    rules: ['POINTER-FULL', 'SLICE-CONTINUES', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'], binary: 'readable' },
    cap: MID,
    // Rewritten 7 ms later, the same size: a binary keyed on its stat (whole seconds, size) is
    // "unchanged"; rewritten again under the very same mtime: so is one keyed on the exact mtime.
    events: (ctx) => {
      const a = image(96, 3);
      const b = image(96, 4);
      const c = image(96, 6);
      return [
        worker(),
        writeBytes('img.png', a, T0 + 100),
        ...readUntilHeld(ctx, 'img.png', base64(a), 0, 1),
        writeBytes('img.png', b, T0 + 107),
        ...readUntilHeld(ctx, 'img.png', base64(b), 0, 1),
        writeBytes('img.png', c, T0 + 107),
        ...readUntilHeld(ctx, 'img.png', base64(c), 0, 1),
      ];
    },
  },
  {
    id: 'refused-binary-then-text',
    lieClass: 'refused-binary-recorded',
    rules: ['POINTER-FULL', 'PASSTHROUGH', 'REFUSAL-TRUE', 'FIRST-VERBATIM'],
    needs: { binary: 'refuse' },
    cap: TINY,
    // Refused as binary, then rewritten as text of the same size under the same mtime: a shim that
    // recorded the refused read says "already in context" to a worker that never got a byte.
    events: (ctx) => {
      const text = code(48, 'pdf', 12);
      return [
        worker(),
        writeBytes('doc.pdf', image(48, 5), T0),
        read('doc.pdf'),
        read('doc.pdf'),
        write('doc.pdf', text, T0),
        ...readUntilHeld(ctx, 'doc.pdf', text, 12, 1),
      ];
    },
  },
  // ---- substituted results (SPEC.md "Substituted results") -------------------------------
  {
    id: 'substituted-reread',
    lieClass: 'substitution-recorded',
    rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
    needs: { anyOf: ['pointer', 'cap', 'diff'] },
    cap: MID,
    unplayable: tooLarge,
    // Forty short lines re-read unchanged: a layer that showed the worker a few of them (a hook's
    // updatedToolOutput) but recorded the tool's whole text points at lines it never showed.
    events: (ctx) => {
      const text = lines(40, 'sub');
      return [worker(), write('long.ts', text, T0), ...readUntilHeld(ctx, 'long.ts', text, 13, 2)];
    },
  },
] satisfies CorpusCase[]);

export function caseById(id: string): CorpusCase | undefined {
  return CASES.find((c) => c.id === id);
}
