/** Where a target's committed run record and verdicts live, and reading them (main.ts, the doc test). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Published } from './markdown.ts';
import type { RunRecord, Target } from './record.ts';
import type { Verdicts } from './report.ts';

export function publishedPaths(target: Target): { record: string; verdicts: string } {
  return { record: `dev/stryker/${target}.run.json`, verdicts: `dev/stryker/${target}.verdicts.json` };
}

/** The target's verdicts; none yet when the file does not exist. */
export function readVerdicts(root: string, target: Target): Verdicts {
  try {
    return JSON.parse(readFileSync(join(root, publishedPaths(target).verdicts), 'utf8')) as Verdicts;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
}

export function readPublished(root: string, target: Target): Published {
  const record = JSON.parse(readFileSync(join(root, publishedPaths(target).record), 'utf8')) as RunRecord;
  return { record, verdicts: readVerdicts(root, target) };
}
