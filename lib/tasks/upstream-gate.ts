/**
 * The tracker's shared back-off. A 429, or any answer carrying Retry-After, is the upstream saying
 * "too much from this client", not something about one task: every poller waits until then, and
 * afterwards the tracker comes back at a fraction of its poll workers, growing back to all of them
 * over `recoverMs` unless the upstream complains again (each complaint halves the fraction).
 * 5xx and network errors are about one task's query and back off per task (refresh-task.ts).
 *
 * This object is one process's view; shared-gate.ts publishes its complaints to the database and
 * brings in the other processes' (adopt), so every studio process on one database waits together.
 */
export type GateOptions = {
  /** Pause after a 429 without Retry-After; doubled on each further 429 in a row. */
  pauseMs: number;
  maxPauseMs: number;
  /** Time from the end of a pause back to every worker polling. */
  recoverMs: number;
  /** The least share of the workers allowed right after a pause. */
  minShare: number;
  /** Least time between two reads of the shared back-off row (shared-gate.ts). */
  syncMs: number;
};

const DEFAULT_GATE_OPTIONS: GateOptions = {
  pauseMs: 5_000,
  maxPauseMs: 5 * 60_000,
  recoverMs: 30_000,
  minShare: 1 / 16,
  syncMs: 250,
};

export type Throttle = { at: number; until: number; status: number; retryAfterSeconds: number | null };

/** What another process needs to wait and recover exactly as this one does. */
export type GateState = { pausedUntil: number; floor: number; inARow: number; last: Throttle | null };

export class UpstreamGate {
  private pausedUntil = 0;
  /** Share of the workers allowed when the pause ends; it grows back to 1 from there. */
  private floor = 1;
  private inARow = 0;
  /** The latest complaint, for health and logs. */
  last: Throttle | null = null;

  /** When the shared row was last read (shared-gate.ts); 0: never. */
  syncedAt = 0;

  readonly options: GateOptions;

  constructor(options: Partial<GateOptions> = {}) {
    this.options = { ...DEFAULT_GATE_OPTIONS, ...options };
  }

  /** The upstream answered 429 or sent Retry-After (seconds) at `now`. */
  throttled(now: number, status: number, retryAfterSeconds?: number | null): void {
    const share = this.share(now);
    this.inARow++;
    const pause =
      retryAfterSeconds != null
        ? retryAfterSeconds * 1000
        : Math.min(this.options.maxPauseMs, this.options.pauseMs * 2 ** (this.inARow - 1));
    this.pausedUntil = Math.max(this.pausedUntil, now + pause);
    this.floor = Math.max(this.options.minShare, share / 2);
    this.last = { at: now, until: this.pausedUntil, status, retryAfterSeconds: retryAfterSeconds ?? null };
  }

  /**
   * Any answer without a complaint: the next 429 starts from the first pause again. True when this
   * ended a run of complaints (worth telling the other processes once).
   */
  answered(): boolean {
    const ended = this.inARow > 0;
    this.inARow = 0;
    return ended;
  }

  state(): GateState {
    return { pausedUntil: this.pausedUntil, floor: this.floor, inARow: this.inARow, last: this.last };
  }

  /**
   * Takes another process's complaint when it is newer than what this gate knows: the same pause,
   * the same share to come back at, so every process recovers on one schedule.
   */
  adopt(state: GateState): void {
    if (state.pausedUntil <= this.pausedUntil) return;
    this.pausedUntil = state.pausedUntil;
    this.floor = state.floor;
    this.inARow = Math.max(this.inARow, state.inARow);
    this.last = state.last;
  }

  /** Milliseconds to wait before any poll (0: go). */
  waitMs(now: number): number {
    return Math.max(0, this.pausedUntil - now);
  }

  /** The share (0–1) of the poll workers that may poll now. */
  share(now: number): number {
    if (now < this.pausedUntil) return 0;
    if (this.floor >= 1) return 1;
    const recovered = this.floor + ((1 - this.floor) * (now - this.pausedUntil)) / this.options.recoverMs;
    if (recovered >= 1) this.floor = 1;
    return Math.min(1, recovered);
  }

  /** How many of `workers` may poll now (at least one once the pause is over). */
  allowed(workers: number, now: number): number {
    const share = this.share(now);
    return share === 0 ? 0 : Math.max(1, Math.floor(workers * share));
  }
}

/** The process's one gate: the tracker and browsers' reads slow down together. */
export function processUpstreamGate(): UpstreamGate {
  const holder = globalThis as typeof globalThis & { __studioUpstreamGate?: UpstreamGate };
  holder.__studioUpstreamGate ??= new UpstreamGate();
  return holder.__studioUpstreamGate;
}
