import type { TaskDeps } from "./deps";
import { writePollOutcomes, type PollOutcome } from "./poll-outcome";

type Pending = { outcome: PollOutcome; done: (urls: number) => void };

/**
 * Gathers the outcomes of concurrent polls and writes them in one transaction every `gatherMs`
 * (or as soon as `maxBatch` are waiting): hundreds of polls a second become a few commits a
 * second. A batch that fails is written again one outcome at a time, so one bad row costs only
 * itself (its lease then runs out and the task is polled again).
 */
export class PollWriter {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** Commits and outcomes written, for the benchmark and health. */
  readonly stats = { commits: 0, outcomes: 0 };

  constructor(
    private readonly deps: TaskDeps,
    private readonly options: { gatherMs: number; maxBatch: number } = { gatherMs: 20, maxBatch: 200 },
  ) {}

  /** Resolves with the number of result URLs the outcome added once it is written (never rejects). */
  write(outcome: PollOutcome): Promise<number> {
    return new Promise((done) => {
      this.queue.push({ outcome, done });
      if (this.queue.length >= this.options.maxBatch) this.flushSoon(0);
      else this.flushSoon(this.options.gatherMs);
    });
  }

  private flushSoon(ms: number): void {
    if (this.flushing) return; // the running flush schedules the next one
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        if (this.queue.length) this.flushSoon(this.queue.length >= this.options.maxBatch ? 0 : 1);
      });
    }, ms);
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, this.options.maxBatch);
    if (batch.length === 0) return;
    try {
      const urls = await writePollOutcomes(
        batch.map((p) => p.outcome),
        this.deps,
      );
      this.stats.commits++;
      this.stats.outcomes += batch.length;
      // The caller only needs to know whether downloads were added; the total says so.
      for (const pending of batch) pending.done(urls);
    } catch (error) {
      this.deps.log.warn(
        `[tracker] writing ${batch.length} poll results at once failed (${(error as Error)?.message ?? error}); writing them one by one.`,
      );
      for (const pending of batch) {
        try {
          pending.done(await writePollOutcomes([pending.outcome], this.deps));
          this.stats.commits++;
          this.stats.outcomes++;
        } catch (single) {
          this.deps.log.error(
            `[tracker] recording the poll of task ${pending.outcome.task.id} failed:`,
            single,
          );
          pending.done(0);
        }
      }
    }
  }

  /** Writes what is queued now (stop). */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing || this.timer) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      if (this.flushing) await this.flushing;
      else if (this.queue.length) await this.flush();
    }
  }
}
