/**
 * A history's slot: its sandbox, its HOME and the sessions of its workers, the first started
 * ahead (startup overlaps the previous history). The probe slot is the first: its session serves
 * the first worker of the first history.
 */
import { ScratchHome } from '../drivers/home.ts';
import { Sandbox } from '../process/sandbox.ts';
import type { Live, Sessions } from './session.ts';

/** A history's directories and its first server, started ahead. */
export interface Slot {
  readonly sandbox: Sandbox;
  readonly home: ScratchHome;
  first: Promise<Live> | undefined;
  readonly lives: Set<Promise<Live>>;
}

export class Slots {
  readonly #sessions: Sessions;
  readonly #sandboxDir: string | undefined;
  readonly #prespawn: number;
  /** Every slot not yet closed. */
  readonly #slots: Slot[] = [];
  /** Slots no history has taken yet. */
  readonly #spares: Slot[] = [];

  constructor(sessions: Sessions, sandboxDir: string | undefined, prespawn: number) {
    this.#sessions = sessions;
    this.#sandboxDir = sandboxDir;
    this.#prespawn = prespawn;
  }

  /**
   * The probe: a session in the first slot, given to `use`; if either fails the slot is closed.
   * Else the slot is the first spare, its session serving the first worker of the first history.
   */
  async probe<T>(use: (live: Live) => Promise<T>): Promise<T> {
    const slot = this.#empty();
    try {
      const live = await this.#sessions.start(slot);
      slot.first = Promise.resolve(live);
      slot.lives.add(slot.first);
      const out = await use(live);
      this.#spares.push(slot);
      return out;
    } catch (e) {
      await this.close(slot);
      throw e;
    }
  }

  /** A slot for a new history; the spares are topped up to `prespawn`, each with its first session starting. */
  take(): Slot {
    const slot = this.#spares.shift() ?? this.#started();
    while (this.#spares.length < this.#prespawn) this.#spares.push(this.#started());
    return slot;
  }

  /** A worker's session: the one started ahead, else a new one. */
  session(slot: Slot): Promise<Live> {
    let pending = slot.first;
    slot.first = undefined;
    if (pending === undefined) {
      pending = this.#sessions.start(slot);
      slot.lives.add(pending);
    }
    return pending;
  }

  /** Ends a slot's sessions and removes its directories. */
  async close(slot: Slot): Promise<void> {
    const i = this.#slots.indexOf(slot);
    if (i !== -1) this.#slots.splice(i, 1);
    await Promise.all([...slot.lives].map((live) => this.#sessions.end(live)));
    slot.sandbox.remove();
    slot.home.remove();
  }

  /** Closes every slot. */
  async closeAll(): Promise<void> {
    this.#spares.length = 0;
    await Promise.all([...this.#slots].map((slot) => this.close(slot)));
  }

  #empty(): Slot {
    const sandbox = new Sandbox(this.#sandboxDir);
    const home = new ScratchHome(this.#sandboxDir);
    const slot: Slot = { sandbox, home, first: undefined, lives: new Set() };
    this.#slots.push(slot);
    return slot;
  }

  #started(): Slot {
    const slot = this.#empty();
    const first = this.#sessions.start(slot);
    first.catch(() => undefined); // observed when a worker takes it
    slot.first = first;
    slot.lives.add(first);
    return slot;
  }
}
