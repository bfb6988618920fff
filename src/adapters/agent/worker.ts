/**
 * A worker of the played model: its CLI's requests answered one at a time. A read is the answer
 * to the CLI's pending request (one read tool call); the worker's text is the tool result its next
 * request carries, normalised and decoded by the profile (result.ts). A forget, where the profile
 * can compact, is a real compaction of the whole worker (compaction.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ForgetResult, ReadArgs, WorkerShim } from '../../core/contract.ts';
import { defined } from '../../core/defined.ts';
import { AdapterError } from '../../core/errors.ts';
import { resolvePath } from '../../core/paths.ts';
import type { RawToolResult } from '../../core/trace.ts';
import type { ClaimQueue, TextQueue } from '../claim-queue.ts';
import { serialQueue } from '../drivers/driver.ts';
import type { CliProcess } from './cli-process.ts';
import { reattachedWhole } from './compaction.ts';
import type { AgentProfile } from './profile.ts';
import { judgedResult } from './result.ts';
import type { AgentRun } from './run.ts';
import { END_TEXT, SUMMARY_TEXT, type Parked, type WorkerLine } from './server.ts';

/** What a worker's reads go through: the history's sandbox, and where their claims and raw results wait for decoding. */
export interface WorkerPlace {
  readonly root: string;
  readonly claims: ClaimQueue;
  readonly raws: TextQueue<RawToolResult>;
}

/** A worker's CLI: its process, its line of the model server, its name in messages and its prompt. */
export interface WorkerCli {
  readonly proc: CliProcess;
  readonly line: WorkerLine;
  readonly label: string;
  readonly prompt: string;
}

/** A user message of `n` characters that carries nothing (a compaction's padding turn). */
export function padding(n: number): string {
  const unit = 'This paragraph is padding; it asks for nothing and carries no file content. ';
  return `(readshim-conformance padding) ${unit.repeat(Math.ceil(n / unit.length))}`.slice(0, n);
}

/** How many of the files read last a CLI re-attaches at most, and the characters of each it embeds (qwen-code 0.24). */
const REATTACH_FILES = 5;
const REATTACH_CHARS = 20_000;

export class AgentWorker {
  readonly #run: AgentRun;
  readonly #place: WorkerPlace;
  readonly #cli: WorkerCli;
  readonly #serial = serialQueue();
  #first = true;
  /** The last read's input and how many times in a row it was sent (profile.maxIdenticalCalls). */
  #identical = { key: '', n: 0 };
  /** The files read, most recent last (what a compaction may re-attach). */
  readonly #files: string[] = [];

  constructor(run: AgentRun, place: WorkerPlace, cli: WorkerCli) {
    this.#run = run;
    this.#place = place;
    this.#cli = cli;
  }

  shim(): WorkerShim {
    const compact = this.#run.profile.compact;
    const forget =
      compact === undefined
        ? undefined
        : (path?: string): Promise<ForgetResult> => this.#serial(() => this.#compact(compact, path));
    return { ...defined({ forget }), read: (args: ReadArgs) => this.#serial(() => this.#read(args)) };
  }

  /** The CLI's pending request; the first one is waited for with the start limit. */
  async #pending(): Promise<Parked> {
    const { proc } = this.#cli;
    const { timeoutMs, startMs } = this.#run.limits;
    const cur =
      proc.current ??
      (await proc.next(
        this.#first ? 'its first request (a CLI that makes no request at all)' : 'its next request',
        this.#first ? startMs : timeoutMs,
      ));
    this.#first = false;
    proc.current = undefined;
    return cur;
  }

