"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useFormErrors } from "@/components/auth/use-form-action";
import { fetchJson } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import type { TokenSummary } from "@/lib/auth/types";

const TOKENS_KEY = ["account", "tokens"] as const;

function status(token: TokenSummary): {
  label: "revoked" | "expired" | "active";
  tone: "success" | "danger" | "neutral";
} {
  if (token.revokedAt) return { label: "revoked", tone: "neutral" };
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= Date.now())
    return { label: "expired", tone: "danger" };
  return { label: "active", tone: "success" };
}

/** Personal API tokens: create (shown once), list, revoke. */
export function TokensPanel({ mirrorUrl }: { mirrorUrl: string }) {
  const t = useTranslations("account.token");
  const errorMessage = useErrorMessage();
  const format = useFormat();
  const day = (iso: string | null) => (iso ? format.shortDate(iso) : "—");
  const client = useQueryClient();
  const tokens = useQuery({
    queryKey: TOKENS_KEY,
    queryFn: () => fetchJson<{ tokens: TokenSummary[] }>("/api/account/tokens").then((r) => r.tokens),
  });
  const refresh = () => client.invalidateQueries({ queryKey: TOKENS_KEY });
  const create = useMutation({
    mutationFn: (input: { name: string; expiresInDays: number | null }) =>
      fetchJson<TokenSummary & { token: string }>("/api/account/tokens", {
        method: "POST",
        body: JSON.stringify(input),
      }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      fetchJson(`/api/account/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
  const [shown, setShown] = useState<string | null>(null);
  const errors = useFormErrors();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const days = String(form.get("expiresInDays") ?? "").trim();
    errors.clear();
    create.mutate(
      { name: String(form.get("name") ?? ""), expiresInDays: days ? Number(days) : null },
      {
        onSuccess: (created) => {
          setShown(created.token);
          formElement.reset();
        },
        onError: errors.show,
      },
    );
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <Field id="token-name" label={t("name")} error={errors.fields.name}>
          <input id="token-name" name="name" placeholder={t("namePlaceholder")} className={inputClass} />
        </Field>
        <Field
          id="token-days"
          label={t("expires")}
          help={t("expiresHelp")}
          error={errors.fields.expiresInDays}
        >
          <input id="token-days" name="expiresInDays" type="number" min={1} className={inputClass} />
        </Field>
        <Button type="submit" variant="primary" disabled={create.isPending} className="sm:mt-7">
          {t("create")}
        </Button>
      </form>
      {errors.message && (
        <Alert tone="danger" live>
          {errors.message}
        </Alert>
      )}
      {shown && (
        <Alert tone="warning" title={t("newTitle")} testId="new-token">
          <code
            data-testid="new-token-value"
            translate="no"
            className="block break-all rounded bg-zinc-950 px-2 py-1.5 text-zinc-100"
          >
            {shown}
          </code>
          <p className="mt-2">
            {t.rich("useAs", {
              url: mirrorUrl,
              code: (chunks) => <code translate="no">{chunks}</code>,
              mirror: (chunks) => (
                <code className="break-all" translate="no">
                  {chunks}
                </code>
              ),
            })}
          </p>
        </Alert>
      )}
      {tokens.isError && <Alert tone="danger">{errorMessage(tokens.error)}</Alert>}
      {tokens.data && tokens.data.length > 0 && (
        <ul className="divide-y divide-zinc-800 rounded-lg border border-zinc-800">
          {tokens.data.map((token) => {
            const s = status(token);
            return (
              <li
                key={token.id}
                data-testid="token-row"
                className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm"
              >
                <span className="font-medium text-zinc-100" data-user-text>
                  {token.name}
                </span>
                <code className="text-xs text-zinc-400" translate="no">
                  {token.start}…
                </code>
                <Badge tone={s.tone}>{t(s.label)}</Badge>
                <span className="text-xs text-zinc-400">
                  {t("row", {
                    created: day(token.createdAt),
                    expires: day(token.expiresAt),
                    lastUsed: day(token.lastUsedAt),
                  })}
                </span>
                {s.label === "active" && (
                  <Button
                    size="sm"
                    variant="danger"
                    className="ml-auto"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(token.id)}
                  >
                    {t("revoke")}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
