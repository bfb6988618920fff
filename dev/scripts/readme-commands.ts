/**
 * Every command README tells a user to run, run as printed from an installed package (README
 * "Paths in commands"): the `npx readshim-conformance …` lines of README's `sh` blocks, with
 * `examples/…` addressed through `node_modules/readshim-conformance/examples/…`. Each must end in a
 * verdict (exit 0 or 1 with a summary line), never exit 2. Called by .ci/packed:
 *   npx tsx dev/scripts/readme-commands.ts <scratch project with the tarball installed>
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReadmeCommand {
  /** README line the command starts on (1-based). */
  readonly line: number;
  readonly command: string;
}

const KIT = 'npx readshim-conformance';
export const INSTALLED_EXAMPLES = 'node_modules/readshim-conformance/examples/';

/** A shell line without its trailing comment (README comments follow two spaces and `#`). */
const uncommented = (line: string): string => line.replace(/\s{2,}#.*$/, '').trimEnd();

/** The kit commands of README's `sh` blocks, continuation lines joined, `a && b` split. */
export function readmeCommands(markdown: string): ReadmeCommand[] {
  const out: ReadmeCommand[] = [];
  const lines = markdown.split('\n');
  let inSh = false;
  let inOther = false; // another fenced block (output samples, TypeScript): never commands
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.startsWith('```')) {
      if (inSh || inOther) inSh = inOther = false;
      else if (/^```(sh|bash|shell)$/.test(raw)) inSh = true;
      else inOther = true;
      continue;
    }
    if (inOther) continue;
    if (!inSh) {
      // An inline command in prose: `npx readshim-conformance …`.
      for (const m of raw.matchAll(/`(npx readshim-conformance(?: [^`]*)?)`/g))
        out.push({ line: i + 1, command: m[1]! });
      continue;
    }
    const start = i;
    let text = uncommented(raw);
    while (text.endsWith('\\') && i + 1 < lines.length)
      text = `${text.slice(0, -1).trimEnd()} ${uncommented(lines[++i]!).trim()}`;
    for (const part of text.split(' && ').map((p) => p.trim()))
      if (part.startsWith(`${KIT} `) || part === KIT) out.push({ line: start + 1, command: part });
  }
  return out;
}

/** The command as a user of the installed package types it: README's examples live in the package. */
export const forInstall = (command: string): string =>
  command.replace(/(^|[\s"'])examples\//g, (_m, before: string) => `${before}${INSTALLED_EXAMPLES}`);

/** Commands not run from the tarball, with the reason (each is run elsewhere in .ci/run). */
export function notRunFromTarball(command: string): string | undefined {
  if (/\s--agent\s/.test(command))
    return 'needs an agent CLI installed into the project and minutes per run: .ci/run runs each profile from the checkout';
  if (/^npx readshim-conformance mutants\b/.test(command))
    return 'needs a checkout, as README says (from an install it exits 2 in one line, checked above): .ci/run runs it in the checkout';
  return undefined;
}

function main(scratch: string): number {
  const readme = readFileSync(join(scratch, 'node_modules/readshim-conformance/README.md'), 'utf8');
  const commands = readmeCommands(readme);
  if (commands.length === 0) {
    console.error('README.md (installed) has no kit command in an sh block');
    return 1;
  }
  let bad = 0;
  for (const { line, command } of commands) {
    const skip = notRunFromTarball(command);
    if (skip !== undefined) {
      console.log(`   not run   README:${line} ${command} (${skip})`);
      continue;
    }
    const cmd = forInstall(command);
    const t0 = process.hrtime.bigint();
    const r = spawnSync('bash', ['-c', cmd], { cwd: scratch, encoding: 'utf8', timeout: 15 * 60_000 });
    const s = (Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1);
    const summary = /^summary: .*$/m.exec(r.stdout ?? '')?.[0];
    const verdict = (r.status === 0 || r.status === 1) && summary !== undefined;
    console.log(`   ${verdict ? 'verdict' : 'BROKEN '}   README:${line} exit ${String(r.status)} in ${s} s: ${cmd}`);
    if (verdict) console.log(`             ${summary}`);
    else {
      bad++;
      console.log(
        `${r.stdout ?? ''}${r.stderr ?? ''}`
          .trim()
          .split('\n')
          .slice(-8)
          .map((l) => `             ${l}`)
          .join('\n'),
      );
    }
  }
  return bad === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const scratch = process.argv[2];
  if (scratch === undefined) {
    console.error('usage: tsx dev/scripts/readme-commands.ts <project with readshim-conformance installed>');
    process.exit(2);
  }
  process.exit(main(scratch));
}
