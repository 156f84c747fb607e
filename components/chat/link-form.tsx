"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { fileRefSchema } from "@/lib/chat/send-schema";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";

const byExtension: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  heic: "image/heic",
  heif: "image/heif",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mpeg: "video/mpeg",
};

function guessMimeType(url: string): string | undefined {
  try {
    const ext = new URL(url).pathname.split(".").pop()?.toLowerCase() ?? "";
    return byExtension[ext];
  } catch {
    return undefined;
  }
}

/**
 * Attach a file by its public URL: sent as fileData, fetched by the model service itself, so it must
 * be reachable from there (not a localhost address) and is not size-limited by the studio.
 */
export function LinkForm({
  onAdd,
  onClose,
}: {
  onAdd: (url: string, mimeType: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations("chat.link");
  const [url, setUrl] = useState("");
  const [type, setType] = useState("");
  const [error, setError] = useState<string>();
  const mimeType = type || guessMimeType(url.trim()) || "";

  const add = () => {
    const parsed = fileRefSchema.safeParse({ fileUri: url.trim(), mimeType });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0].path[0] === "mimeType" ? "chooseType" : "badUrl"));
      return;
    }
    onAdd(parsed.data.fileUri, parsed.data.mimeType);
    onClose();
  };

  return (
    <div className="space-y-1.5 border-b border-zinc-800 p-2" data-testid="link-form" data-own-escape>
      <div className="flex gap-2">
        <input
          aria-label={t("urlLabel")}
          data-testid="link-url"
          autoFocus
          placeholder={t("urlPlaceholder")}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
            if (e.key === "Escape") onClose();
          }}
          className={`${inputClass} py-1.5`}
        />
        <select
          aria-label={t("type")}
          value={mimeType}
          onChange={(e) => setType(e.target.value)}
          className={`${inputClass} w-36 py-1.5`}
        >
          <option value="">{t("typeChoose")}</option>
          {[...new Set(Object.values(byExtension))].map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <Button size="sm" variant="primary" className="h-auto" onClick={add} data-testid="link-add">
          {t("add")}
        </Button>
        <Button size="sm" variant="ghost" className="h-auto" onClick={onClose}>
          {t("cancel")}
        </Button>
      </div>
      <p className={error ? "text-xs text-red-300" : "text-xs text-zinc-400"}>{error ?? t("help")}</p>
    </div>
  );
}
