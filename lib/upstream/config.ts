import "server-only";
import { Agent } from "undici";
import { env } from "../env";

/** Where and how the task API is called; injected so tests can point at any local upstream. */
export type UpstreamConfig = {
  /** The spec's {base_url}, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** Limit for a submit or query call, headers and body together. */
  timeoutMs?: number;
  /** The connection pool (keep-alive); the process's shared one when unset. */
  agent?: Agent;
};

/** Connections beyond the tracker's poll workers: submits, browsers' reads, the batch runner. */
const EXTRA_CONNECTIONS = 32;

export function upstreamConfig(): UpstreamConfig {
  const e = env();
  return {
    baseUrl: e.upstreamBaseUrl,
    apiKey: e.apiKey,
    agent: upstreamAgent(e.tracker.pollWorkers + EXTRA_CONNECTIONS),
  };
}

const holder = globalThis as typeof globalThis & { __studioUpstreamAgent?: Agent };

/**
 * The process's one pool of keep-alive connections to the task API, at most `connections` per
 * origin (the first caller sizes it): one per poll worker and some to spare, so a poll never waits
 * for a handshake and the upstream never sees more sockets than the tracker has workers.
 */
export function upstreamAgent(connections = 128): Agent {
  holder.__studioUpstreamAgent ??= new Agent({
    connections,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
  });
  return holder.__studioUpstreamAgent;
}
