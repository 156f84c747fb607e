/**
 * Bytes of large downloads allowed in flight at once. Small files (under `smallBytes`, or of
 * unknown size up to it) never wait: a batch's hundreds of images and short clips go at full
 * concurrency, while a few very large files share the budget instead of all streaming at once.
 * Waiters are served in arrival order; a file larger than the whole budget waits for all of it.
 */
export class ByteBudget {
  private inFlight = 0;
  private readonly waiting: { bytes: number; grant: () => void }[] = [];

  constructor(
    readonly capacity: number,
    readonly smallBytes = 8 * 1024 * 1024,
  ) {}

  /** Resolves with a release function once `declared` bytes (capped at the budget) may flow. */
  async acquire(declared: number | null): Promise<() => void> {
    if (declared !== null && declared < this.smallBytes) return () => undefined;
    const bytes = Math.min(this.capacity, Math.max(declared ?? this.smallBytes, this.smallBytes));
    if (this.waiting.length === 0 && this.inFlight + bytes <= this.capacity) this.inFlight += bytes;
    else await new Promise<void>((grant) => this.waiting.push({ bytes, grant }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= bytes;
      this.drain();
    };
  }

  /** Declared bytes of large downloads streaming now. */
  get bytesInFlight(): number {
    return this.inFlight;
  }

  private drain(): void {
    while (this.waiting.length && this.inFlight + this.waiting[0].bytes <= this.capacity) {
      const next = this.waiting.shift()!;
      this.inFlight += next.bytes;
      next.grant();
    }
  }
}
