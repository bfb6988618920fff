/** OFF-IDENTITY: the off arm returns the very tool object, with the very execute. */
import type { ShimAdapter } from '../../adapters/contract.ts';
import { count, errorMessage, type ProbeResult } from './types.ts';

export async function probeOffIdentity(adapter: ShimAdapter, r: ProbeResult): Promise<void> {
  const wrap = adapter.surface?.wrapTool;
  if (!adapter.capabilities.wrapTool || wrap === undefined || !adapter.capabilities.arms.includes('off')) return;
  const execute = async (_args: unknown): Promise<string> => 'tool text';
  const tool = { name: 'read', execute };
  const story = ['1. tool = { name: "read", execute }', "2. wrapTool('off', tool)"];
  count(r, 'OFF-IDENTITY');
  try {
    const got = await wrap('off', tool);
    if (got !== tool) r.findings.push({ rule: 'OFF-IDENTITY', message: 'the off arm returned a different object than the tool it was given', story });
    else if ((got as { execute?: unknown }).execute !== execute)
      r.findings.push({ rule: 'OFF-IDENTITY', message: "the off arm returned the tool but replaced its execute", story });
  } catch (e) {
    r.findings.push({ rule: 'OFF-IDENTITY', message: `wrapping under the off arm threw: ${errorMessage(e)}`, story });
  }
}
