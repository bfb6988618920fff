/**
 * `audit` of an agent run's trace (docs/guide/agent.md): the profile re-reads each raw tool
 * result the trace recorded (spec 2.1 `response.raw`) with the same normalisation and decoder the
 * run used, so the audit judges the bytes the CLI sent. A response without raw bytes (a 2.0 trace)
 * is decoded from its text, as a result that was not an error.
 */
import type { Claim } from '../../core/claims.ts';
import type { ShimAdapter, ReadArgs } from '../../core/contract.ts';
import { AdapterError } from '../../core/errors.ts';
import type { ToolResult } from '../../harness/world.ts';
import { agentCapabilities } from './adapter.ts';
import type { AgentProfile, AgentResultInfo } from './profile.ts';
import type { RawDecoder } from '../../harness/raw-decoder.ts';

const bytesOf = (truth: ToolResult): number => (truth.ok ? Buffer.byteLength(truth.text, 'utf8') : 0);

/** The decoder audit judges an agent trace with, and its adapter (the profile's capabilities). */
export function agentAuditor(p: AgentProfile): { adapter: ShimAdapter; fromRaw: RawDecoder } {
  const claimOf = (text: string, info: AgentResultInfo): Claim => p.decode(text, info) ?? { kind: 'verbatim' };
  const fromRaw: RawDecoder = (raw, e, truth) => {
    const args: ReadArgs = { ...(e.args ?? {}), path: e.path };
    const info: AgentResultInfo = { isError: raw.isError === true, args, contentBytes: bytesOf(truth) };
    const norm = p.normalize(raw.text, info);
    if ('problem' in norm) return norm.problem;
    const claim = p.decode(norm.text, info);
    if (claim === undefined && info.isError)
      return `an error result the profile does not decode: ${JSON.stringify(norm.text.slice(0, 300))}`;
    return { text: norm.text, claim: claim ?? { kind: 'verbatim' } };
  };
  const adapter: ShimAdapter = {
    name: `agent:${p.name}`,
    capabilities: agentCapabilities(p),
    create: () => {
      throw new AdapterError('audit creates no worker (a kit bug)');
    },
    decode: (text, info) =>
      claimOf(text, { isError: false, args: { path: info.path }, contentBytes: info.contentBytes ?? 0 }),
  };
  return { adapter, fromRaw };
}
