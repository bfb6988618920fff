/** The watchdog's load phase: the kit's own loading is judged against KIT_LOAD_MS, adapter code against the run's limit. */
import { describe, expect, it } from 'vitest';
import { KIT_LOAD_MS, MIN_WATCHDOG_MS, WatchState } from '../../../src/cli/watchdog.ts';

describe('WatchState ready flag', () => {
  it('is shared through the buffer, starts unset, and leaves beats and the pending call alone', () => {
    const worker = new WatchState();
    const watcher = new WatchState(worker.buffer);
    expect(watcher.ready).toBe(false);
    worker.pending = 'read(a.ts) of w1';
    worker.beat();
    worker.markReady();
    expect(watcher.ready).toBe(true);
    expect(watcher.beats).toBe(1);
    expect(watcher.pending).toBe('read(a.ts) of w1');
  });

  it('the load phase waits longer than the shortest run limit', () => {
    expect(KIT_LOAD_MS).toBeGreaterThan(MIN_WATCHDOG_MS);
  });
});
