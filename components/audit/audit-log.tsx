"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { fetchJson } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { AUDIT_ACTION_NAMES } from "@/lib/audit/actions";
import type { AuditEntryView } from "@/lib/audit/schema";

type Filters = { action: string; outcome: string; actor: string; target: string; from: string; to: string };
const EMPTY: Filters = { action: "", outcome: "", actor: "", target: "", from: "", to: "" };

function query(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  return params;
}

function useAuditQuery(filters: Filters) {
  return useInfiniteQuery({
    queryKey: ["admin", "audit", filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = query(filters);
      if (pageParam) params.set("cursor", pageParam);
      return fetchJson<{ entries: AuditEntryView[]; nextCursor: string | null }>(
        `/api/admin/audit?${params}`,
      );
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** An action's words: its message (audit.actions.<dotted name>), or the name itself if it has none. */
function useActionLabel() {
  const t = useTranslations("audit.actions");
  return (action: string) => (t.has(action as never) ? t(action as never) : action);
}

/** The audit log with its filters; the export link carries the same filters. */
export function AuditLog() {
  const t = useTranslations("audit");
  const actionLabel = useActionLabel();
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const log = useAuditQuery(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const field = (key: keyof Filters) => ({
    id: `audit-${key}`,
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
    className: inputClass,
  });

  return (
    <div className="space-y-4">
      <form
        className="grid grid-cols-2 gap-3 md:grid-cols-7"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <label className="space-y-1 text-xs text-zinc-400">
          {t("action")}
          <select {...field("action")}>
            <option value="">{t("any")}</option>
            {AUDIT_ACTION_NAMES.map((name) => (
              <option key={name} value={name}>
                {actionLabel(name)}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          {t("outcome")}
          <select {...field("outcome")}>
            <option value="">{t("any")}</option>
            <option value="success">{t("done")}</option>
            <option value="failure">{t("refused")}</option>
          </select>
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          {t("who")}
          <input {...field("actor")} placeholder={t("whoPlaceholder")} />
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          {t("target")}
          <input {...field("target")} placeholder={t("targetPlaceholder")} />
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          {t("from")}
          <input type="date" {...field("from")} />
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          {t("to")}
          <input type="date" {...field("to")} />
        </label>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="primary">
            {t("filter")}
          </Button>
          <a
            className="inline-flex h-9 items-center rounded-md border border-zinc-700 px-3 text-sm text-zinc-100 hover:bg-zinc-800"
            href={`/api/admin/audit/export?${query(filters)}`}
            download
          >
            {t("export")}
          </a>
        </div>
      </form>
      {log.error && <Alert tone="danger">{errorMessage(log.error)}</Alert>}
      <div className="overflow-x-auto rounded-md border border-zinc-800">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-900 text-xs text-zinc-400">
            <tr>
              <th className="px-3 py-2">{t("colWhen")}</th>
              <th className="px-3 py-2">{t("colWho")}</th>
              <th className="px-3 py-2">{t("colWhat")}</th>
              <th className="px-3 py-2">{t("colTarget")}</th>
              <th className="px-3 py-2">{t("colAddress")}</th>
              <th className="px-3 py-2">{t("colDetails")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-zinc-800 align-top" data-testid="audit-row">
                <td className="whitespace-nowrap px-3 py-2 text-zinc-400">
                  {entry.at.slice(0, 19).replace("T", " ")}
                </td>
                <td className="px-3 py-2">
                  {entry.actorEmail ? (
                    <span translate="no">{entry.actorEmail}</span>
                  ) : entry.actorId === "local" ? (
                    t("localAdmin")
                  ) : (
                    "—"
                  )}
                </td>
                <td className="px-3 py-2">
                  {actionLabel(entry.action)}
                  {entry.outcome === "failure" && (
                    <span className="ml-2 text-red-400">{t("refusedTag")}</span>
                  )}
                </td>
                <td className="px-3 py-2 text-zinc-300" translate="no">
                  {entry.targetLabel ?? entry.targetId ?? ""}
                </td>
                <td className="px-3 py-2 text-zinc-400">{entry.address ?? ""}</td>
                <td className="px-3 py-2 font-mono text-xs text-zinc-400" translate="no">
                  {entry.detail ? JSON.stringify(entry.detail) : ""}
                </td>
              </tr>
            ))}
            {!log.isPending && entries.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-zinc-400">
                  {t("empty")}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {log.hasNextPage && (
        <Button onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t("loadMore")}
        </Button>
      )}
    </div>
  );
}
