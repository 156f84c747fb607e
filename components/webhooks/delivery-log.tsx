"use client";

import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useDeliveries } from "./use-webhooks";

const tone = { delivered: "success", failed: "danger", pending: "warning" } as const;

/** An endpoint's recent deliveries: each with its last attempt's code, latency and answer. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { log, redeliver } = useDeliveries(endpointId);
  if (log.isError) return <Alert tone="danger">{log.error.message}</Alert>;
  if (!log.data) return <p className="text-xs text-zinc-400">Loading deliveries…</p>;
  if (log.data.length === 0) return <p className="text-xs text-zinc-400">No deliveries yet.</p>;
  return (
    <ul className="divide-y divide-zinc-800 text-xs" data-testid="delivery-log">
      {log.data.map((delivery) => {
        const last = delivery.log[0];
        return (
          <li
            key={delivery.id}
            data-testid="delivery-row"
            className="flex flex-wrap items-center gap-2 py-1.5"
          >
            <code className="text-zinc-300">{delivery.event}</code>
            <Badge tone={tone[delivery.state as keyof typeof tone] ?? "neutral"}>{delivery.state}</Badge>
            <span className="text-zinc-400">
              {new Date(delivery.createdAt).toLocaleString()} · {delivery.attempts} attempt
              {delivery.attempts === 1 ? "" : "s"}
              {last && (
                <>
                  {" "}
                  · {last.status ?? "no answer"} · {last.latencyMs ?? "—"} ms
                </>
              )}
              {delivery.state === "pending" && delivery.attempts > 0 && (
                <> · next {new Date(delivery.nextAttemptAt).toLocaleTimeString()}</>
              )}
            </span>
            <code className="text-zinc-400">{delivery.id}</code>
            <Button
              size="sm"
              className="ml-auto"
              disabled={redeliver.isPending}
              onClick={() => redeliver.mutate(delivery.id)}
            >
              Redeliver
            </Button>
            {last && (last.error || last.bodyExcerpt) && (
              <pre className="w-full overflow-x-auto whitespace-pre-wrap rounded bg-zinc-950 p-1.5 text-zinc-400">
                {[last.error, last.bodyExcerpt].filter(Boolean).join("\n")}
              </pre>
            )}
          </li>
        );
      })}
    </ul>
  );
}
