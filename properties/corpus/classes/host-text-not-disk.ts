import { defineLieClass } from '../define.ts';
import { T0, lines, worker, write } from '../content.ts';
import { TINY, readUntilHeld } from '../helpers.ts';

export default defineLieClass({
  id: 'host-text-not-disk',
  words:
    "host text that is not the disk's bytes (CRLF shown as LF, a BOM dropped): a rewrite of line ends or a BOM alone",
  seenInWild:
    'fingerprints of a normalised text (line ends stripped, a BOM dropped) behind a tool that shows the bytes: "unchanged" to a worker holding the old line ends; the converse — a tool that normalises (Claude Code\'s Read shows CRLF as LF: 1,692 bytes on disk, 1,572 shown) judged against the disk — made the kit call a truthful host a liar until `tool.normalize` was declared',
  cases: [
    // A rewrite of the disk's bytes alone (SPEC "Host read tools", step 0): behind a tool that
    // normalises it the request's text is unchanged (a pointer is true); behind one that shows the
    // bytes it changed (a pointer is a lie). Played for every subject: the declared tool decides.
    {
      id: 'crlf-to-lf-rewrite',
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
  ],
  lying: [{ file: 'test/fixtures/naive-shims.ts', fixture: true, names: ['normalised-key'] }],
  truthful: [
    {
      file: 'test/fixtures/naive-shims.ts',
      fixture: true,
      names: ['normalised-key'],
      note: "behind `tool.normalize: ['crlf', 'bom']`",
    },
  ],
});
