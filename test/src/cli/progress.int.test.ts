/** Progress that tells slow from hung, on a clock the test moves: no stopwatch. */
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, RunProgress, SLOW_IN_PROCESS_MS } from '../../../src/cli/progress.ts';

function setup(everyHistory: boolean) {
  let now = 1_000_000;
  const lines: string[] = [];
  const p = new RunProgress((l) => lines.push(l), { everyHistory, now: () => now });
  return { p, lines, advance: (ms: number) => (now += ms) };
}

describe('a line per history, a heartbeat while one runs long', () => {
  it('process runs: every history, with its time, events and outcome', () => {
    const { p, lines, advance } = setup(true);
    p.observe({ kind: 'start', id: 1, label: 'mid band history 3 of 25', events: 12 });
    advance(2_500);
    p.observe({ kind: 'end', id: 1, broke: [] });
    p.observe({ kind: 'start', id: 2, label: 'mid band history 4 of 25', events: 9 });
    advance(100);
    p.observe({ kind: 'end', id: 2, broke: ['POINTER-FULL'] });
    expect(lines).toEqual([
      '[2.5s] mid band history 3 of 25: 2.5 s, 12 events, passed',
      '[2.6s] mid band history 4 of 25: 0.1 s, 9 events, broke POINTER-FULL',
    ]);
  });

  it('a history past the heartbeat is named with the request it waits on, once per heartbeat', () => {
    const { p, lines, advance } = setup(true);
    p.observe({ kind: 'start', id: 7, label: 'tiny band history 1 of 25', events: 20 });
    p.observe({ kind: 'step', id: 7, index: 5, events: 20, pending: 'w2 reads src/a.ts' });
    advance(HEARTBEAT_MS - 1);
    p.tick();
    expect(lines).toEqual([]);
    advance(1);
    p.tick();
    p.tick(); // no second line within the same heartbeat
    expect(lines).toEqual([
      `[${(HEARTBEAT_MS / 1000).toFixed(1)}s] … tiny band history 1 of 25 still running after ${(HEARTBEAT_MS / 1000).toFixed(1)} s, waiting on event 6 of 20: w2 reads src/a.ts`,
    ]);
    advance(HEARTBEAT_MS);
    p.tick();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/still running after 10\.0 s, waiting on event 6 of 20: w2 reads src\/a\.ts$/);
    p.observe({ kind: 'end', id: 7, broke: [], error: 'process "x" did not answer read (id 9) within 30000 ms\nmore' });
    expect(lines[2]).toMatch(
      /tiny band history 1 of 25: 10\.0 s, 20 events, stopped the run: process "x" did not answer read \(id 9\) within 30000 ms$/,
    );
    p.tick();
    expect(lines).toHaveLength(3); // an ended history beats no more
  });

  it('in-process runs: only histories that took long get a line (hundreds take milliseconds)', () => {
    const { p, lines, advance } = setup(false);
    p.observe({ kind: 'start', id: 1, label: 'a', events: 3 });
    advance(SLOW_IN_PROCESS_MS - 1);
    p.observe({ kind: 'end', id: 1, broke: [] });
    p.observe({ kind: 'start', id: 2, label: 'b', events: 3 });
    advance(SLOW_IN_PROCESS_MS);
    p.observe({ kind: 'end', id: 2, broke: [] });
    expect(lines).toEqual([
      `[${((2 * SLOW_IN_PROCESS_MS - 1) / 1000).toFixed(1)}s] b: ${(SLOW_IN_PROCESS_MS / 1000).toFixed(1)} s, 3 events, passed`,
    ]);
  });
});
