/**
 * A worker of the played model: its CLI's requests answered one at a time. A read is the answer
 * to the CLI's pending request (one read tool call); the worker's text is the tool result its next
 * request carries, normalised and decoded by the profile (result.ts). A forget, where the profile
 * can compact, is a real compaction of the whole worker (compaction.ts).
 */
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

export class AgentWorker {
  readonly #run: AgentRun;
  readonly #place: WorkerPlace;
  readonly #cli: WorkerCli;
  readonly #serial = serialQueue();
  #first = true;

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
    const cur = await this.#pending();
    const id = this.#run.toolUseId();
    const input = p.readTool.input(args, file);
    const t0 = performance.now();
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
    const { text, claim } = judgedResult(p, label, r, args, file);
    if (claim?.kind === 'pointer') counts.stubs++;
    if (claim?.kind === 'refusal') counts.refusals++;
    this.#place.claims.put(text, claim);
    this.#place.raws.put(text, { text: r.raw, ...(r.isError ? { isError: true as const } : {}) });
    return text;
  }

  /** Ends the turn, asks for the compaction and queues the next prompt behind it; reads what came back. */
  async #compact(compact: NonNullable<AgentProfile['compact']>, path: string | undefined): Promise<ForgetResult> {
    const { profile: p, counts } = this.#run;
    const { proc, line, label, prompt } = this.#cli;
    if (path !== undefined)
      throw new AdapterError(`${label}: a compaction forgets the whole worker, not ${path} (a kit bug)`);
    line.answer(await this.#pending(), { kind: 'text', text: END_TEXT });
    line.newEpoch();
    proc.send(compact.command);
    proc.send(p.userMessage!(prompt));
    counts.compactions++;
    for (;;) {
      const req = await proc.next(
        'its summary request or its first request after the compaction',
        this.#run.limits.timeoutMs,
      );
      if (compact.isSummary(req.req)) {
        line.answer(req, { kind: 'text', text: SUMMARY_TEXT });
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
}
