"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useFormErrors } from "@/components/auth/use-form-action";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/events";
import { DeliveryLog } from "./delivery-log";
import { SecretNotice } from "./secret-notice";
import { useWebhooks, type WebhookEndpointView } from "./use-webhooks";
import { answerFailure } from "@/lib/failure-fields";

/** Webhook endpoints: create (secret shown once), enable/disable, rotate, test, delivery log. */
export function WebhooksPanel({ isAdmin }: { isAdmin: boolean }) {
  const t = useTranslations("webhooks");
  const errorMessage = useErrorMessage();
  const hooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const errors = useFormErrors();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    errors.clear();
    hooks.create.mutate(
      {
        url: String(form.get("url") ?? ""),
        description: String(form.get("description") ?? ""),
        events: form.getAll("events").map(String),
        global: form.get("global") === "on",
      },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          formElement.reset();
        },
        onError: errors.show,
      },
    );
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="webhook-url" label={t("url")} error={errors.fields.url}>
            <input id="webhook-url" name="url" placeholder={t("urlPlaceholder")} className={inputClass} />
          </Field>
          <Field id="webhook-description" label={t("description")} error={errors.fields.description}>
            <input id="webhook-description" name="description" className={inputClass} />
          </Field>
        </div>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 text-xs text-zinc-400">{t("events")}</legend>
          {(Object.keys(WEBHOOK_EVENTS) as WebhookEvent[]).map((name) => (
            <label key={name} className="flex items-center gap-1.5" title={t(`eventHelp.${name}`)}>
              <input type="checkbox" name="events" value={name} defaultChecked={name === "task.stored"} />
              <code translate="no">{name}</code>
            </label>
          ))}
          {isAdmin && (
            <label className="flex items-center gap-1.5" title={t("globalHelp")}>
              <input type="checkbox" name="global" /> {t("global")}
            </label>
          )}
        </fieldset>
        {errors.fields.events && <p className="text-xs text-red-400">{errors.fields.events}</p>}
        <Button type="submit" variant="primary" disabled={hooks.create.isPending}>
          {t("addEndpoint")}
        </Button>
      </form>
      {errors.message && (
        <Alert tone="danger" live>
          {errors.message}
        </Alert>
      )}
      {secret && <SecretNotice secret={secret} />}
      {hooks.list.isError && <Alert tone="danger">{errorMessage(hooks.list.error)}</Alert>}
      <ul className="space-y-3">
        {hooks.list.data?.map((endpoint) => (
          <EndpointRow key={endpoint.id} endpoint={endpoint} hooks={hooks} onSecret={setSecret} />
        ))}
      </ul>
    </div>
  );
}

function EndpointRow({
  endpoint,
  hooks,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  hooks: ReturnType<typeof useWebhooks>;
  onSecret: (secret: string) => void;
}) {
  const t = useTranslations("webhooks");
  const failureMessage = useFailureMessage();
  const [open, setOpen] = useState(false);
  return (
    <li data-testid="webhook-row" className="space-y-2 rounded-lg border border-zinc-800 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all text-zinc-100" translate="no">
          {endpoint.url}
        </code>
        <Badge tone={endpoint.enabled ? "success" : "danger"}>
          {endpoint.enabled ? t("enabled") : t("disabled")}
        </Badge>
        {endpoint.global && <Badge tone="info">{t("globalBadge")}</Badge>}
        <span className="text-xs text-zinc-400" translate="no">
          {endpoint.events.join(", ")}
        </span>
        {endpoint.description && (
          <span className="text-xs text-zinc-400" data-user-text>
            {endpoint.description}
          </span>
        )}
      </div>
      {endpoint.disabledReason && (
        <Alert tone="warning" testId="webhook-disabled-reason">
          {failureMessage(answerFailure(endpoint, "disabledReason"))}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => hooks.setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? t("disable") : t("enable")}
        </Button>
        <Button size="sm" onClick={() => hooks.test.mutate(endpoint.id, { onSuccess: () => setOpen(true) })}>
          {t("sendTest")}
        </Button>
        <Button
          size="sm"
          onClick={() => hooks.rotate.mutate(endpoint.id, { onSuccess: (r) => onSecret(r.secret) })}
        >
          {t("rotate")}
        </Button>
        <Button size="sm" onClick={() => setOpen(!open)}>
          {open ? t("hideDeliveries") : t("deliveries")}
        </Button>
        <Button
          size="sm"
          variant="danger"
          className="ml-auto"
          onClick={() => hooks.remove.mutate(endpoint.id)}
        >
          {t("delete")}
        </Button>
      </div>
      {open && <DeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}
