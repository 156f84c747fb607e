"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** The sequence's name as its heading, renamed in place (the server checks the name). */
export function SequenceName({ name, onRename }: { name: string; onRename: (name: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const t = useTranslations("sequences");
  if (draft === null)
    return (
      <span className="flex items-center gap-2">
        <h1 className="text-xl font-semibold tracking-tight" data-user-text>
          {name}
        </h1>
        <Button size="sm" onClick={() => setDraft(name)}>
          {t("rename")}
        </Button>
      </span>
    );
  const save = () => {
    onRename(draft);
    setDraft(null);
  };
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <input
        aria-label={t("nameLabel")}
        autoFocus
        value={draft}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
        className="w-72 rounded border border-zinc-700 bg-zinc-950 px-2 py-1 text-lg"
      />
      <Button size="sm" variant="primary" type="submit">
        {t("saveName")}
      </Button>
      <Button size="sm" type="button" onClick={() => setDraft(null)}>
        {t("cancel")}
      </Button>
    </form>
  );
}
