"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ShareTarget } from "./use-share-links";

// The dialog (form, list, queries) loads on the first click: pages that show the button pay for the button.
const ShareLinksDialog = lazy(() =>
  import("./share-links-dialog").then((m) => ({ default: m.ShareLinksDialog })),
);

/**
 * The owner's share links of a collection or one gallery item: create one (comments, downloads,
 * prompts — hidden by default —, password, expiry), copy it, see its views, revoke it.
 */
export function ShareLinksButton(props: { collectionId: string } | { taskId: string }) {
  const target: ShareTarget =
    "collectionId" in props ? { collectionId: props.collectionId } : { taskId: props.taskId };
  const t = useTranslations("galleryShown");
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-testid="share-links-button"
      >
        {t("shareLink")}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ShareLinksDialog target={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
