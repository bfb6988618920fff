/**
 * A worker of the played hook host, its calls one after another: a read runs the PreToolUse hook,
 * then (unless it withheld the read) the host's own Read, the kit's race if it was told to make
 * one, and the PostToolUse hook, each written to the session's transcript; a forget is the next of
 * the host's forget kinds: a compaction (PreCompact, the transcript's boundary, SessionStart
 * "compact"), a clear (a new session, SessionStart "clear") or a rewind (no hook; the transcript's
 * next rows hang off an earlier row). docs/guide/hook.md.
 */
import { randomUUID } from 'node:crypto';
import type { Claim } from '../../core/claims.ts';
import type { AdapterContext, ForgetResult, ReadArgs, WorkerShim } from '../../core/contract.ts';
import { defined } from '../../core/defined.ts';
import { AdapterError } from '../../core/errors.ts';
import { serialQueue } from '../drivers/driver.ts';
import { allowedClaim, framesServed, shownClaim } from './claim.ts';
import { HostReadError, hostRead, type HostRead } from './host-read.ts';
import {
  postAnswer,
  postToolUse,
  preCompact,
  preDecision,
  preToolUse,
  sessionStart,
  type ReadToolInput,
  type SessionFields,
  type SessionStartSource,
} from './protocol.ts';
import { Transcript, numbered, transcriptPath } from './transcript.ts';
import type { ClaimQueue } from '../claim-queue.ts';
import type { Sandbox } from '../process/sandbox.ts';
import type { HookExit } from './exec.ts';
import type { HookRun } from './run.ts';
import { decodeShown, withheldClaim } from './withheld.ts';

/** What a worker's calls go through: its history's sandbox, HOME, hook calls and claims (session.ts). */
export interface WorkerPlace {
  readonly root: string;
  /** The history's HOME (where the transcripts go). */
  readonly homePath: string;
  readonly sandbox: Sandbox;
  readonly claims: ClaimQueue;
  call(command: string, event: Record<string, unknown>, what: string): Promise<HookExit>;
}

/** A worker's session as its hooks see it, and the transcript its rows go to. */
export interface WorkerSession {
  readonly fields: SessionFields;
  readonly transcript: Transcript;
}

/** The prompt each worker's transcript starts an epoch with. */
const PROMPT = 'Read the files the tool calls name. (readshim-conformance)';

/** The host's Read as it served the effective input. */
type Served = Extract<HostRead, { ok: true }>;

export class HookWorker {
  readonly #run: HookRun;
  readonly #session: WorkerPlace;
  readonly #ctx: AdapterContext;
  #fields: SessionFields;
  #transcript: Transcript;
  readonly #serial = serialQueue();
  /** Whole-worker forgets so far (the next plays forgets[n % length]). */
  #forgets = 0;

  constructor(run: HookRun, session: WorkerPlace, ctx: AdapterContext, at: WorkerSession) {
    this.#run = run;
    this.#session = session;
    this.#ctx = ctx;
    this.#fields = at.fields;
    this.#transcript = at.transcript;
  }

  /** The worker's shim, after SessionStart "startup" (when --hook-session-start is given; a subagent starts no session). */
  async shim(): Promise<WorkerShim> {
    if (this.#fields.agent_id === undefined) await this.#sessionStart('startup');
    return {
      read: (args: ReadArgs) => this.#serial(() => this.#read(args)),
      forget: (path?: string) => this.#serial(() => this.#forget(path)),
    };
  }

  /** SessionStart with `source`, when the host has a SessionStart hook; a failure is counted. */
  async #sessionStart(source: SessionStartSource): Promise<void> {
    const command = this.#run.setup.sessionStart;
    if (command === undefined) return;
    const x = await this.#session.call(
      command,
      sessionStart(this.#fields, source),
      `SessionStart hook (${source}) for worker ${this.#ctx.workerId}`,
    );
    this.#run.counts.sessionStart++;
    if (x.code !== 0) this.#run.counts.sessionStartErrors++;
  }

