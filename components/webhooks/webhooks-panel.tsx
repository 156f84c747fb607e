"use client";

import { useState, type FormEvent } from "react";
import { useFormErrors } from "@/components/auth/use-form-action";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { DeliveryLog } from "./delivery-log";
import { SecretNotice } from "./secret-notice";
import { useWebhooks, type WebhookEndpointView } from "./use-webhooks";

/** Webhook endpoints: create (secret shown once), enable/disable, rotate, test, delivery log. */
export function WebhooksPanel({ isAdmin }: { isAdmin: boolean }) {
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
          <Field id="webhook-url" label="URL" error={errors.fields.url}>
            <input
              id="webhook-url"
              name="url"
              placeholder="https://example.com/hooks/studio"
              className={inputClass}
            />
          </Field>
          <Field id="webhook-description" label="Description" error={errors.fields.description}>
            <input id="webhook-description" name="description" className={inputClass} />
          </Field>
        </div>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 text-xs text-zinc-400">Events</legend>
          {Object.entries(WEBHOOK_EVENTS).map(([name, help]) => (
            <label key={name} className="flex items-center gap-1.5" title={help}>
              <input type="checkbox" name="events" value={name} defaultChecked={name === "task.stored"} />
              <code>{name}</code>
            </label>
          ))}
          {isAdmin && (
            <label className="flex items-center gap-1.5" title="Receives every user's events">
              <input type="checkbox" name="global" /> global (every user&apos;s events)
            </label>
          )}
        </fieldset>
        {errors.fields.events && <p className="text-xs text-red-400">{errors.fields.events}</p>}
        <Button type="submit" variant="primary" disabled={hooks.create.isPending}>
          Add endpoint
        </Button>
      </form>
      {errors.message && (
        <Alert tone="danger" live>
          {errors.message}
        </Alert>
      )}
      {secret && <SecretNotice secret={secret} />}
      {hooks.list.isError && <Alert tone="danger">{hooks.list.error.message}</Alert>}
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
  const [open, setOpen] = useState(false);
  return (
    <li data-testid="webhook-row" className="space-y-2 rounded-lg border border-zinc-800 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all text-zinc-100">{endpoint.url}</code>
        <Badge tone={endpoint.enabled ? "success" : "danger"}>
          {endpoint.enabled ? "enabled" : "disabled"}
        </Badge>
        {endpoint.global && <Badge tone="info">global</Badge>}
        <span className="text-xs text-zinc-400">{endpoint.events.join(", ")}</span>
        {endpoint.description && <span className="text-xs text-zinc-400">{endpoint.description}</span>}
      </div>
      {endpoint.disabledReason && (
        <Alert tone="warning" testId="webhook-disabled-reason">
          {endpoint.disabledReason}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => hooks.setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? "Disable" : "Enable"}
        </Button>
        <Button size="sm" onClick={() => hooks.test.mutate(endpoint.id, { onSuccess: () => setOpen(true) })}>
          Send test event
        </Button>
        <Button
          size="sm"
          onClick={() => hooks.rotate.mutate(endpoint.id, { onSuccess: (r) => onSecret(r.secret) })}
        >
          Rotate secret
        </Button>
        <Button size="sm" onClick={() => setOpen(!open)}>
          {open ? "Hide deliveries" : "Deliveries"}
        </Button>
        <Button
          size="sm"
          variant="danger"
          className="ml-auto"
          onClick={() => hooks.remove.mutate(endpoint.id)}
        >
          Delete
        </Button>
      </div>
      {open && <DeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}
