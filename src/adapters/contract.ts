/** The adapter contract lives in src/core/contract.ts (public vocabulary, below the harness); kept here for existing imports. */
export * from '../core/contract.ts';

import type { Claim } from '../core/claims.ts';
import type { RawToolResult, ReadEvent } from '../core/trace.ts';
import type { ToolResult } from '../harness/world.ts';

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
