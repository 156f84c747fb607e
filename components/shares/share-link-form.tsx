"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import type { CreateShareInput } from "@/lib/shares/schema";

type Draft = Omit<CreateShareInput, "collectionId" | "taskId">;

/** A new link's settings; prompts and parameters stay hidden unless switched on. */
export function ShareLinkForm({
  busy,
  error,
  onCreate,
}: {
  busy: boolean;
  error: string | null;
  onCreate: (draft: Draft) => void;
}) {
  const t = useTranslations("shares");
  const [allowComments, setAllowComments] = useState(true);
  const [allowDownload, setAllowDownload] = useState(false);
  const [showPrompts, setShowPrompts] = useState(false);
  const [password, setPassword] = useState("");
  const [expiresOn, setExpiresOn] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    onCreate({
      allowComments,
      allowDownload,
      showPrompts,
      password: password || null,
      // The end of the chosen day, in the owner's time zone.
      expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null,
    });
  }

  const toggle = (label: string, checked: boolean, set: (v: boolean) => void, testId: string) => (
    <label className="flex items-center justify-between gap-3 text-sm text-zinc-300">
      {label}
      <Switch checked={checked} onCheckedChange={set} aria-label={label} data-testid={testId} />
    </label>
  );

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="share-link-form">
      {toggle(t("allowComments"), allowComments, setAllowComments, "share-allow-comments")}
      {toggle(t("allowDownload"), allowDownload, setAllowDownload, "share-allow-download")}
      {toggle(t("showPrompts"), showPrompts, setShowPrompts, "share-show-prompts")}
      <div className="grid grid-cols-2 gap-3">
        <label className="text-xs text-zinc-400">
          {t("password")}
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="mt-1 block h-8 w-full rounded-md border border-zinc-700 bg-zinc-950 px-2 text-sm text-zinc-100"
          />
        </label>
        <label className="text-xs text-zinc-400">
          {t("expires")}
          <input
            type="date"
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.target.value)}
            className="mt-1 block h-8 w-full rounded-md border border-zinc-700 bg-zinc-950 px-2 text-sm text-zinc-100"
          />
        </label>
      </div>
      {error && <p className="text-sm text-red-400">{error}</p>}
      <Button type="submit" variant="primary" disabled={busy} data-testid="share-create">
        {busy ? t("creating") : t("create")}
      </Button>
    </form>
  );
}
