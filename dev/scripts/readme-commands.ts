/**
 * Every command README.md and docs/**\/*.md print in a shell block, run as printed from a project
 * that installed the packed tarball (README "Paths in commands": `examples/…` is reached through
 * `node_modules/readshim-conformance/examples/…`), each checked against the exit code its line
 * announces. The annotation is the line's trailing comment, made only of these words
 * (docs/CONTRIBUTING.md "Commands in the docs"):
 *
 *   `# exit N`  the command exits N (none: 0)
 *   `# host`    it needs a real host installed (an agent CLI, bubblewrap): run by `npm run test:hosts`
 *   `# skip`    never run (an install line, a placeholder such as `python3 shim.py`)
 *
 * A trailing comment of other words is prose and announces nothing. `npm ci`, `npm test` and
 * `npm run …` (alone or in an `a && b` line) are the checkout's own steps: the scratch project
 * installed the tarball instead and has none of its scripts, so they are left out.
 * Each command has PER_COMMAND_MS. Called by .ci/packed (the commands not marked host) and by
 * test/dev/scripts/readme-commands.host.test.ts (`--hosts`: those marked host). `--save <dir>`
 * writes what each command run printed (`<n>.txt`, stdout then stderr) and `index.json`
 * (SavedCommand[]) into a new directory, for a caller to judge what the runs said:
 *   npx tsx dev/scripts/readme-commands.ts <scratch project with the tarball installed> [--hosts] [--save <dir>]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DocCommand {
  /** The document, relative to the package root (README.md, docs/…). */
  readonly file: string;
  /** Line the command starts on (1-based). */
  readonly line: number;
  /** The command as printed, continuation lines joined, the trailing comment left out. */
  readonly command: string;
  /** The exit code it announces (`# exit N`; 0 when none). */
  readonly exit: number;
  readonly host: boolean;
  readonly skip: boolean;
}

export const INSTALLED_EXAMPLES = 'node_modules/readshim-conformance/examples/';
/** A command run with `--save`: where it is printed, as run, its exit, and the file holding its output. */
export interface SavedCommand {
  readonly where: string;
  readonly command: string;
  readonly status: number | null;
  readonly output: string;
}

/** How long one command may run before it counts as broken. */
export const PER_COMMAND_MS = 15 * 60_000;

/** `line` split at its first `#` outside quotes that starts a comment (at the start or after a blank). */
export function splitComment(line: string): { code: string; comment: string | undefined } {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '\\') i++;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!)))
      return { code: line.slice(0, i).trimEnd(), comment: line.slice(i + 1).trim() };
  }
  return { code: line.trimEnd(), comment: undefined };
}

/** The annotation a trailing comment makes, or undefined when it is prose. */
export function annotation(comment: string | undefined): { exit: number; host: boolean; skip: boolean } | undefined {
  if (comment === undefined) return undefined;
  const words = comment.split(/\s+/).filter(Boolean);
  let exit = 0;
  let host = false;
  let skip = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === 'host') host = true;
    else if (w === 'skip') skip = true;
    else if (w === 'exit' && /^\d+$/.test(words[i + 1] ?? '')) exit = Number(words[++i]);
    else return undefined;
  }
  return words.length > 0 ? { exit, host, skip } : undefined;
}

/** The commands of a document's `sh` (`bash`, `shell`) blocks; other blocks (output samples, code) are never commands. */
export function docCommands(markdown: string, file: string): DocCommand[] {
  const out: DocCommand[] = [];
  const lines = markdown.split('\n');
  let inSh = false;
  let inOther = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (/^\s*```/.test(raw)) {
      if (inSh || inOther) inSh = inOther = false;
      else if (/^\s*```(sh|bash|shell)\s*$/.test(raw)) inSh = true;
      else inOther = true;
      continue;
    }
    if (!inSh) continue;
    const start = i;
    let { code, comment } = splitComment(raw);
    while (code.endsWith('\\') && i + 1 < lines.length) {
      const next = splitComment(lines[++i]!);
      code = `${code.slice(0, -1).trimEnd()} ${next.code.trim()}`;
      comment = next.comment;
    }
    const command = code.trim();
    if (command === '') continue; // a blank or a comment-only line
    const a = annotation(comment) ?? { exit: 0, host: false, skip: false };
    out.push({ file, line: start + 1, command, ...a });
  }
  return out;
}

