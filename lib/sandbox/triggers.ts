/**
 * Deterministic behaviour switches written into the prompt, so tests (and people trying the studio)
 * can reach every task outcome without waiting or mocking. Documented in docs/decisions/sandbox.md.
 */
export type PromptTriggers = {
  /** `[fail]`: the task fails with an error message after processing has started. */
  fail: boolean;
  /** `[fast]`: the task completes about 6 s after submit, still passing through queued and processing. */
  fast: boolean;
  /** `[slow]`: the longest run of the normal 10–30 s band (30 s), so a poller sees many progress values. */
  slow: boolean;
  /** `[ttl=N]`: result URLs expire N seconds after completion instead of the sandbox default. */
  ttlSeconds?: number;
};

const MAX_TTL_SECONDS = 7 * 24 * 3600;

export function parseTriggers(prompt: unknown): PromptTriggers {
  const text = typeof prompt === "string" ? prompt : "";
  const ttl = /\[ttl=(\d{1,7})\]/i.exec(text);
  const ttlSeconds = ttl ? Math.min(MAX_TTL_SECONDS, Math.max(1, Number(ttl[1]))) : undefined;
  return {
    fail: /\[fail\]/i.test(text),
    fast: /\[fast\]/i.test(text),
    slow: /\[slow\]/i.test(text),
    ...(ttlSeconds !== undefined ? { ttlSeconds } : {}),
  };
}
