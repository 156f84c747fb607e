"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { UnverifiedMedia } from "@/lib/media-inspection/override";

/** The details of a 422 media_unverified answer: which files, and why each could not be checked. */
export function unverifiedMediaOf(details: Record<string, unknown>): UnverifiedMedia[] {
  const list = details.unverified;
  return Array.isArray(list)
    ? list.filter(
        (u): u is UnverifiedMedia =>
          typeof u === "object" && u !== null && typeof (u as UnverifiedMedia).path === "string",
      )
    : [];
}

/**
 * Files the studio could not fetch or read are warnings, not errors: the upstream may reach what
 * the studio cannot (a URL only its network sees). Nothing was sent; the user decides.
 */
export function MediaUnverified({
  items,
  onSendAnyway,
}: {
  items: UnverifiedMedia[];
  onSendAnyway?: () => void;
}) {
  const t = useTranslations("result");
  return (
    <div data-testid="media-unverified" className="space-y-2">
      <ul className="list-inside list-disc">
        {items.map((item) => (
          <li key={item.path}>
            <span className="font-mono">{item.path}</span>: {item.reason}{" "}
            <span className="break-all text-amber-200/70">({item.url})</span>
          </li>
        ))}
      </ul>
      {onSendAnyway && (
        <Button size="sm" data-testid="send-anyway" onClick={onSendAnyway}>
          {t("sendAnyway")}
        </Button>
      )}
    </div>
  );
}
