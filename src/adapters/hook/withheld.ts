/**
 * A read the PreToolUse hook withheld (deny, block or exit 2): the worker sees only the reason,
 * decoded — by --decode first, then as a unified diff or a pointer (src/adapters/drivers/decode.ts).
 * A reason that is neither ends the run (exit 2).
 */
import type { Claim } from '../../core/claims.ts';
import type { ReadArgs } from '../../core/contract.ts';
import { AdapterError } from '../../core/errors.ts';
import { defaultDecode, type DriverSource } from '../drivers/decode.ts';
import { hostRead, type HostRead } from './host-read.ts';
import type { ReadToolInput } from './protocol.ts';
import type { HookSetup } from './run.ts';

const quote = (text: string): string => JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text);

/**
 * The claim of `text` the worker was shown for `request` instead of the Read's text, by --decode
 * first, then as a unified diff, a delta (--delta-pattern), a withheld notice or a pointer; undefined
 * when it is none of these (`root`: the sandbox).
 */
export function decodeShown(
  s: HookSetup,
  root: string,
  text: string,
  source: DriverSource,
  args: ReadArgs,
  request: ReadToolInput,
  /** What the host's Read returned for `request` (PostToolUse: before the kit's race), else read now. */
  read?: HostRead,
): Claim | undefined {
  const asked = read ?? hostRead(root, request, s.bound);
  const content = asked.ok ? asked.text : undefined;
  const info = {
    source,
    path: args.path,
    file: request.file_path,
    args,
    contentBytes: content === undefined ? 0 : Buffer.byteLength(content, 'utf8'),
  };
  return (
    s.decoder?.(text, info) ?? defaultDecode(text, { pointer: s.pointer, ...s.more, content, otherwise: 'undecodable' })
  );
}

/** The claim of the reason `text` a hook withheld `request` with (`root`: the sandbox). */
export function withheldClaim(
  s: HookSetup,
  root: string,
  text: string,
  source: DriverSource,
  args: ReadArgs,
  request: ReadToolInput,
): Claim {
  const claim = decodeShown(s, root, text, source, args, request);
  if (claim === undefined)
    throw new AdapterError(
      `the PreToolUse hook withheld ${request.file_path} (${source}) with a reason that is neither a unified diff nor a pointer (--pointer-pattern /${s.pattern}/i): ${quote(text)}; give --pointer-pattern or --decode <module> to read it`,
    );
  return claim;
}
