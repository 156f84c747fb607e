/**
 * A pool of `size` workers fed from the database: whenever workers are free it claims that many
 * items in one statement (claims.ts) and runs each; when nothing was due it looks again after
 * `idleMs` (or at once on wake()). Unlike a tick that starts N jobs a second, its throughput is
 * `size / latency`: 96 workers at 250 ms per answer poll about 380 tasks a second.
 */
export type WorkPoolOptions<T> = {
  size: number;
  /** How many workers may run now (the shared back-off lowers it); `size` when unset. */
  allowed?: () => number;
  /** Milliseconds before any claim may be made (a back-off pause); 0 when unset. */
  pausedMs?: () => number;
  claim: (limit: number) => Promise<T[]>;
  run: (item: T) => Promise<void>;
  idleMs: number;
  /**
   * After a busy pool frees a slot, wait this long for others to free before claiming: one claim
   * for several workers instead of one statement per finished job.
   */
  gatherMs: number;
  onError: (error: unknown, during: "claim" | "run") => void;
};

export class WorkPool<T> {
  private running = 0;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private jobs = new Set<Promise<void>>();
  private loopDone: Promise<void> = Promise.resolve();
  /** When the pool last had every allowed worker busy with more work due (for health and logs). */
  saturatedSince: number | null = null;

  constructor(private readonly options: WorkPoolOptions<T>) {}

  start(): void {
    this.loopDone = this.loop();
  }

  /** Work was just added (a completed task's downloads): claim now instead of after idleMs. */
  wake(): void {
    this.wakeUp?.();
  }

  get busy(): number {
    return this.running;
  }

  get size(): number {
    return this.options.size;
  }

  /** Resolves when no job runs. */
  async idle(): Promise<void> {
    while (this.jobs.size) await Promise.allSettled([...this.jobs]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loopDone;
    await this.idle();
  }

  private async loop(): Promise<void> {
    const { size, claim, idleMs, gatherMs } = this.options;
    while (!this.stopped) {
      const pause = this.options.pausedMs?.() ?? 0;
      if (pause > 0) {
        await this.sleep(Math.min(pause, 1_000));
        continue;
      }
      const free = Math.min(size, this.options.allowed?.() ?? size) - this.running;
      if (free <= 0) {
        this.saturatedSince ??= Date.now();
        await this.sleep(60_000, true);
        if (gatherMs > 0 && !this.stopped) await delay(gatherMs);
        continue;
      }
      let items: T[];
      try {
        items = await claim(free);
      } catch (error) {
        this.options.onError(error, "claim");
        await this.sleep(idleMs);
        continue;
      }
      for (const item of items) this.launch(item);
      if (items.length < free) {
        this.saturatedSince = null;
        await this.sleep(idleMs);
      }
    }
  }

  private launch(item: T): void {
    this.running++;
    const job = this.options
      .run(item)
      .catch((error: unknown) => this.options.onError(error, "run"))
      .finally(() => {
        this.running--;
        this.jobs.delete(job);
        if (this.slotWaiter) this.wakeUp?.();
      });
    this.jobs.add(job);
  }

  private slotWaiter = false;

  /** Sleeps up to `ms`; wake() ends it early, and so does a finished job when `forSlot`. */
  private sleep(ms: number, forSlot = false): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.slotWaiter = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref?.();
      this.slotWaiter = forSlot;
      this.wakeUp = done;
    });
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());
