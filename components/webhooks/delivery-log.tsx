"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useDeliveries } from "./use-webhooks";
import { answerFailure } from "@/lib/failure-fields";

const tone = { delivered: "success", failed: "danger", pending: "warning" } as const;
const isState = (state: string): state is keyof typeof tone => Object.hasOwn(tone, state);

/** An endpoint's recent deliveries: each with its last attempt's code, latency and answer. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const t = useTranslations("webhooks");
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const failureMessage = useFailureMessage();
  const { log, redeliver } = useDeliveries(endpointId);
  if (log.isError) return <Alert tone="danger">{errorMessage(log.error)}</Alert>;
  if (!log.data) return <p className="text-xs text-zinc-400">{t("loadingDeliveries")}</p>;
  if (log.data.length === 0) return <p className="text-xs text-zinc-400">{t("noDeliveries")}</p>;
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
            <code className="text-zinc-300" translate="no">
              {delivery.event}
            </code>
            <Badge tone={isState(delivery.state) ? tone[delivery.state] : "neutral"}>
              {isState(delivery.state) ? t(`state.${delivery.state}`) : delivery.state}
            </Badge>
            <span className="text-zinc-400">
              {format.dateTime(delivery.createdAt)} · {t("attempts", { count: delivery.attempts })}
              {last && (
                <>
                  {" "}
                  · {last.status ?? t("noAnswer")} ·{" "}
                  {last.latencyMs === null || last.latencyMs === undefined
                    ? "—"
                    : t("latency", { ms: last.latencyMs })}
                </>
              )}
              {delivery.state === "pending" && delivery.attempts > 0 && (
                <> · {t("nextAttempt", { time: format.time(delivery.nextAttemptAt) })}</>
              )}
            </span>
            <code className="text-zinc-400" translate="no">
              {delivery.id}
            </code>
            <Button
              size="sm"
              className="ml-auto"
              disabled={redeliver.isPending}
              onClick={() => redeliver.mutate(delivery.id)}
            >
              {t("redeliver")}
            </Button>
            {last && (last.error || last.bodyExcerpt) && (
              <pre
                translate="no"
                className="w-full overflow-x-auto whitespace-pre-wrap rounded bg-zinc-950 p-1.5 text-zinc-400"
              >
                {[failureMessage(answerFailure(last)), last.bodyExcerpt].filter(Boolean).join("\n")}
              </pre>
            )}
          </li>
        );
      })}
    </ul>
  );
}
