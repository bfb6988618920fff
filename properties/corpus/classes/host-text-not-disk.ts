import { defineLieClass, type CaseSpec } from '../define.ts';
import { lines } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { TINY } from '../helpers.ts';

/** A text rewritten to `versions` that differ from it in their line ends or BOM alone, each read until held. */
const rewrite = (id: string, path: string, lineWidth: number, versions: () => readonly string[]): CaseSpec =>
  heldInTurn(
    {
      id,
      rules: ['POINTER-FULL', 'SLICE-EXACT', 'FIRST-VERBATIM'],
      needs: { anyOf: ['pointer', 'cap', 'diff'] },
      cap: TINY,
    },
    { path, lineWidth, extra: 1, versions },
  );

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
    rewrite('crlf-to-lf-rewrite', 'n.ts', 12, () => {
      const crlf = lines(3, 'eol', '\r\n');
      return [crlf, crlf.replaceAll('\r\n', '\n'), crlf];
    }),
    rewrite('bom-dropped-rewrite', 'b.ts', 11, () => [`\uFEFF${lines(2, 'bom')}`, lines(2, 'bom')]),
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
