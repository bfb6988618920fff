/**
 * The agent CLI's version, for the report: `<command> --version`, asked once per run in a scratch
 * HOME with the profile's environment behind the proxy trap, so the caller's HOME is never touched.
 */
import { spawn } from 'node:child_process';
import { ScratchHome } from '../drivers/home.ts';
import { spawnSubject, type Isolation } from '../isolate.ts';
import { onKitExit } from '../process/cleanup.ts';
import { killGroup } from './cli-process.ts';
import { versionEnv } from './env.ts';
import type { AgentProfile } from './profile.ts';

/** The first request comes after the CLI started (about a second for Claude Code, five for qwen-code). */
export const START_TIMEOUT_MS = 60_000;

/** `<command> --version`, first line, or a reason it failed. */
export async function askVersion(
  command: string,
  env: NodeJS.ProcessEnv,
  isolated?: { readonly isolation: Isolation; readonly home: string; readonly readable: readonly string[] },
): Promise<string> {
  return new Promise((done) => {
    const child =
      isolated === undefined
        ? spawn(`${command} --version`, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env })
        : spawnSubject({
            command: `${command} --version`,
            cwd: isolated.home,
            env,
            writable: [isolated.home],
            readable: isolated.readable,
            isolation: isolated.isolation,
          });
    child.stdin?.end();
    child.stderr.resume();
    let out = '';
    const kill = (): void => killGroup(child.pid); // the group: a shell and what it started
    const unregister = onKitExit(kill);
    const timer = setTimeout(kill, START_TIMEOUT_MS); // a CLI's start is slow on a loaded machine
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      unregister();
      done(code === 0 && out.trim() !== '' ? out.trim().split('\n')[0]! : `unknown (--version exited ${String(code)})`);
    });
  });
}

/** Where the version is asked: the history's model server and trap, its sandbox, the run's isolation. */
export interface VersionPlace {
  readonly baseUrl: string;
  readonly proxyUrl: string;
  readonly root: string;
  readonly sandboxDir: string | undefined;
  readonly isolation: Isolation | undefined;
  readonly readable: readonly string[];
}

/** `--version` in a scratch HOME (removed after) with the profile's env. */
export async function versionIn(p: AgentProfile, command: string, at: VersionPlace): Promise<string> {
  const vh = new ScratchHome(at.sandboxDir);
  try {
    const info = { baseUrl: at.baseUrl, proxyUrl: at.proxyUrl, home: vh.path, tmp: vh.path, root: at.root };
    const isolated =
      at.isolation !== undefined ? { isolation: at.isolation, home: vh.path, readable: at.readable } : undefined;
    return await askVersion(command, versionEnv(vh.path, at.proxyUrl, p.env(info)), isolated);
  } finally {
    vh.remove();
  }
}
