/**
 * Each command's usage, as docs/reference/cli.md shows it (a test keeps them equal): what
 * `<command> --help` prints, and what a usage error points to.
 */
import { subjectUsage } from './subjects.ts';

const INDENT = ' '.repeat('readshim-conformance run     '.length);

export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  run: [
    // The subject flags come from the table of kinds (src/cli/subjects.ts).
    `readshim-conformance run     ${subjectUsage(INDENT).join('\n')}`,
    '                             [--timeout <ms>] [--arm off|cap|diff|all] [--jobs <n>] [--shrink <n>]',
    '                             [--cap <bytes>] [--runs <n>] [--sessions <n>] [--seed <n>] [--only <RULE,...>]',
    '                             [--no-corpus] [--crossed-sample]',
    '                             [--replay <trace>] [--baseline <file>] [--write-baseline <file>]',
    '                             [--shard <i>/<n>] [--reporter pretty|json|junit|badge|html] [--out <file>]',
    '                             [--failures <dir>] [--no-save] [--strict-failures] [--isolate]',
    '                             [--max-seconds <s>] [--max-heap <MiB>] [--verbose]',
  ].join('\n'),
  audit: [
    'readshim-conformance audit   <trace.jsonl> [--adapter <module> | --agent <name> | --agent-profile <module>]',
    '                             [--reporter pretty|json] [--verbose]',
  ].join('\n'),
  spec: ['readshim-conformance spec    [--reporter pretty|json]'].join('\n'),
  explain: ['readshim-conformance explain <RULE> [--reporter pretty|json]'].join('\n'),
  mutants: [
    'readshim-conformance mutants [--runs <n>] [--only <MUTANT,...>] [--no-corpus] [--reporter pretty|json]',
  ].join('\n'),
  gates: ['readshim-conformance gates   [--config <file>] [--reporter pretty|json]'].join('\n'),
  bench: [
    'readshim-conformance bench   [--adapter <module> | --process "<cmd>" [--isolate]] [workload flags] [--reporter pretty|json]',
    '                             [--out <file>] [--verbose]',
  ].join('\n'),
  table: [
    'readshim-conformance table   [--config <file>] [--only <name,...>] [--render | --check] [--no-isolate] [--dir <folder>]',
  ].join('\n'),
};
