/** Reading a user's input file: a file that cannot be read is one clear line (UsageError, exit 2). */
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.ts';

/** The UTF-8 text of `file`; `what` names it in the error ("baseline", "trace"). */
export function readTextFile(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
