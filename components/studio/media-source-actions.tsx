"use client";

import { Images, Upload } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { ParamDef } from "@/lib/catalog";
import { fetchJson } from "@/components/api-client";
import type { GalleryPick } from "@/components/chat/gallery-picker";
import { fetchReferenceOptions } from "@/components/gallery/api";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paramId } from "./field-errors";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useParamLabel } from "./use-param-label";

type MediaParam = ParamDef & { type: "media" };

// Loaded when a user opens it: the studio page stays within its weight budget (scripts/check-bundles.mjs).
const GalleryPicker = dynamic(() => import("@/components/chat/gallery-picker").then((m) => m.GalleryPicker), {
  ssr: false,
});

/** What POST /api/uploads answers (app/api/uploads/route.ts). */
type UploadAnswer = { id: string; url: string; name: string; warning: string | null };

const ACCEPT: Record<MediaParam["media"], string> = {
  image: "image/*",
  video: "video/*",
  audio: "audio/*",
};

/**
 * The other ways to fill a media row besides pasting a URL: upload a local file (stored by the
 * studio, referenced by its address for the upstream) or pick a stored gallery file (the same URL
 * "Use as reference" hands out). Either appends one row; a warning says when a real upstream most
 * likely cannot fetch the URL (no PUBLIC_BASE_URL).
 */
export function MediaSourceActions({
  param,
  full,
  onAdd,
}: {
  param: MediaParam;
  full: boolean;
  onAdd: (url: string) => void;
}) {
  const id = paramId(param.name);
  const t = useTranslations("media");
  const errorMessage = useErrorMessage();
  const label = useParamLabel()(param.label);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"upload" | "gallery" | null>(null);
  const [picking, setPicking] = useState(false);
  const [notice, setNotice] = useState<{ tone: "warning" | "error"; text: string } | null>(null);

  const add = (url: string, warning: string | null) => {
    onAdd(url);
    setNotice(warning ? { tone: "warning", text: warning } : null);
  };

  const upload = async (file: File) => {
    setBusy("upload");
    setNotice(null);
    try {
      const form = new FormData();
      form.set("file", file);
      const answer = await fetchJson<UploadAnswer>("/api/uploads", { method: "POST", body: form });
      add(answer.url, answer.warning);
    } catch (error) {
      setNotice({ tone: "error", text: t("uploadFailed", { message: errorMessage(error) }) });
    } finally {
      setBusy(null);
      if (input.current) input.current.value = "";
    }
  };

  const pick = async (choice: GalleryPick) => {
    setBusy("gallery");
    setNotice(null);
    try {
      const media = (await fetchReferenceOptions(choice.itemId)).find((m) => m.mediaId === choice.mediaId);
      const best = media?.candidates[0];
      if (!best) throw new Error("the studio has no URL the upstream could fetch this file from");
      add(best.url, best.warning);
    } catch (error) {
      setNotice({ tone: "error", text: t("galleryFailed", { message: errorMessage(error) }) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept={ACCEPT[param.media]}
          hidden
          data-testid={`upload-input-${id}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button size="sm" disabled={full || busy !== null} onClick={() => input.current?.click()}>
          {busy === "upload" ? (
            <Spinner label={t("uploading")} />
          ) : (
            <Upload aria-hidden className="size-3.5" />
          )}{" "}
          {t("upload", { kind: param.media })}
        </Button>
        {param.media !== "audio" && (
          <Button size="sm" disabled={full || busy !== null} onClick={() => setPicking(true)}>
            {busy === "gallery" ? (
              <Spinner label={t("lookingUp")} />
            ) : (
              <Images aria-hidden className="size-3.5" />
            )}{" "}
            {t("pickFromGallery")}
          </Button>
        )}
      </div>
      {notice && (
        <p
          role={notice.tone === "error" ? "alert" : "status"}
          data-testid={`media-source-notice-${id}`}
          className={notice.tone === "error" ? "text-xs text-red-400" : "text-xs text-amber-300"}
        >
          {notice.text}
        </p>
      )}
      {param.media !== "audio" && picking && (
        <GalleryPicker
          open
          title={t("pickTitle", { kind: param.media, label })}
          initialType={param.media}
          onPick={(choice) => void pick(choice)}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