/** The command as a user of the installed package types it: the docs' examples live in the package. */
export const forInstall = (command: string): string =>
  command.replace(/(^|[\s"'])examples\//g, (_m, before: string) => `${before}${INSTALLED_EXAMPLES}`);

/**
 * The command without the checkout's own steps: its install (`npm ci`) and its package scripts
 * (`npm test`, `npm run …`), which a scratch project that installed the tarball does not have.
 */
export function withoutCheckoutSteps(command: string): string | undefined {
  const parts = command.split(' && ').filter((p) => !CHECKOUT_STEP.test(p.trim()));
  return parts.length > 0 ? parts.join(' && ') : undefined;
}

const CHECKOUT_STEP = /^npm (ci|test|run \S+.*)$/;

/** README.md and every docs/**\/*.md under `root` (a checkout, or the installed package), relative paths. */
export function documents(root: string): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f.split('\\').join('/')}`)
        .sort()
    : [];
  return ['README.md', ...docs].filter((f) => existsSync(join(root, f)));
}

/** Every command of the documents under `root`, in document order. */
export function allCommands(root: string): DocCommand[] {
  return documents(root).flatMap((f) => docCommands(readFileSync(join(root, f), 'utf8'), f));
}

function main(scratch: string, hosts: boolean, save: string | undefined): number {
  const pkg = join(scratch, 'node_modules/readshim-conformance');
  const commands = allCommands(pkg);
  if (commands.length === 0) {
    console.error(`${relative(process.cwd(), pkg)}: no command in any sh block of README.md or docs/`);
    return 1;
  }
  let bad = 0;
  let ran = 0;
  const saved: SavedCommand[] = [];
  if (save !== undefined) mkdirSync(save); // a new directory: never replaces what was there
  const seen = new Map<string, { status: number | null; where: string }>();
  for (const c of commands) {
    const where = `${c.file}:${c.line}`;
    const cmd = withoutCheckoutSteps(c.command);
    if (c.skip || cmd === undefined) {
      console.log(`   skipped   ${where} ${c.command}`);
      continue;
    }
    if (c.host !== hosts) {
      if (c.host) console.log(`   host      ${where} ${c.command} (npm run test:hosts runs it)`);
      continue;
    }
    const run = forInstall(cmd);
    // The same command twice (README and a guide) is run once: the kit's runs are seeded, so its exit is the same.
    const before = seen.get(run);
    if (before !== undefined) {
      const ok = before.status === c.exit;
      console.log(
        `   ${ok ? 'ok      ' : 'BROKEN  '}  ${where} exit ${String(before.status)}${ok ? '' : ` (announced ${c.exit})`} as at ${before.where}: ${run}`,
      );
      if (!ok) bad++;
      continue;
    }
    const t0 = process.hrtime.bigint();
    const r = spawnSync('bash', ['-c', run], {
      cwd: scratch,
      encoding: 'utf8',
      timeout: PER_COMMAND_MS,
      env: { ...process.env, READSHIM_PROGRESS: '0' },
      maxBuffer: 256 * 1024 * 1024,
    });
    ran++;
    const s = (Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1);
    const timedOut = r.error !== undefined && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
    seen.set(run, { status: timedOut ? null : r.status, where });
    if (save !== undefined) {
      const output = `${ran}.txt`;
      writeFileSync(join(save, output), `${r.stdout ?? ''}${r.stderr ?? ''}`, { flag: 'wx' });
      saved.push({ where, command: run, status: timedOut ? null : r.status, output });
    }
    const ok = !timedOut && r.status === c.exit;
    console.log(
      `   ${ok ? 'ok      ' : 'BROKEN  '}  ${where} exit ${String(r.status)}${ok ? '' : ` (announced ${c.exit}${timedOut ? `; stopped after ${PER_COMMAND_MS / 1000} s` : ''})`} in ${s} s: ${run}`,
    );
    if (!ok) {
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
  console.log(`   ${ran} commands run, ${bad} broken`);
  if (save !== undefined)
    writeFileSync(join(save, 'index.json'), `${JSON.stringify(saved, null, 2)}\n`, { flag: 'wx' });
  return bad === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [scratch, ...rest] = process.argv.slice(2);
  const at = rest.indexOf('--save');
  const save = at === -1 ? undefined : rest[at + 1];
  const others = at === -1 ? rest : [...rest.slice(0, at), ...rest.slice(at + 2)];
  if (scratch === undefined || (at !== -1 && save === undefined) || others.some((a) => a !== '--hosts')) {
    console.error(
      'usage: tsx dev/scripts/readme-commands.ts <project with readshim-conformance installed> [--hosts] [--save <new dir>]',
    );
    process.exit(2);
  }
  if (save !== undefined && existsSync(save)) {
    console.error(`readme-commands: --save ${save}: already exists (the outputs go into a new directory)`);
    process.exit(2);
  }
  process.exit(main(scratch, others.includes('--hosts'), save));
}
