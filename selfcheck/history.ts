/**
 * The committed floors.json that the working tree's must not lower: HEAD's (an uncommitted edit)
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

/** floors.json at HEAD and at each parent of HEAD that has one, in `repo` (a work tree). */
export function committedFloors(repo: string): CommittedFloors[] {
  let shallow: string;
  try {
    shallow = git(repo, ['rev-parse', '--is-shallow-repository']).trim();
  } catch {
    throw new FloorsError(
      `floors: ${repo} is not a git work tree; the monotone check compares floors.json with its commits`,
    );
  }
  if (shallow === 'true')
    throw new FloorsError(
      "floors: the clone is shallow; the monotone check needs HEAD's parents (clone fully or fetch with depth ≥ 2)",
    );
  const [, ...parents] = git(repo, ['rev-list', '--parents', '-n', '1', 'HEAD']).trim().split(' ');
  const out: CommittedFloors[] = [];
  for (const rev of ['HEAD', ...parents]) {
    let text: string;
    try {
      text = git(repo, ['show', `${rev}:floors.json`]);
    } catch {
      continue; // a commit from before floors.json existed
    }
    out.push({ rev: rev === 'HEAD' ? 'HEAD' : rev.slice(0, 12), text });
  }
  return out;
}
