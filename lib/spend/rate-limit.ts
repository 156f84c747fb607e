import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../env";
import { StudioError } from "../errors";

/**
 * Task submits and batch creations per user per minute (SUBMIT_RATE_PER_MINUTE). Counted in this
 * process's memory (rate-limiter-flexible's fixed window): a submit is a request to this process,
 * and the budget, not this limit, is what guards the credits. A batch creation counts as one submit.
 */
export type SubmitLimiter = { consume(userId: string): Promise<void> };

export function createSubmitLimiter(perMinute: number): SubmitLimiter | null {
  if (perMinute <= 0) return null;
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60, keyPrefix: "submit" });
  return {
    async consume(userId) {
      try {
        await limiter.consume(userId);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new StudioError(
          "rate_limited",
          `Too many submits: at most ${perMinute} tasks or batches per minute. Try again in ${retryAfterSeconds} s.`,
          { details: { retryAfterSeconds, limit: perMinute } },
        );
      }
    },
  };
}

let processLimiter: { perMinute: number; limiter: SubmitLimiter | null } | undefined;

/** The limiter of this process, from the environment. */
export function submitLimiter(): SubmitLimiter | null {
  const perMinute = env().submitRatePerMinute;
  if (processLimiter?.perMinute !== perMinute)
    processLimiter = { perMinute, limiter: createSubmitLimiter(perMinute) };
  return processLimiter.limiter;
}
