import { UsageError } from '../errors.ts';

// Placeholder until the bench command lands.
export default async function bench(_argv: readonly string[]): Promise<number> {
  throw new UsageError('bench: not built yet');
}
