"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/api-client";
import type { FailureParam } from "@/lib/errors";

/** An endpoint as /api/webhooks answers it (dates as ISO strings; never its secret). */
export type WebhookEndpointView = {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  /** Why it was disabled, in English; its code and params word it in the page's language. */
  disabledReason: string | null;
  disabledReasonCode: string | null;
  disabledReasonParams: Record<string, FailureParam> | null;
  failingSince: string | null;
  global: boolean;
  createdAt: string;
};

export type DeliveryView = {
  id: string;
  event: string;
  state: string;
  attempts: number;
  nextAttemptAt: string;
  deliveredAt: string | null;
  createdAt: string;
  log: {
    id: string;
    at: string;
    status: number | null;
    latencyMs: number | null;
    error: string | null;
    errorCode: string | null;
    errorParams: Record<string, FailureParam> | null;
    bodyExcerpt: string | null;
  }[];
};

export const WEBHOOKS_KEY = ["account", "webhooks"] as const;
const base = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export function useWebhooks() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: () => fetchJson<{ endpoints: WebhookEndpointView[] }>("/api/webhooks").then((r) => r.endpoints),
  });
  const onSuccess = () => client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  const post = (url: string, body?: unknown) =>
    fetchJson<Record<string, unknown>>(url, {
      method: "POST",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    list,
    create: useMutation({
      mutationFn: (input: { url: string; events: string[]; description: string; global: boolean }) =>
        fetchJson<WebhookEndpointView & { secret: string }>("/api/webhooks", {
          method: "POST",
          body: JSON.stringify(input),
        }),
      onSuccess,
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
        fetchJson(base(id), { method: "PATCH", body: JSON.stringify({ enabled }) }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => fetchJson(base(id), { method: "DELETE" }), onSuccess }),
    rotate: useMutation({
      mutationFn: (id: string) => post(`${base(id)}/rotate`) as Promise<{ id: string; secret: string }>,
    }),
    test: useMutation({
      mutationFn: (id: string) => post(`${base(id)}/test`),
      onSuccess: (_, id) => client.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, id] }),
    }),
  };
}

/** One endpoint's delivery log, refreshed while something is pending. */
export function useDeliveries(endpointId: string) {
  const client = useQueryClient();
  const key = [...WEBHOOKS_KEY, endpointId];
  const log = useQuery({
    queryKey: key,
    queryFn: () =>
      fetchJson<{ items: DeliveryView[] }>(`${base(endpointId)}/deliveries?limit=20`).then((r) => r.items),
    refetchInterval: (query) => (query.state.data?.some((d) => d.state === "pending") ? 2_000 : false),
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) =>
      fetchJson(`/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  return { log, redeliver };
}
