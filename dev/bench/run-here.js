#!/usr/bin/env node
// `run` with an --adapter module on the main thread, unwatched (the bin runs it in a watched worker
// thread, src/cli/thread.ts): for dev/bench/thread-cost.ts, to measure what the thread costs. Checkout only.
import { fileURLToPath } from 'node:url';

const root = new URL('../..', import.meta.url);
const { register } = await import('tsx/esm/api');
register({ tsconfig: fileURLToPath(new URL('tsconfig.json', root)) });
const { settle } = await import(new URL('cli/main.ts', root).href);
const { runHere } = await import(new URL('cli/commands/run.ts', root).href);
const [name, ...rest] = process.argv.slice(2);
if (name !== 'run') {
  process.stderr.write('run-here: usage: node dev/bench/run-here.js run [flags]\n');
  process.exitCode = 2;
} else process.exitCode = await settle(() => runHere(rest));
