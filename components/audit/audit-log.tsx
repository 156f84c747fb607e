"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/components/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES } from "@/lib/audit/actions";
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

/** The audit log with its filters; the export link carries the same filters. */
export function AuditLog() {
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
          Action
          <select {...field("action")}>
            <option value="">Any</option>
            {AUDIT_ACTION_NAMES.map((name) => (
              <option key={name} value={name}>
                {AUDIT_ACTIONS[name]}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          Outcome
          <select {...field("outcome")}>
            <option value="">Any</option>
            <option value="success">Done</option>
            <option value="failure">Refused</option>
          </select>
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          Who (e-mail)
          <input {...field("actor")} placeholder="ada@" />
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          Target
          <input {...field("target")} placeholder="id or name" />
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          From
          <input type="date" {...field("from")} />
        </label>
        <label className="space-y-1 text-xs text-zinc-400">
          To
          <input type="date" {...field("to")} />
        </label>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="primary">
            Filter
          </Button>
          <a
            className="inline-flex h-9 items-center rounded-md border border-zinc-700 px-3 text-sm text-zinc-100 hover:bg-zinc-800"
            href={`/api/admin/audit/export?${query(filters)}`}
            download
          >
            Export CSV
          </a>
        </div>
      </form>
      {log.error && <Alert tone="danger">{log.error.message}</Alert>}
      <div className="overflow-x-auto rounded-md border border-zinc-800">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-900 text-xs text-zinc-400">
            <tr>
              <th className="px-3 py-2">When (UTC)</th>
              <th className="px-3 py-2">Who</th>
              <th className="px-3 py-2">What</th>
              <th className="px-3 py-2">Target</th>
              <th className="px-3 py-2">Address</th>
              <th className="px-3 py-2">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-zinc-800 align-top" data-testid="audit-row">
                <td className="whitespace-nowrap px-3 py-2 text-zinc-400">
                  {entry.at.slice(0, 19).replace("T", " ")}
                </td>
                <td className="px-3 py-2">
                  {entry.actorEmail ?? (entry.actorId === "local" ? "local admin" : "—")}
                </td>
                <td className="px-3 py-2">
                  {AUDIT_ACTIONS[entry.action as keyof typeof AUDIT_ACTIONS] ?? entry.action}
                  {entry.outcome === "failure" && <span className="ml-2 text-red-400">refused</span>}
                </td>
                <td className="px-3 py-2 text-zinc-300">{entry.targetLabel ?? entry.targetId ?? ""}</td>
                <td className="px-3 py-2 text-zinc-400">{entry.address ?? ""}</td>
                <td className="px-3 py-2 font-mono text-xs text-zinc-400">
                  {entry.detail ? JSON.stringify(entry.detail) : ""}
                </td>
              </tr>
            ))}
            {!log.isPending && entries.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-zinc-400">
                  No entries match.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {log.hasNextPage && (
        <Button onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </div>
  );
}
