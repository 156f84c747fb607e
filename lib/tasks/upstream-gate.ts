/**
 * The tracker's shared back-off. A 429, or any answer carrying Retry-After, is the upstream saying
 * "too much from this client", not something about one task: every poller waits until then, and
 * afterwards the tracker comes back at a fraction of its poll workers, growing back to all of them
 * over `recoverMs` unless the upstream complains again (each complaint halves the fraction).
 * 5xx and network errors are about one task's query and back off per task (refresh-task.ts).
 */
export type GateOptions = {
  /** Pause after a 429 without Retry-After; doubled on each further 429 in a row. */
  pauseMs: number;
  maxPauseMs: number;
  /** Time from the end of a pause back to every worker polling. */
  recoverMs: number;
  /** The least share of the workers allowed right after a pause. */
  minShare: number;
};

const DEFAULT_GATE_OPTIONS: GateOptions = {
  pauseMs: 5_000,
  maxPauseMs: 5 * 60_000,
  recoverMs: 30_000,
  minShare: 1 / 16,
};

export type Throttle = { at: number; until: number; status: number; retryAfterSeconds: number | null };

export class UpstreamGate {
  private pausedUntil = 0;
  /** Share of the workers allowed when the pause ends; it grows back to 1 from there. */
  private floor = 1;
  private inARow = 0;
  /** The latest complaint, for health and logs. */
  last: Throttle | null = null;

  constructor(private readonly options: GateOptions = DEFAULT_GATE_OPTIONS) {}

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

  /** Any answer without a complaint: the next 429 starts from the first pause again. */
  answered(): void {
    this.inARow = 0;
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
