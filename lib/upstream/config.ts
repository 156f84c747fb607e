import { env } from "../env";

/** Where and how the task API is called; injected so tests can point at any local upstream. */
export type UpstreamConfig = {
  /** The spec's {base_url}, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** Limit for a submit or query call, headers and body together. */
  timeoutMs?: number;
};

export function upstreamConfig(): UpstreamConfig {
  const e = env();
  return { baseUrl: e.upstreamBaseUrl, apiKey: e.apiKey };
}

/**
 * Removes the key and the base URL from text that may reach a browser (an upstream error message
 * or page excerpt could echo either back).
 */
export function redact(text: string, config: UpstreamConfig): string {
  let out = text;
  for (const secret of [config.apiKey, config.baseUrl]) {
    if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}