  async #read(args: ReadArgs): Promise<string> {
    const { setup, counts } = this.#run;
    const s = this.#session;
    s.sandbox.prepare(args.path);
    const request: ReadToolInput = {
      file_path: `${s.root}/${args.path}`,
      ...defined({ offset: args.offset }),
      ...defined({ limit: args.limit }),
    };
    const id = this.#run.toolUseId();
    this.#transcript.toolUse(PROMPT, id, request);
    const x = await s.call(
      setup.command,
      preToolUse(this.#fields, id, request),
      `PreToolUse hook for ${request.file_path}`,
    );
    counts.preToolUse++;
    const d = preDecision(x);
    if (typeof d === 'string')
      throw new AdapterError(
        `the PreToolUse hook ${JSON.stringify(setup.command)} ${d} (read of ${request.file_path})`,
      );
    if (d.kind === 'deny') {
      counts.denied++;
      s.claims.put(d.reason, withheldClaim(setup, s.root, d.reason, d.via, args, request));
      this.#transcript.toolResult(id, d.reason, true);
      return d.reason;
    }
    if (d.kind === 'error')
      this.#run.hookError(
        `${d.detail}${x.stderr.trim() !== '' ? `, stderr ${JSON.stringify(x.stderr.trim().slice(-300))}` : ''}`,
      );
    else if (d.via === 'ask') counts.asked++;
    else counts.allowed++;
    const effective = d.kind === 'allow' && d.updatedInput !== undefined ? d.updatedInput : request;
    return this.#allowed(args, id, request, effective);
  }

  /** The host's Read of the effective input, the kit's race, then PostToolUse; the text the worker is shown. */
  async #allowed(
    args: ReadArgs,
    id: string,
    request: ReadToolInput,
    effective: Readonly<Record<string, unknown>>,
  ): Promise<string> {
    const { setup, counts } = this.#run;
    const s = this.#session;
    if (effective !== request) counts.updatedInput++;
    const asked = hostRead(s.root, request, setup.bound);
    const served = effective === request ? asked : hostRead(s.root, effective, setup.bound);
    // The kit's own tool: a race it was told to make happens now, after the host's Read.
    await this.#ctx.read(args).catch((e: unknown) => {
      if (e instanceof AdapterError) throw e;
    });
    if (!served.ok) {
      this.#transcript.toolResult(id, served.message, true);
      throw new HostReadError(served.code, served.message);
    }
    const claim = allowedClaim(request, effective, asked, served.text);
    const shown =
      setup.post !== undefined
        ? await this.#post(
            setup.post,
            id,
            { args, request, effective: effective as ReadToolInput },
            asked,
            served,
            claim,
          )
        : undefined;
    this.#transcript.toolResult(id, shown ?? numbered(served.text, served.startLine), false);
    if (shown !== undefined) return shown;
    s.claims.put(served.text, claim);
    return served.text;
  }

  /**
   * PostToolUse: the hook's updatedToolOutput, when it replaced what the worker is shown (its claim
   * queued). The Read's text under a note is that text, framed; else a pointer, diff or delta decoded
   * as a deny reason is (spec 2.2); else what of the Read's text it begins with (claim.ts).
   */
  async #post(
    post: string,
    id: string,
    call: { readonly args: ReadArgs; readonly request: ReadToolInput; readonly effective: ReadToolInput },
    asked: HostRead,
    served: Served,
    claim: Claim,
  ): Promise<string | undefined> {
    const { counts } = this.#run;
    const response = {
      type: 'text' as const,
      file: {
        filePath: served.file,
        content: served.text,
        numLines: served.numLines,
        startLine: served.startLine,
        totalLines: served.totalLines,
      },
    };
    const p = await this.#session.call(
      post,
      postToolUse(this.#fields, id, call.effective, response),
      `PostToolUse hook for ${served.file}`,
    );
    counts.postToolUse++;
    if (p.code !== 0) counts.postErrors++;
    const a = postAnswer(p);
    if (typeof a === 'string')
      throw new AdapterError(`the PostToolUse hook ${JSON.stringify(post)} ${a} (read of ${served.file})`);
    if (a.mcpIgnored) counts.mcpOutputIgnored++;
    if (a.updatedToolOutput === undefined) return undefined;
    // The worker is shown the hook's text, not the Read's: it holds what that text carries.
    counts.substituted++;
    const shown = a.updatedToolOutput;
    const decoded =
      shown === served.text || framesServed(served.text, shown)
        ? undefined
        : decodeShown(this.#run.setup, this.#session.root, shown, 'updatedToolOutput', call.args, call.request, asked);
    if (decoded !== undefined) counts.decodedOutput++;
    const total = claim.kind === 'slice' ? claim.total : Buffer.byteLength(asked.ok ? asked.text : served.text, 'utf8');
    this.#session.claims.put(shown, decoded ?? shownClaim(served.text, claim, total, shown));
    return shown;
  }

  /**
   * The host forgets the whole worker, the next of its forget kinds (--hook-forget): a compaction
   * (the declared re-injection applies), a clear or a rewind (nothing re-attached).
   */
  async #forget(path: string | undefined): Promise<ForgetResult | undefined> {
    if (path !== undefined)
      throw new AdapterError(
        `the played host forgets whole workers; this trace forgets one path (${path}), which a hook cannot be told`,
      );
    const kinds = this.#run.setup.forgets;
    const kind = kinds[this.#forgets++ % kinds.length]!;
    const counts = this.#run.counts;
    if (kind === 'compact') {
      counts.compactions++;
      const command = this.#run.setup.compact;
      if (command !== undefined) await this.#compact(command);
      this.#transcript.compact();
      await this.#sessionStart('compact');
      return undefined;
    }
    if (kind === 'rewind') {
      // A rewind fires no hook: only the transcript shows it.
      counts.rewinds++;
      this.#transcript.rewind();
      return { reattached: [] };
    }
    // A clear: the session ends and a new one starts, its own session_id and transcript.
    counts.clears++;
    const id = randomUUID();
    const t = transcriptPath(this.#session.homePath, this.#session.root, id);
    this.#fields = { ...this.#fields, session_id: id, transcript_path: t };
    this.#transcript = new Transcript(t, id, this.#session.root);
    await this.#sessionStart('clear');
    return { reattached: [] };
  }

  /** PreCompact: the host compacts the worker, whatever the hook answers (a failure is counted). */
  async #compact(command: string): Promise<void> {
    const x = await this.#session.call(
      command,
      preCompact(this.#fields),
      `PreCompact hook for worker ${this.#ctx.workerId}`,
    );
    this.#run.counts.preCompact++;
    if (x.code !== 0) this.#run.counts.compactErrors++;
  }
}
