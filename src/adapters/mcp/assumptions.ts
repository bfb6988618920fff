/** What the played MCP host assumes, for the report (driver.ts DriverAdapter.assumptions). */
import type { HostToolBinary } from '../../core/host-tool.ts';
import type { LeverName } from '../../core/levers.ts';
import { describeLevers, quoted } from '../drivers/driver.ts';
import type { ReadTool } from './tool.ts';

/** The SDK the kit's client is built on (package.json pins it). */
export const SDK = '@modelcontextprotocol/sdk';

export const MCP_HOST = `MCP client (${SDK} Client over stdio)`;

export interface HostPlayed {
  readonly command: string;
  readonly cwd: string;
  readonly tool: ReadTool;
  readonly timeoutMs: number;
  readonly pattern: string;
  /** Spec 2.2: describeMorePatterns' words for --delta-pattern and --withheld-pattern ('' when none). */
  readonly more?: string;
  readonly decoding: boolean;
  readonly decoderModule: string | undefined;
  readonly compactTool: string | undefined;
  readonly levers: readonly LeverName[];
  readonly cap: number | undefined;
  /** --mcp-binary (spec 2.1). */
  readonly binary?: HostToolBinary | undefined;
}

const BINARY_SAID: Readonly<Record<HostToolBinary, string>> = {
  base64: 'as its base64 text',
  bytes: 'as its bytes (an image or blob part)',
  refuse: 'with a refusal (EBINARY)',
};

export function mcpAssumptions(h: HostPlayed): string[] {
  const { tool } = h;
  const windows = tool.offsetArg !== undefined;
  return [
    `Host played: ${MCP_HOST} (${SDK} as pinned by the kit). For each worker it starts ${quoted(h.command)} through the shell from ${h.cwd} ({root} = the history's sandbox) and opens one session: each worker is a separate session with its own server process; the servers of a history share one fresh HOME, so a cache kept on disk is shared across sessions.`,
    `Read tool: ${tool.name}, path in "${tool.pathArg}" as an absolute path under the sandbox, spelled as the kit spells it (unnormalised); ${windows ? `windows: "${tool.offsetArg}" = 1-based first line, "${tool.limitArg}" = line count` : 'no windows (the tool takes no offset and limit; --mcp-args maps them)'}. A call has ${h.timeoutMs} ms (--timeout), past which the run ends with exit 2.`,
    `What the worker sees is the parts of the result (text, an embedded resource's text, an image's, audio's or blob's base64: one such part alone is bytes, judged as the tool's output) joined with no separator; isError = a refusal (absent when the text says ENOENT / not found, else unreadable); a result with other parts is undecodable (exit 2). The content of a request is the file's text${windows ? ' (or its window)' : ''}, with no host tool bound.`,
    `Decoding: ${h.decoding ? `first --decode ${h.decoderModule ?? ''}, then ` : ''}the request's current content = verbatim; ${h.more ?? ''}a unified diff = a diff against what the worker holds; text matching /${h.pattern}/i = "unchanged, you hold it" (a pointer); any other text is judged as the file's text.`,
    `A worker's parallel reads run one after another.`,
    h.compactTool !== undefined
      ? `On compaction the host calls the server's tool ${h.compactTool} with no arguments in the worker's session; it compacts whole workers only (forget(path) is not generated).`
      : `The host compacts transcripts (whole workers) without telling the server (no --mcp-compact): a pointer after a compaction fails FORGET-RESETS.`,
    `After a compaction the host does not re-inject recently read files: the worker holds nothing it read before.`,
    `The server reads the disk itself: the kit neither makes its reads fail on purpose nor races them.`,
    ...(h.binary === undefined
      ? []
      : [
          `The read tool answers a file that is not UTF-8 ${BINARY_SAID[h.binary]} (--mcp-binary ${h.binary}): the kit writes such files and judges them on their base64 text (SPEC.md "Bytes that are not text").`,
        ]),
    describeLevers(h.levers, h.cap),
  ];
}
