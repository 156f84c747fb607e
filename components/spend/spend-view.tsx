"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useUsersQuery } from "@/components/admin/admin-api";
import { fetchJson } from "@/components/api-client";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import type { SpendReport } from "@/lib/spend/types";
import { TextUsageTables } from "./text-usage-tables";
import { useUserLabel } from "./use-user-label";

function ChartsLoading() {
  const t = useTranslations("spend");
  return <Spinner label={t("loadingCharts")} />;
}

// recharts stays in this page's own chunk, loaded in the browser only.
const SpendCharts = dynamic(() => import("./spend-charts"), {
  ssr: false,
  loading: () => <ChartsLoading />,
});

const ALL = "all";

function dayText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-zinc-800 px-4 py-3">
      <div className="text-xs uppercase tracking-wide text-zinc-400">{label}</div>
      <div className="mt-1 text-lg font-semibold text-zinc-100" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** Admins pick any user (or everyone); members see their own spend. */
function UserPicker({
  value,
  onChange,
  self,
}: {
  value: string;
  onChange: (id: string) => void;
  self: string;
}) {
  const t = useTranslations("spend");
  const users = useUsersQuery();
  return (
    <label className="space-y-1 text-sm text-zinc-300">
      <span className="block">{t("user")}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} w-56`}>
        <option value={ALL}>{t("everyone")}</option>
        {(users.data ?? []).map((user) => (
          <option key={user.id} value={user.id}>
            {user.email}
          </option>
        ))}
        {!users.data?.some((user) => user.id === self) && <option value={self}>{t("me")}</option>}
      </select>
    </label>
  );
}

export function SpendView({ self, isAdmin }: { self: { id: string; label: string }; isAdmin: boolean }) {
  const t = useTranslations("spend");
  const format = useFormat();
  const errorMessage = useIssueMessage().error;
  const userLabel = useUserLabel();
  const today = new Date();
  const [to, setTo] = useState(dayText(today));
  const [from, setFrom] = useState(
    dayText(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)),
  );
  const [user, setUser] = useState(isAdmin ? ALL : self.id);
  const params = new URLSearchParams({ from, to, user });
  const report = useQuery({
    queryKey: ["spend", from, to, user],
    queryFn: () => fetchJson<SpendReport>(`/api/spend?${params}`),
    placeholderData: (previous) => previous,
  });
  const data = report.data;

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-xl font-semibold">{t("heading")}</h1>
        <div className="flex flex-wrap items-end gap-3">
          <label className="space-y-1 text-sm text-zinc-300">
            <span className="block">{t("from")}</span>
            <input
              type="date"
              value={from}
              max={to}
              onChange={(e) => e.target.value && setFrom(e.target.value)}
              className={`${inputClass} w-40`}
            />
          </label>
          <label className="space-y-1 text-sm text-zinc-300">
            <span className="block">{t("to")}</span>
            <input
              type="date"
              value={to}
              min={from}
              onChange={(e) => e.target.value && setTo(e.target.value)}
              className={`${inputClass} w-40`}
            />
          </label>
          {isAdmin && <UserPicker value={user} onChange={setUser} self={self.id} />}
        </div>
      </div>

      {report.isError && <Alert tone="danger">{errorMessage(report.error)}</Alert>}
      {!data && report.isPending && <Spinner label={t("loading")} />}
      {data && (
        <>
          <div className="grid gap-3 sm:grid-cols-5">
            <Stat label={t("stat.credits")} value={format.number(data.totals.credits)} testId="spend-total" />
            <Stat label={t("stat.tasks")} value={format.number(data.totals.tasks)} testId="spend-tasks" />
            <Stat
              label={t("stat.running")}
              value={format.number(data.totals.running)}
              testId="spend-running"
            />
            <Stat
              label={t("stat.textTokens")}
              value={format.number(data.totals.textTokens)}
              testId="spend-text-tokens"
            />
            <Stat
              label={t("stat.textCredits")}
              value={format.number(data.totals.textCredits)}
              testId="spend-text-credits"
            />
          </div>

          {data.budget && (
            <section className="space-y-2" data-testid="spend-budget">
              <h2 className="text-sm font-semibold text-zinc-300">
                {t("budgetOf", { user: data.user ? userLabel(data.user.id, data.user.label) : "" })}
              </h2>
              {data.budget.periods.every((p) => p.limit === null) &&
              !data.textBudget?.some((p) => p.tokenLimit !== null) ? (
                <p className="text-sm text-zinc-400">{t("noLimit")}</p>
              ) : (
                <ul className="text-sm text-zinc-300">
                  {data.budget.periods
                    .filter((p) => p.limit !== null)
                    .map((p) => (
                      <li key={p.period}>
                        {t("budgetLine", {
                          period: p.period,
                          spent: p.spent,
                          running: p.running,
                          limit: p.limit ?? 0,
                        })}
                      </li>
                    ))}
                </ul>
              )}
            </section>
          )}

          {data.totals.tasks === 0 ? (
            <p className="text-sm text-zinc-400" data-testid="spend-empty">
              {t("noTasks")}
            </p>
          ) : (
            <SpendCharts report={data} />
          )}

          <TextUsageTables report={data} />
        </>
      )}
    </div>
  );
}
