/** PERSONA-TRUTH (+ the persona half of NOTICE-SEALED): the line names exactly the arm's levers. */
import { ARM_TABLE } from '../../src/core/arms.ts';
import type { DrivenAdapter } from '../../src/core/contract.ts';
import { n } from '../oracle/bytes.ts';
import { count, errorMessage, type ProbeResult } from './types.ts';

const CAPS: readonly number[] = Object.freeze([4, 97, 1000, 4096, 24_576, 131_072]);

/** The cap's number, plain or with thousands separators, not inside a longer number. */
export function mentionsNumber(text: string, value: number): boolean {
  const plain = String(value);
  const grouped = n(value);
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d,.])(?:${esc(plain)}|${esc(grouped)})(?![\\d]|,\\d)`).test(text);
}

export async function probePersona(adapter: DrivenAdapter, seal: string, r: ProbeResult): Promise<void> {
  const persona = adapter.surface?.persona;
  if (!adapter.capabilities.persona || persona === undefined) return;
  for (const arm of adapter.capabilities.arms ?? []) {
    const lv = ARM_TABLE[arm];
    for (const cap of CAPS) {
      const story = [`1. persona(arm ${arm}, cap ${cap}, seal ${seal})`];
      count(r, 'PERSONA-TRUTH');
      let line: string | null;
      try {
        line = await persona(arm, cap, seal);
      } catch (e) {
        r.findings.push({ rule: 'PERSONA-TRUTH', message: `persona for arm ${arm} threw: ${errorMessage(e)}`, story });
        continue;
      }
      if (!lv.on) {
        if (line !== null && line !== '')
          r.findings.push({
            rule: 'PERSONA-TRUTH',
            message: `the off arm has a persona: ${JSON.stringify(line)}`,
            story,
          });
        continue;
      }
      if (line === null || line === '') {
        r.findings.push({ rule: 'PERSONA-TRUTH', message: `arm ${arm} has no persona line`, story });
        continue;
      }
      const text = line.split(seal).join(' ');
      if (lv.cap !== mentionsNumber(text, cap))
        r.findings.push({
          rule: 'PERSONA-TRUTH',
          message: `arm ${arm} ${lv.cap ? 'caps, but its persona does not state' : 'does not cap, but its persona mentions'} the ${cap}-byte cap: ${JSON.stringify(line)}`,
          story,
        });
      if (lv.diff !== /\bdiffs?\b/i.test(text))
        r.findings.push({
          rule: 'PERSONA-TRUTH',
          message: `arm ${arm} ${lv.diff ? 'diffs, but its persona does not say so' : 'has no diff lever, but its persona speaks of diffs'}: ${JSON.stringify(line)}`,
          story,
        });
      if (adapter.capabilities.seal) {
        count(r, 'NOTICE-SEALED');
        if (!line.includes(seal))
          r.findings.push({
            rule: 'NOTICE-SEALED',
            message: `the persona of arm ${arm} does not carry the seal ${seal}`,
            story,
          });
      }
    }
  }
}
