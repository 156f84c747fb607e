"use client";

import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormat } from "@/components/i18n/use-format";
import type { SpendReport } from "@/lib/spend/types";
import { useUserLabel } from "./use-user-label";

/**
 * The spend page's charts (recharts). Loaded with next/dynamic and no server rendering, so the
 * library is in this page's chunk only.
 */
const COLORS = ["#38bdf8", "#a78bfa", "#34d399", "#fbbf24", "#f87171", "#f472b6", "#2dd4bf", "#fb923c"];
/** The series of the models beyond the top ones (its legend is the `spend.chart.other` message). */
const OTHER = "__other_models__";
const MAX_SERIES = COLORS.length - 1;

const axis = { stroke: "#71717a", fontSize: 12 };
const tooltip = {
  contentStyle: { background: "#18181b", border: "1px solid #3f3f46", borderRadius: 6 },
  labelStyle: { color: "#e4e4e7" },
  cursor: { fill: "#27272a" },
};

function Chart({ title, testId, children }: { title: string; testId: string; children: React.ReactElement }) {
  return (
    <figure className="rounded-lg border border-zinc-800 p-4" data-testid={testId}>
      <figcaption className="mb-3 text-sm font-semibold text-zinc-300">{title}</figcaption>
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The series' colours and names; recharts' own legend labels its icons in English. */
function SeriesLegend({ payload }: { payload?: readonly { value?: unknown; color?: string }[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-3 gap-y-1 pt-2 text-xs">
      {payload?.map((entry) => (
        <li key={String(entry.value)} className="flex items-center gap-1.5" style={{ color: entry.color }}>
          <span
            aria-hidden
            className="inline-block size-2.5 rounded-sm"
            style={{ background: entry.color }}
          />
          <span translate="no">{String(entry.value ?? "")}</span>
        </li>
      ))}
    </ul>
  );
}

export default function SpendCharts({ report }: { report: SpendReport }) {
  const t = useTranslations("spend.chart");
  const format = useFormat();
  const userLabel = useUserLabel();
  const tick = (value: number) => format.number(value);
  const value = (v: unknown) => (typeof v === "number" ? format.number(v) : String(v ?? ""));
  const users = report.users?.map((u) => ({ ...u, label: userLabel(u.userId, u.label) }));
  // Stacked per model; beyond the top models the rest is one series.
  const top = report.models.slice(0, MAX_SERIES).map((m) => m.model);
  const series = report.models.length > top.length ? [...top, OTHER] : top;
  const days = report.days.map((day) => {
    const row: Record<string, number | string> = { day: day.day.slice(5) };
    for (const [model, credits] of Object.entries(day.byModel)) {
      const key = top.includes(model) ? model : OTHER;
      row[key] = Math.round(((Number(row[key]) || 0) + credits) * 100) / 100;
    }
    return row;
  });

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Chart title={t("perDay")} testId="chart-per-day">
        <BarChart data={days}>
          <CartesianGrid stroke="#27272a" vertical={false} />
          <XAxis dataKey="day" tick={axis} stroke={axis.stroke} />
          <YAxis tick={axis} stroke={axis.stroke} width={48} tickFormatter={tick} />
          <Tooltip {...tooltip} formatter={value} />
          <Legend content={SeriesLegend} />
          {series.map((model, i) => (
            <Bar
              key={model}
              dataKey={model}
              name={model === OTHER ? t("other") : model}
              stackId="credits"
              fill={COLORS[i % COLORS.length]}
            />
          ))}
        </BarChart>
      </Chart>
      <Chart title={t("perModel")} testId="chart-per-model">
        <BarChart data={report.models} layout="vertical" margin={{ left: 24 }}>
          <CartesianGrid stroke="#27272a" horizontal={false} />
          <XAxis type="number" tick={axis} stroke={axis.stroke} tickFormatter={tick} />
          <YAxis type="category" dataKey="model" tick={axis} stroke={axis.stroke} width={140} />
          <Tooltip {...tooltip} formatter={value} />
          <Bar dataKey="credits" name={t("credits")} fill={COLORS[0]} />
        </BarChart>
      </Chart>
      {users && (
        <Chart title={t("perUser")} testId="chart-per-user">
          <BarChart data={users} layout="vertical" margin={{ left: 24 }}>
            <CartesianGrid stroke="#27272a" horizontal={false} />
            <XAxis type="number" tick={axis} stroke={axis.stroke} tickFormatter={tick} />
            <YAxis type="category" dataKey="label" tick={axis} stroke={axis.stroke} width={160} />
            <Tooltip {...tooltip} formatter={value} />
            <Bar dataKey="credits" name={t("credits")} fill={COLORS[1]} />
          </BarChart>
        </Chart>
      )}
    </div>
  );
}
