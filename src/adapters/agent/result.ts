/**
 * A read's tool result as the worker's text and its claim (README "Check an agent CLI"): the
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

/** The worker's text and claim from the tool result of a read of `file` (`label` names the CLI in errors). */
export function judgedResult(
  p: AgentProfile,
  label: string,
  r: ToolResult,
  args: ReadArgs,
  file: string,
): { readonly text: string; readonly claim: Claim | undefined } {
  const info: AgentResultInfo = { isError: r.isError, args, contentBytes: contentBytes(p, file, args) };
  const norm = p.normalize(r.raw, info);
  if ('problem' in norm)
    throw new AdapterError(`${label}: the profile cannot read the tool result of ${args.path}: ${norm.problem}`);
  const claim = p.decode(norm.text, info);
  if (claim === undefined && r.isError)
    throw new AdapterError(
      `${label}: an error result the profile does not decode (${args.path}): ${JSON.stringify(norm.text.slice(0, 300))}`,
    );
  return { text: norm.text, claim };
}
