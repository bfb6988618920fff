/** A generated file (or a block of one) and how to check it: see dev/docs/main.ts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Generated {
  /** Kit-relative path of the file written. */
  readonly path: string;
  /** What it is generated from (for messages). */
  readonly from: string;
  /** The file's content, given its committed content. */
  readonly render: (current: string) => string | Promise<string>;
}

/** Each generated file whose committed content differs from its rendering, with why. */
export async function stale(files: readonly Generated[], root: string = ROOT): Promise<string[]> {
  const out: string[] = [];
  for (const g of files) {
    const current = readFileSync(join(root, g.path), 'utf8');
    if ((await g.render(current)) !== current) out.push(`${g.path}: differs from its rendering of ${g.from}`);
  }
  return out;
}
