import { cli, inProcess, type Ran } from '../../cli/helpers.ts';

export { cli };
export const FIX = 'test/fixtures/drivers';
export const HOOKS = 'examples/hooks';
export const TRACE = (name: string): string => `examples/traces/${name}.jsonl`;
/** The real filesystem server, run from the checkout's node_modules with npm kept off the network. */
export const OFFLINE = { npm_config_offline: 'true' };

/**
 * `run --no-save` with these flags, through main(argv) in-process (the hooks and servers are still
 * real processes; the kit's own start through node and tsx, ~1.3 s of CPU, is spared).
 */
export const run = (args: readonly string[], env: Record<string, string> = {}): Promise<Ran> =>
  inProcess(['run', '--no-save', ...args], undefined, env);
/** The same through the spawned bin, end to end (one per driver). */
export const runBin = (args: readonly string[], env: Record<string, string> = {}): Ran =>
  cli(['run', '--no-save', ...args], undefined, env);

export interface RuleJson {
  readonly id: string;
  readonly status: string;
  readonly checks: number;
  readonly reason?: string;
  readonly counterexample?: { readonly story: readonly string[] };
}
export interface RunJson {
  readonly rules: readonly RuleJson[];
  readonly assumptions: readonly string[];
  readonly host?: { readonly played: string; readonly counts: Readonly<Record<string, number>> };
  readonly claims: Readonly<Record<string, number>>;
  readonly summary: { readonly failed: number; readonly unexercised: number };
}
export const json = (r: Ran): RunJson => JSON.parse(r.stdout) as RunJson;
export const status = (j: RunJson, id: string): string | undefined => j.rules.find((x) => x.id === id)?.status;
export const failed = (j: RunJson): string[] => j.rules.filter((x) => x.status === 'fail').map((x) => x.id);
