"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A signing secret, shown this once (creation or rotation), with a copy button. */
export function SecretNotice({ secret }: { secret: string }) {
  const t = useTranslations("webhooks");
  const [copied, setCopied] = useState(false);
  return (
    <Alert tone="warning" title={t("secretTitle")} testId="new-webhook-secret">
      <div className="flex items-center gap-2">
        <code
          data-testid="webhook-secret"
          translate="no"
          className="block flex-1 break-all rounded bg-zinc-950 px-2 py-1.5 text-zinc-100"
        >
          {secret}
        </code>
        <Button
          size="sm"
          onClick={() =>
            navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t("copied") : t("copy")}
        </Button>
      </div>
      <p className="mt-2">
        {t.rich("verify", {
          name: (chunks) => <span translate="no">{chunks}</span>,
          code: (chunks) => <code translate="no">{chunks}</code>,
        })}
      </p>
    </Alert>
  );
}
