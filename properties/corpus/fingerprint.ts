/**
 * The corpus's fingerprint: what a recorded verdict was judged against (docs/IMPLEMENTATIONS.md
 * rows go stale when it moves). Each case's id, class, rules, needs and its events at its own cap.
 */
import { createHash } from 'node:crypto';
import { modeOfArm } from '../../src/core/levers.ts';
import { CASES } from './cases.ts';

export function corpusFingerprint(): string {
  const h = createHash('sha256');
  for (const c of CASES) {
    let events: string;
    try {
      events = JSON.stringify(c.events({ cap: c.cap, mode: modeOfArm('all'), seal: 'fingerprint' }));
    } catch (e) {
      events = `throws ${(e as Error).message}`;
    }
    h.update(JSON.stringify([c.id, c.lieClass, c.rules, c.needs, c.cap, c.sessions ?? 1])).update('\0');
    h.update(events).update('\0');
  }
  return `${CASES.length} cases sha256:${h.digest('hex').slice(0, 12)}`;
}
