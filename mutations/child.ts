/** A child process of the mutant pool (pool.ts): runs the mutants the parent sends, one at a time. */
import type { FromChild, ToChild } from './pool.ts';
import { runMutantById } from './run.ts';

const send = (m: FromChild): void => {
  process.send?.(m);
};

process.on('message', (m: ToChild) => {
  if (m.type !== 'run') return;
  runMutantById(m.id, { ...m.options, onProgress: (line) => send({ type: 'progress', line }) }).then(
    (result) => send({ type: 'result', result }),
    (e: unknown) => send({ type: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e) }),
  );
});
// The parent is gone or done: stop (temporary trees are removed on exit).
process.on('disconnect', () => process.exit(0));
