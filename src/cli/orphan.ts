/**
 * A kit whose parent died is ended as SIGTERM ends it. A CI job cancelled by a signal to `npx`
 * alone kills npx and leaves its child, the kit, running as an orphan (re-parented, so its
 * `process.ppid` changes): polled once a second, such a change raises SIGTERM in the kit itself, so
 * its processes are killed and its sandboxes removed (src/adapters/process/cleanup.ts) as on a real one.
 */
const POLL_MS = 1_000;

/** Starts watching the parent; returns the function that stops it. Never keeps the kit alive. */
export function endWhenOrphaned(): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
