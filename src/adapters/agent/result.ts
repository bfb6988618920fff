/**
 * A read's tool result as the worker's text and its claim (docs/guide/agent.md): the
 * profile normalises the bytes the CLI sent and decodes stubs and refusals; what it cannot read
 * ends the run (AdapterError, exit 2).
 */
import { readFileSync } from 'node:fs';
import type { Claim } from '../../core/claims.ts';
import { AdapterError } from '../../core/errors.ts';
import { boundedText } from '../../harness/host-tool.ts';
import type { ReadArgs } from '../../core/contract.ts';
import type { AgentProfile, AgentResultInfo } from './profile.ts';
import type { ToolResult } from './wire/wire.ts';

/** What the CLI's read tool shows of `file` now, through the profile's measured bounds (undefined: unreadable). */
export function shownNow(p: AgentProfile, file: string, args: Readonly<ReadArgs>): string | undefined {
  try {
    return boundedText(readFileSync(file, 'utf8'), args.offset, args.limit, p.tool ?? {});
  } catch {
    return undefined;
  }
}

/** UTF-8 bytes of what the read tool shows for this request now (0 when the file cannot be read): a pointer's total. */
export function contentBytes(p: AgentProfile, file: string, args: Readonly<ReadArgs>): number {
  const text = shownNow(p, file, args);
  return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
}

const quote = (text: string): string => JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text);

/**
 * The worker's text and claim from the tool result of a read of `file` (`label` names the CLI in
 * errors, `version` its version against the profile's measured range). Text the profile cannot
 * decode ends the run (exit 2), quoting it, the version and the range.
 */
export function judgedResult(
  p: AgentProfile,
  label: string,
  r: ToolResult,
  args: ReadArgs,
  file: string,
  version = '',
): { readonly text: string; readonly claim: Claim | undefined } {
  const info: AgentResultInfo = { isError: r.isError, args, contentBytes: contentBytes(p, file, args) };
  const norm = p.normalize(r.raw, info);
  const tail = version === '' ? '' : ` (${version})`;
  if ('problem' in norm)
    throw new AdapterError(
      `${label}: the profile cannot decode the tool result of ${args.path}: ${norm.problem}; the text: ${quote(r.raw)}${tail}`,
    );
  const claim = p.decode(norm.text, info);
  if (claim === undefined && r.isError)
    throw new AdapterError(
      `${label}: the profile cannot decode an error result of ${args.path}: ${quote(norm.text)}${tail}`,
    );
  return { text: norm.text, claim };
}
