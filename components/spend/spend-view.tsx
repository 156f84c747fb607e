"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useUsersQuery } from "@/components/admin/admin-api";
import { fetchJson } from "@/components/api-client";
import { Alert } from "@/components/ui/alert";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import type { SpendReport } from "@/lib/spend/types";
import { TextUsageTables } from "./text-usage-tables";

// recharts stays in this page's own chunk, loaded in the browser only.
const SpendCharts = dynamic(() => import("./spend-charts"), {
  ssr: false,
  loading: () => <Spinner label="Loading charts" />,
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
  const users = useUsersQuery();
  return (
    <label className="space-y-1 text-sm text-zinc-300">
      <span className="block">User</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} w-56`}>
        <option value={ALL}>Everyone</option>
        {(users.data ?? []).map((user) => (
          <option key={user.id} value={user.id}>
            {user.email}
          </option>
        ))}
        {!users.data?.some((user) => user.id === self) && <option value={self}>Me</option>}
      </select>
    </label>
  );
}

export function SpendView({ self, isAdmin }: { self: { id: string; label: string }; isAdmin: boolean }) {
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
        <h1 className="text-xl font-semibold">Spend</h1>
        <div className="flex flex-wrap items-end gap-3">
          <label className="space-y-1 text-sm text-zinc-300">
            <span className="block">From</span>
            <input
              type="date"
              value={from}
              max={to}
              onChange={(e) => e.target.value && setFrom(e.target.value)}
              className={`${inputClass} w-40`}
            />
          </label>
          <label className="space-y-1 text-sm text-zinc-300">
            <span className="block">To</span>
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

      {report.isError && <Alert tone="danger">{report.error.message}</Alert>}
      {!data && report.isPending && <Spinner label="Loading spend" />}
      {data && (
        <>
          <div className="grid gap-3 sm:grid-cols-5">
            <Stat label="Credits" value={String(data.totals.credits)} testId="spend-total" />
            <Stat label="Tasks" value={String(data.totals.tasks)} testId="spend-tasks" />
            <Stat label="Still running" value={String(data.totals.running)} testId="spend-running" />
            <Stat
              label="Text tokens"
              value={data.totals.textTokens.toLocaleString("en")}
              testId="spend-text-tokens"
            />
            <Stat label="Text credits" value={String(data.totals.textCredits)} testId="spend-text-credits" />
          </div>

          {data.budget && (
            <section className="space-y-2" data-testid="spend-budget">
              <h2 className="text-sm font-semibold text-zinc-300">Budget of {data.user?.label}</h2>
              {data.budget.periods.every((p) => p.limit === null) &&
              !data.textBudget?.some((p) => p.tokenLimit !== null) ? (
                <p className="text-sm text-zinc-400">No limit.</p>
              ) : (
                <ul className="text-sm text-zinc-300">
                  {data.budget.periods
                    .filter((p) => p.limit !== null)
                    .map((p) => (
                      <li key={p.period}>
                        {p.period === "day" ? "Today" : "This month"}: {p.spent} spent
                        {p.running ? ` + ${p.running} running` : ""} of {p.limit} credits
                      </li>
                    ))}
                </ul>
              )}
            </section>
          )}

          {data.totals.tasks === 0 ? (
            <p className="text-sm text-zinc-400" data-testid="spend-empty">
              No tasks in this range.
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
