/** CAP-PARAM: a cap outside the integers >= 4 is refused with a RangeError naming the domain. */
import { leverList, type Mode } from '../../src/core/levers.ts';
import { isShimAdapter, type AdapterContext, type DrivenAdapter } from '../../src/core/contract.ts';
import { modeFor } from '../../src/adapters/capabilities.ts';
import { World } from '../../src/harness/world.ts';
import { count, describeValue, errorMessage, errorName, type ProbeResult } from './types.ts';

const BAD_CAPS: readonly unknown[] = Object.freeze([
  0,
  3,
  4.5,
  Number.NaN,
  -1,
  Number.POSITIVE_INFINITY,
  '100',
  null,
  1,
  2,
]);

function ctxWith(cap: unknown, seal: string, mode: Mode): AdapterContext {
  const world = new World();
  return {
    workerId: 'w1',
    arm: mode.arm,
    levers: leverList(mode.levers),
    cap: cap as number,
    seal,
    fs: world.fs,
    onCount: () => {},
    read: async (args) => {
      const r = world.toolResult(args);
      if (!r.ok) throw new Error(r.message);
      return r.text;
    },
  };
}

/** A capping mode the shim declares (the arm cap or all, or the cap lever), if any. */
function cappingMode(adapter: DrivenAdapter): Mode | undefined {
  const caps = adapter.capabilities;
  if (caps.levers !== undefined) return caps.levers.includes('cap') ? modeFor(caps, undefined) : undefined;
  const arm = (caps.arms ?? []).find((a) => a === 'cap' || a === 'all');
  return arm === undefined ? undefined : modeFor(caps, arm);
}

/** Probes create() outside any history: an adapter reached only through its histories is not probed. */
export async function probeCapParam(adapter: DrivenAdapter, seal: string, r: ProbeResult): Promise<void> {
  if (!isShimAdapter(adapter) || !adapter.capabilities.capParam || adapter.capabilities.cap !== undefined) return;
  const mode = cappingMode(adapter);
  if (mode === undefined) return;
  const under = mode.arm !== undefined ? `arm ${mode.arm}` : 'the cap lever';
  for (const cap of BAD_CAPS) {
    count(r, 'CAP-PARAM');
    const story = [`1. create a worker's shim under ${under} with cap ${describeValue(cap)}`];
    try {
      const shim = await adapter.create(ctxWith(cap, seal, mode));
      void shim;
      r.findings.push({
        rule: 'CAP-PARAM',
        message: `cap ${describeValue(cap)} was accepted; the cap must be an integer >= 4`,
        story,
      });
    } catch (e) {
      if (errorName(e) !== 'RangeError')
        r.findings.push({
          rule: 'CAP-PARAM',
          message: `cap ${describeValue(cap)} threw ${errorName(e)}, not RangeError`,
          story,
        });
      else if (!/\b4\b/.test(errorMessage(e)) || !/integer/i.test(errorMessage(e)))
        r.findings.push({
          rule: 'CAP-PARAM',
          message: `the RangeError for cap ${describeValue(cap)} does not name the domain (an integer >= 4): ${JSON.stringify(errorMessage(e))}`,
          story,
        });
    }
  }
  count(r, 'CAP-PARAM');
  try {
    await adapter.create(ctxWith(4, seal, mode));
  } catch (e) {
    r.findings.push({
      rule: 'CAP-PARAM',
      message: `cap 4 (the smallest legal cap) was refused: ${errorMessage(e)}`,
      story: [`1. create a worker's shim under ${under} with cap 4`],
    });
  }
}
