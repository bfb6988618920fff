/** Shared helpers for the gate tests: fixture folders, one project per folder, the CLI. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig, type GateSections } from '../../gates/config.ts';
import { GateContext, type Finding } from '../../gates/context.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'readshim-conformance.js');

const made: string[] = [];

/** Writes `files` (relative path → text) under a fresh temporary folder (removeFixtureDirs removes it). */
export function fixtureDir(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'readshim-gates-'));
  made.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** Removes every folder fixtureDir made so far (each test file that makes them calls it in afterAll). */
export function removeFixtureDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A fresh temporary copy of `files` (kit-relative) with the kit's node_modules linked, for the
 * negative controls: each control tampers its own copy, so no lock, backup or restore is needed
 * and the tracked files are only ever read.
 */
export function copyMaterial(
  files: readonly string[],
  from: string = ROOT,
): { readonly root: string; dispose(): void } {
  const root = mkdtempSync(join(tmpdir(), 'readshim-material-'));
  try {
    for (const rel of files) cpSync(join(from, rel), join(root, rel));
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/** One project over a fixture folder: every gate case of a test file reuses it. */
export function contextFor(dir: string, gates: GateSections): GateContext {
  return GateContext.build(parseConfig({ gates }, join(dir, 'gates.json')));
}

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Heavy tests: each CLI run builds a type-checked project (seconds of CPU on a loaded box). */
export const SLOW = 600_000;

/** At most this many CLI children at once per test file (each is CPU-bound). */
const MAX_CHILDREN = 3;
let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  while (running >= MAX_CHILDREN) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Runs the real CLI (the gate's own code) in a child process. */
export function runCli(args: readonly string[], cwd: string = ROOT): Promise<CliResult> {
  return slot(() => spawnCli(args, cwd));
}

function spawnCli(args: readonly string[], cwd: string): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, READSHIM_PROGRESS: '0' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/** The lines a function of a fixture spans, by its name (to map findings to cases). */
export function lineOf(text: string, needle: string): number {
  const i = text.indexOf(needle);
  if (i === -1) throw new Error(`fixture has no ${needle}`);
  return text.slice(0, i).split('\n').length;
}

export function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.file}:${f.line} ${f.node} — ${f.message}`).join('\n');
}

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}
