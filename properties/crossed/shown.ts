/**
 * How much of a large file a whole read shows under a host tool's bound (spec/SPEC.md "Host read
 * tools"): the size and offset conditions of the crossed table apply only as far as the tool shows
 * a file (a 2,000-line tool never delivers a 1 MiB file whole; a tool that refuses files over
 * 256 KiB delivers none of it).
 */
import type { HostToolBound } from '../../src/core/host-tool.ts';
import { boundedText, refusalOf } from '../../src/harness/host-tool.ts';
import { renderFile } from '../generators/session/content.ts';

const memo = new Map<string, number>();

/** UTF-8 bytes a whole read of a code file of `size` bytes shows under `tool` (0: refused). */
export function shownBytes(tool: HostToolBound | undefined, size: number): number {
  if (tool === undefined) return size;
  const key = `${size}\u0000${JSON.stringify(tool)}`;
  let n = memo.get(key);
  if (n === undefined) {
    const text = renderFile({ size, salt: 7, crlf: false, wide: 3, composable: true, blanks: 5, finalNewline: true, binary: false }) as string; // prettier-ignore
    const shown = boundedText(text, undefined, undefined, tool);
    n =
      refusalOf(text, undefined, undefined, shown, tool, 'f.txt') !== undefined ? 0 : Buffer.byteLength(shown, 'utf8');
    memo.set(key, n);
  }
  return n;
}

/** The host tool shows line ends as written (it does not normalise CRLF to LF). */
export const showsLineEnds = (tool: HostToolBound | undefined): boolean => !(tool?.normalize ?? []).includes('crlf');
