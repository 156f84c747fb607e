"use client";

import { Play } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { fetchJson } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Button } from "@/components/ui/button";
import type { GalleryItemDetail } from "@/lib/gallery/types";

type LastFrame = { url: string; width: number; height: number };

/**
 * "Continue from here" on a stored video: asks the server for its last frame (the upstream's, or
 * extracted once) and opens the studio with it as the first frame of a model that takes one.
 */
export function ContinueButton({ item }: { item: GalleryItemDetail }) {
  const t = useTranslations("galleryDetail");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = item.media.some(
    (m) => m.role === "result" && m.status === "stored" && (m.contentType ?? "").startsWith("video/"),
  );
  if (!video) return null;

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const origin = new URLSearchParams({ origin: window.location.origin });
      const frame = await fetchJson<LastFrame>(
        `/api/gallery/items/${encodeURIComponent(item.id)}/last-frame?${origin}`,
        { method: "POST" },
      );
      router.push(`/?${new URLSearchParams({ firstFrame: frame.url })}`);
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="sm" onClick={start} disabled={busy} data-testid="continue-from-here">
        {busy ? (
          t("continueBusy")
        ) : (
          <>
            <Play aria-hidden className="size-3.5" /> {t("continue")}
          </>
        )}
      </Button>
      {error && (
        <p role="alert" className="w-full text-xs text-red-300">
          {error}
        </p>
      )}
    </>
  );
}
