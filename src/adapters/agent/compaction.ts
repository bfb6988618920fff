/**
 * What a compaction leaves the worker holding (a profile with `compact`; the worker drives it,
 * worker.ts): the files the CLI re-attached in its first request after it, each held again only
 * when re-attached whole, as its read tool shows the file now.
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { AgentProfile, AgentResultInfo } from './profile.ts';
import { contentBytes, shownNow } from './result.ts';

/** The sandbox's path of a file the CLI names, or undefined outside it. */
export function kitPath(root: string, file: string): string | undefined {
  const rel = relative(root, file);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split(sep).join('/');
}

/** The files under `root` a request re-attached whole, as the profile's read tool shows them now. */
export function reattachedWhole(p: AgentProfile, root: string, body: unknown): string[] {
  const held: string[] = [];
  for (const { file, raw } of p.compact?.reattached(body) ?? []) {
    const rel = kitPath(root, file);
    if (rel === undefined || held.includes(rel)) continue;
    const args = { path: rel };
    const info: AgentResultInfo = { isError: false, args, contentBytes: contentBytes(p, file, args) };
    const norm = p.normalize(raw, info);
    if ('text' in norm && norm.text === shownNow(p, file, args)) held.push(rel);
  }
  return held;
}
