/**
 * The committed dev/selfcheck/floors.json that the working tree's must not lower: HEAD's (an uncommitted edit)
 * and each parent's of HEAD (the commit or merge CI checks: a merge keeps both sides' floors).
 */
import { execFileSync } from 'node:child_process';
import { FloorsError } from './floors.ts';

const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

export interface CommittedFloors {
  readonly rev: string;
  readonly text: string;
}

/** dev/selfcheck/floors.json at HEAD and at each parent of HEAD that has one, in `repo` (a work tree). */
export function committedFloors(repo: string): CommittedFloors[] {
  let shallow: string;
  try {
    shallow = git(repo, ['rev-parse', '--is-shallow-repository']).trim();
  } catch {
    throw new FloorsError(
      `floors: ${repo} is not a git work tree; the monotone check compares dev/selfcheck/floors.json with its commits`,
    );
  }
  if (shallow === 'true')
    throw new FloorsError(
      "floors: the clone is shallow; the monotone check needs HEAD's parents (clone fully or fetch with depth ≥ 2)",
    );
  const [, ...parents] = git(repo, ['rev-list', '--parents', '-n', '1', 'HEAD']).trim().split(' ');
  const out: CommittedFloors[] = [];
  for (const rev of ['HEAD', ...parents]) {
    // Before the folders moved (spec 2.2's house), the floors lived at the root.
    const text = [`${rev}:dev/selfcheck/floors.json`, `${rev}:floors.json`].reduce<string | undefined>((found, at) => {
      if (found !== undefined) return found;
      try {
        return git(repo, ['show', at]);
      } catch {
        return undefined; // a commit from before the floors existed there
      }
    }, undefined);
    if (text === undefined) continue;
    out.push({ rev: rev === 'HEAD' ? 'HEAD' : rev.slice(0, 12), text });
  }
  return out;
}
