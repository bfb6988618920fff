/**
 * How `audit` and `--replay` judge a read recorded with an agent CLI's raw tool result (spec 2.1
 * `response.raw`, docs/PROTOCOL.md "Traces"): the subject's decoder re-derives the judged text and
 * claim from those bytes, against the world's truth for the request.
 */
import type { Claim } from '../core/claims.ts';
import type { RawToolResult, ReadEvent } from '../core/trace.ts';
import type { ToolResult } from './world.ts';

/**
 * Re-derives a read's judged text and claim from the raw tool result recorded with it (an agent
 * CLI's, spec 2.1 `response.raw`): the profile's normalisation and decoder, so the audit judges the
 * bytes the CLI sent, as the run did. A string says why the bytes cannot be read.
 */
export type RawDecoder = (
  raw: RawToolResult,
  e: ReadEvent,
  truth: ToolResult,
) => { readonly text: string; readonly claim: Claim } | string;
