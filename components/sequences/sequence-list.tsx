"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { fetchJson, jsonInit } from "@/components/api-client";
import { useStateLabel } from "./use-state-label";
import { useSequences, type Sequence } from "./use-sequence";

/**
 * Every sequence of the viewer, and a new one: named, with no shot yet — an empty prompt would be
 * refused by the model's rules, so the first shot is written on the sequence page (Add shot).
 */
export function SequenceList() {
  const query = useSequences();
  const router = useRouter();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const t = useTranslations("sequences");
  const errorMessage = useErrorMessage();
  const stateLabel = useStateLabel("sequence");

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const created = await fetchJson<Sequence>("/api/sequences", jsonInit("POST", { name }));
      router.push(`/sequences/${encodeURIComponent(created.id)}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <h1 className="text-xl font-semibold tracking-tight">{t("heading")}</h1>
      <form onSubmit={(e) => void create(e)} className="flex gap-2">
        <input
          aria-label={t("newNameLabel")}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t("newNamePlaceholder")}
          className="w-72 rounded border border-zinc-700 bg-zinc-950 px-2 py-1 text-sm"
        />
        <Button type="submit" variant="primary" disabled={!name.trim()}>
          {t("create")}
        </Button>
      </form>
      {error && (
        <Alert tone="danger" live title={t("notCreated")}>
          {error}
        </Alert>
      )}
      {query.isPending ? (
        <Spinner label={t("loadingList")} />
      ) : query.isError ? (
        <Alert tone="danger" live title={t("listFailed")}>
          {errorMessage(query.error)}
        </Alert>
      ) : query.data.items.length === 0 ? (
        <p className="rounded-xl border border-zinc-800 p-6 text-sm text-zinc-400">{t("empty")}</p>
      ) : (
        <ul className="space-y-2">
          {query.data.items.map((s) => (
            <li key={s.id} data-testid="sequence-row">
              <Link
                href={`/sequences/${encodeURIComponent(s.id)}`}
                className="flex justify-between rounded-xl border border-zinc-800 p-3 hover:border-zinc-600"
              >
                <span data-user-text>{s.name}</span>
                <span className="text-sm text-zinc-400">
                  {t("shots", { count: s.shots })} · {stateLabel(s.state)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
