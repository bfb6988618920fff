import { UsageError } from '../errors.ts';

// Placeholder until the mutants command lands.
export default async function mutants(_argv: readonly string[]): Promise<number> {
  throw new UsageError('mutants: not built yet');
}
