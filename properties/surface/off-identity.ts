/** OFF-IDENTITY: the off arm returns the very tool object, with the very execute — whatever its shape. */
import type { HostTool, DrivenAdapter } from '../../src/core/contract.ts';
import { count, errorMessage, type ProbeResult } from './types.ts';

class ClassTool {
  readonly name = 'read';
  async execute(_args: unknown): Promise<string> {
    return 'tool text';
  }
}

/** Tools as hosts hand them over: a plain object, a class instance, a frozen object with extras. */
function tools(): { shape: string; tool: HostTool }[] {
  const plain = { name: 'read', execute: async (_args: unknown): Promise<string> => 'tool text' };
  const frozen = Object.freeze({
    name: 'read',
    description: 'reads a file',
    parameters: { path: 'string' },
    execute: (_args: unknown): string => 'tool text',
  });
  return [
    { shape: '{ name: "read", execute }', tool: plain },
    { shape: 'an instance of a class with an execute method', tool: new ClassTool() },
    { shape: 'a frozen object with description and parameters', tool: frozen },
  ];
}

export async function probeOffIdentity(adapter: DrivenAdapter, r: ProbeResult): Promise<void> {
  const wrap = adapter.surface?.wrapTool;
  if (!adapter.capabilities.wrapTool || wrap === undefined || !(adapter.capabilities.arms ?? []).includes('off'))
    return;
  for (const { shape, tool } of tools()) {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- compared by identity below, never called
    const execute = tool.execute;
    const story = [`1. tool = ${shape}`, "2. wrapTool('off', tool)"];
    count(r, 'OFF-IDENTITY');
    try {
      const got = await wrap('off', tool);
      if (got !== tool)
        r.findings.push({
          rule: 'OFF-IDENTITY',
          message: `the off arm returned a different object than the tool it was given (${shape})`,
          story,
        });
      else if ((got as HostTool).execute !== execute)
        r.findings.push({
          rule: 'OFF-IDENTITY',
          message: `the off arm returned the tool but replaced its execute (${shape})`,
          story,
        });
    } catch (e) {
      r.findings.push({
        rule: 'OFF-IDENTITY',
        message: `wrapping ${shape} under the off arm threw: ${errorMessage(e)}`,
        story,
      });
    }
  }
}
