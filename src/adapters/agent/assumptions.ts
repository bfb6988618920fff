/** What an agent run assumes, for the report (driver.ts DriverAdapter.assumptions), asked when the run ends. */
import type { LeverName } from '../../core/levers.ts';
import { describeLevers, quoted } from '../drivers/driver.ts';
import { inMeasuredRange, measuredRange } from './profile.ts';
import type { AgentRun } from './run.ts';

export interface AgentPlayed {
  readonly run: AgentRun;
  /** Where the profile came from (a built-in name or a module path). */
  readonly profileSource: string;
  readonly levers: readonly LeverName[];
}

const refusedList = (refused: ReadonlyMap<string, number>): string =>
  refused.size === 0 ? 'none' : [...refused].map(([d, n]) => `${d} (${n})`).join(', ');

/** How forget is played: a real compaction, or none and why. */
function compactionLine({ profile: p, counts }: AgentRun): string {
  const c = p.compact;
  if (c === undefined)
    return `No compaction is driven (${p.cannot.forget ?? 'the profile has no compact command'}): histories hold no forget, and FORGET-RESETS is not judged.`;
  const confirmed =
    c.outcome !== undefined
      ? ` Each compaction is confirmed by the CLI's own word on stdout before the kit goes on (a refused one ends the run quoting it)${c.promptTokens !== undefined ? `; the kit's replies around it report ${c.promptTokens.toLocaleString('en-US')} prompt tokens, so the CLI finds compacting worth it` : ''}${c.padChars !== undefined ? `; a padding message (twice what it could re-attach, at most ${c.padChars.toLocaleString('en-US')} characters) comes first, so what it re-attaches does not outweigh what it replaces` : ''}.`
      : '';
  return `A forget is a real compaction of the whole worker: the kit ends the CLI's turn, sends its compaction command (${c.command}) and the prompt again, answers the summary request with a fixed text, and reads the files the CLI re-attached from its next request; a file re-attached whole, as its read tool shows it now, is held again (observed: ${counts.compactions} compactions, ${counts.reattached} files re-attached), never a declared count.${confirmed}`;
}

/** Which version ran against the range the profile was measured on, and the CLI's Node. */
function versionLines(run: AgentRun): string[] {
  const p = run.profile;
  const at = inMeasuredRange(p, run.version);
  const range = measuredRange(p);
  const line =
    at === true
      ? `The profile was measured on ${p.name} ${range}; this run's ${run.version} is within that range.`
      : at === false
        ? `The profile was measured on ${p.name} ${range}; this run's ${run.version} is OUTSIDE that range: its verdicts hold for what the profile reads, and text it cannot decode ends the run (exit 2) quoting the text.`
        : `The profile was measured on ${p.name} ${range}; this run's version is unknown (${run.version ?? 'not asked'}).`;
  return [line, ...(p.node !== undefined ? [`Node: ${p.node}`] : [])];
}

/** The CLI's loop guard and halts, when the profile knows them. */
function guardLines({ profile: p, counts }: AgentRun): string[] {
  const out: string[] = [];
  if (p.maxIdenticalCalls !== undefined)
    out.push(
      `The CLI halts a turn after ${p.maxIdenticalCalls + 1} identical tool calls in a row: before such a call the kit ends the turn and sends the prompt again (a turn break; the CLI's read state lives on; observed: ${counts.turnBreaks} turn breaks).`,
    );
  if (p.halt !== undefined)
    out.push("A turn the CLI stops on its own ends the run (exit 2) quoting the CLI's own words from its stdout.");
  return out;
}

export function agentAssumptions({ run, profileSource, levers }: AgentPlayed): string[] {
  const { profile: p, command, limits, isolation } = run;
  return [
    `Agent CLI: ${p.name} (${p.package}, pinned ${p.version}), run as ${quoted(command)}; version ${run.version ?? 'not asked yet'}; profile ${profileSource}.`,
    `The kit plays the model: a scripted server on 127.0.0.1 (${p.wire}) answers each agent-loop request with the history's next read as one ${p.readTool.name} call and ends each session with a plain text; side requests (no ${p.readTool.name} tool offered) get a fixed text; a retried turn gets the same reply. The worker's text is the tool result the CLI sends in its next request, after the profile's normalisation.`,
    `One CLI process per worker for the whole history, each with a fresh HOME and TMPDIR; the history's files in a sandbox (its cwd), written between turns with exact mtimes. HTTP(S)_PROXY is a loopback trap that tunnels only 127.0.0.1; refused destinations: ${refusedList(run.refused)}.`,
    ...versionLines(run),
    `Per-turn limit ${limits.timeoutMs} ms (--timeout); the first request may take ${limits.startMs} ms.`,
    compactionLine(run),
    ...guardLines(run),
    ...(p.cannot.windows !== undefined ? [`No windows: ${p.cannot.windows}.`] : []),
    ...(isolation !== undefined
      ? [
          `Under --isolate each CLI process (and its --version) runs in bubblewrap with the profile's environment above (not the caller's); its 127.0.0.1 is its own, where a relay run on the kit's node (${process.execPath}) carries only the model server's and the proxy trap's ports to the kit over Unix sockets, and the trap tunnels only the model server's port; read-only even inside a hidden HOME: ${run.readable.join(', ')}.`,
        ]
      : []),
    ...p.assumptions,
    describeLevers(levers, undefined),
  ];
}
