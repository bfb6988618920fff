import { defineLieClass } from '../define.ts';
import { lines } from '../content.ts';
import { heldInTurn } from '../families.ts';
import { MID, tooLarge } from '../helpers.ts';

export default defineLieClass({
  id: 'substitution-recorded',
  words:
    "a substituted result recorded as the tool's (the dedup recorded the tool's bytes, the worker was shown something else)",
  seenInWild:
    "a layer between the tool and the worker changes what the worker sees — a PostToolUse hook's `updatedToolOutput`, a PreToolUse `updatedInput` that cuts the read, a host that truncates after the dedup recorded — while the dedup keeps the tool's bytes: anthropics/claude-code #88118 (the host's own dedup), thedotmack/claude-mem #1719 (a hook stacked on it)",
  cases: [
    heldInTurn(
      {
        id: 'substituted-reread',
        rules: ['POINTER-FULL', 'FIRST-VERBATIM'],
        needs: { anyOf: ['pointer', 'cap', 'diff'] },
        cap: MID,
        unplayable: tooLarge,
      },
      // Forty short lines re-read unchanged: a layer that showed the worker a few of them (a hook's
      // updatedToolOutput) but recorded the tool's whole text points at lines it never showed.
      { path: 'long.ts', lineWidth: 13, extra: 2, versions: () => [lines(40, 'sub')] },
    ),
  ],
  lying: [
    {
      file: 'examples/hooks/elide-dedup-post.sh',
      note: "(a PostToolUse `updatedToolOutput` of 3 lines, the tool's whole text recorded; killed)",
    },
    {
      file: 'examples/hooks/head-dedup-pre.sh',
      note: '(a PreToolUse `updatedInput` that cuts the Read to 3 lines, the whole file recorded: killed, its pointers false)',
    },
  ],
  truthful: [
    { file: 'examples/hooks/note-dedup-post.sh', note: "(the tool's whole text under a note of its own)" },
    {
      file: 'examples/hooks/head-dedup.sh',
      note: "(records what the cut Read delivered and never points; only the silent cut itself is flagged, as a first read that is not the tool's text)",
    },
  ],
});
