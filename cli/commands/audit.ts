import { UsageError } from '../errors.ts';

// Placeholder until the audit command lands.
export default async function audit(_argv: readonly string[]): Promise<number> {
  throw new UsageError('audit: not built yet');
}
