/**
 * readshim-conformance mutants: the mutant catalogue (mutations/) is in a checkout only — the
 * package ships none — so an install gets one line and exit 2 before anything loads it. The
 * command itself is cli/commands/mutants-run.ts.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../core/errors.ts';

export default async function mutants(argv: readonly string[]): Promise<number> {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  if (!existsSync(fileURLToPath(new URL(`../../../mutations/index${ext}`, import.meta.url))))
    throw new UsageError(
      'mutants: needs a checkout of readshim-conformance (git clone, then npm ci): the installed package ships no mutant catalogue (mutations/)',
    );
  return (await import('./mutants-run.ts')).default(argv);
}
