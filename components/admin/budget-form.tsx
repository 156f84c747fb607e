"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { fetchJson } from "@/components/api-client";
import { useIssueMessage } from "@/components/i18n/use-issue-message";

type Limits = {
  daily: number | null;
  monthly: number | null;
  dailyTokens?: number | null;
  monthlyTokens?: number | null;
};

const toText = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/**
 * A user's daily and monthly limits in credits and in text tokens (blank = no limit), saved with
 * PUT /api/admin/users/{id}/budget. `userId` "local" is the implicit user with accounts off.
 */
export function BudgetForm({
  userId,
  label,
  budget,
}: {
  userId: string;
  label: string;
  budget: Limits | null;
}) {
  const client = useQueryClient();
  const t = useTranslations("admin.budget");
  const errorMessage = useIssueMessage().error;
  const [daily, setDaily] = useState(toText(budget?.daily));
  const [monthly, setMonthly] = useState(toText(budget?.monthly));
  const [dailyTokens, setDailyTokens] = useState(toText(budget?.dailyTokens));
  const [monthlyTokens, setMonthlyTokens] = useState(toText(budget?.monthlyTokens));
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (limits: Limits) =>
      fetchJson<Limits>(`/api/admin/users/${encodeURIComponent(userId)}/budget`, {
        method: "PUT",
        body: JSON.stringify(limits),
      }),
    onSuccess: () => {
      setMessage({ tone: "ok", text: t("saved") });
      void client.invalidateQueries({ queryKey: ["admin", "users"] });
    },
    onError: (error) => setMessage({ tone: "error", text: errorMessage(error) }),
  });
  const parse = (text: string) => (text.trim() === "" ? null : Number(text));

  return (
    <form
      className="flex flex-wrap items-center gap-1.5"
      data-testid="budget-form"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        save.mutate({
          daily: parse(daily),
          monthly: parse(monthly),
          dailyTokens: parse(dailyTokens),
          monthlyTokens: parse(monthlyTokens),
        });
      }}
    >
      <CreditsInput period="day" label={label} value={daily} onChange={setDaily} />
      <CreditsInput period="month" label={label} value={monthly} onChange={setMonthly} />
      <CreditsInput period="day" unit="tokens" label={label} value={dailyTokens} onChange={setDailyTokens} />
      <CreditsInput
        period="month"
        unit="tokens"
        label={label}
        value={monthlyTokens}
        onChange={setMonthlyTokens}
      />
      <Button size="sm" type="submit" disabled={save.isPending}>
        {t("save")}
      </Button>
      {message && (
        <span
          role="status"
          className={message.tone === "ok" ? "text-xs text-emerald-400" : "text-xs text-red-400"}
        >
          {message.text}
        </span>
      )}
    </form>
  );
}

/** One limit: credits (decimals) or text tokens (whole numbers). */
function CreditsInput(props: {
  period: "day" | "month";
  unit?: "credits" | "tokens";
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations("admin.budget");
  const unit = props.unit ?? "credits";
  return (
    <>
      <input
        type="number"
        min={0}
        step={props.unit === "tokens" ? 1 : "any"}
        inputMode={props.unit === "tokens" ? "numeric" : "decimal"}
        placeholder={t("noLimit")}
        aria-label={t("label", { period: props.period, who: props.label, unit })}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={`${inputClass} w-24 py-1`}
      />
      <span className="text-xs text-zinc-400">{t("per", { unit, period: props.period })}</span>
    </>
  );
}