  async #read(args: ReadArgs): Promise<string> {
    const { profile: p, counts } = this.#run;
    const { proc, line, label } = this.#cli;
    const file = join(this.#place.root, resolvePath(args.path));
    this.#files.splice(0, this.#files.length, ...this.#files.filter((f) => f !== file).slice(1 - REATTACH_FILES), file);
    const input = p.readTool.input(args, file);
    const cur = await this.#turnBreak(JSON.stringify(input), await this.#pending());
    const id = this.#run.toolUseId();
    const t0 = performance.now();
    proc.resetHalt();
    line.answer(cur, { kind: 'tool', id, name: p.readTool.name, input });
    counts.reads++;
    const next = await proc.next(
      `the tool result of ${p.readTool.name} ${JSON.stringify(input)}`,
      this.#run.limits.timeoutMs,
    );
    this.#run.turnMs.push(performance.now() - t0);
    proc.current = next;
    const r = next.req.results.get(id);
    if (r === undefined)
      throw new AdapterError(
        `${label}: its next request carried no tool result for ${id} (${p.readTool.name} of ${args.path})`,
      );
    counts.toolResults++;
    const { text, claim } = judgedResult(p, label, r, args, file, this.#run.versionNote());
    if (claim?.kind === 'pointer') counts.stubs++;
    if (claim?.kind === 'refusal') counts.refusals++;
    this.#place.claims.put(text, claim);
    this.#place.raws.put(text, { text: r.raw, ...(r.isError ? { isError: true as const } : {}) });
    return text;
  }

  /**
   * Before the (maxIdenticalCalls + 1)-th identical read in a row, a turn break: the turn ends with a
   * text and the prompt is sent again (the CLI's loop guard counts within a turn; its read state
   * lives on). The request to answer with the read.
   */
  async #turnBreak(key: string, cur: Parked): Promise<Parked> {
    const { profile: p, counts, limits } = this.#run;
    const { proc, line, prompt } = this.#cli;
    this.#identical = key === this.#identical.key ? { key, n: this.#identical.n + 1 } : { key, n: 1 };
    if (p.maxIdenticalCalls === undefined || this.#identical.n <= p.maxIdenticalCalls) return cur;
    proc.resetHalt();
    line.answer(cur, { kind: 'text', text: END_TEXT });
    proc.send(p.userMessage!(prompt));
    counts.turnBreaks++;
    this.#identical = { key, n: 1 };
    return proc.next('its first request of a new turn (a turn break)', limits.timeoutMs);
  }

  /** Ends the turn, asks for the compaction and queues the next prompt behind it; reads what came back. */
  async #compact(compact: NonNullable<AgentProfile['compact']>, path: string | undefined): Promise<ForgetResult> {
    const { profile: p, counts } = this.#run;
    const { proc, line, label, prompt } = this.#cli;
    if (path !== undefined)
      throw new AdapterError(`${label}: a compaction forgets the whole worker, not ${path} (a kit bug)`);
    this.#identical = { key: '', n: 0 };
    if (compact.outcome !== undefined) await this.#compactConfirmed(compact);
    else {
      line.answer(await this.#pending(), { kind: 'text', text: END_TEXT });
      line.newEpoch();
      proc.send(compact.command);
      proc.send(p.userMessage!(prompt));
      counts.compactions++;
    }
    for (;;) {
      const req = await proc.next(
        'its summary request or its first request after the compaction',
        this.#run.limits.timeoutMs,
        true,
      );
      if (compact.isSummary(req.req)) {
        line.answer(req, { kind: 'text', text: compact.summaryText ?? SUMMARY_TEXT });
        line.newEpoch();
        continue;
      }
      proc.current = req;
      // Held again only when the CLI re-attached the whole file as its read tool shows it now.
      const reattached = reattachedWhole(p, this.#place.root, req.req.body);
      counts.reattached += reattached.length;
      return { reattached };
    }
  }

  /**
   * A compaction the CLI confirms on stdout (compact.outcome): each step waits for the previous
   * turn's result line — the turn ended (reporting `promptTokens`), a padding turn, the command
   * (the server answers its summary request meanwhile), its word — then the prompt again. A
   * refused compaction ends the run with the CLI's words.
   */
  async #compactConfirmed(compact: NonNullable<AgentProfile['compact']>): Promise<void> {
    const { profile: p, counts, limits } = this.#run;
    const { proc, line, label, prompt } = this.#cli;
    const done = { kind: 'text' as const, text: END_TEXT, ...defined({ promptTokens: compact.promptTokens }) };
    const isResult = (l: unknown): true | undefined =>
      (l as { type?: unknown } | null)?.type === 'result' ? true : undefined;
    proc.takeLines();
    proc.resetHalt();
    line.answer(await this.#pending(), done);
    await proc.waitLine(isResult, limits.timeoutMs, 'the result line of the turn the kit ended');
    const pad = this.#padding(compact.padChars);
    if (pad > 0) {
      proc.send(p.userMessage!(padding(pad)));
      line.answer(await proc.next('its request after the padding message', limits.timeoutMs), done);
      await proc.waitLine(isResult, limits.timeoutMs, 'the result line of the padding turn');
    }
    line.newEpoch();
    proc.send(compact.command);
    counts.compactions++;
    const said = await proc.waitLine(
      (l) => compact.outcome!(l),
      limits.timeoutMs,
      'the result line of its compaction command',
    );
    if (!said.compacted)
      throw new AdapterError(`${label}: its compaction command did not compact; it said: ${JSON.stringify(said.text)}`);
    line.newEpoch();
    proc.resetHalt();
    proc.send(p.userMessage!(prompt));
  }

  /**
   * The padding a confirmed compaction sends: twice what the CLI could re-attach (the last files
   * read, each at most REATTACH_CHARS), at least 2,000 and at most `cap` characters; 0 without a cap.
   */
  #padding(cap: number | undefined): number {
    if (cap === undefined) return 0;
    let chars = 0;
    for (const f of this.#files.slice(-REATTACH_FILES)) {
      try {
        chars += Math.min(readFileSync(f, 'utf8').length, REATTACH_CHARS);
      } catch {
        // gone: nothing to re-attach
      }
    }
    return Math.min(cap, Math.max(2_000, 2 * chars));
  }
}
