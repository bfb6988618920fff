/**
 * Last-resort cleanup: processes and sandboxes still alive when the kit exits or is interrupted
 * are killed and removed, so no run leaves a folder or a process behind.
 */
const live = new Set<() => void>();
let installed = false;
/** Set when the command handles signals itself (src/cli/interrupt.ts): it calls cleanupNow() first. */
let signalsOwned = false;

function runAll(): void {
  for (const f of [...live]) {
    live.delete(f);
    try {
      f();
    } catch {
      // best effort: the kit is exiting
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', runAll);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      if (signalsOwned) return;
      runAll();
      process.removeListener(sig, onSignal);
      process.kill(process.pid, sig);
    };
    process.on(sig, onSignal);
  }
}

/** Registers a synchronous cleanup; returns the function that unregisters it. */
export function onKitExit(cleanup: () => void): () => void {
  install();
  live.add(cleanup);
  return () => {
    live.delete(cleanup);
  };
}

/** Runs every registered cleanup now (a command that handles signals itself, before it exits). */
export function cleanupNow(): void {
  runAll();
}

/** While on, the command handles SIGINT, SIGTERM and SIGHUP itself and calls cleanupNow(); the handlers here stand aside. */
export function ownSignals(on: boolean): void {
  signalsOwned = on;
}
