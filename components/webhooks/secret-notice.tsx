"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A signing secret, shown this once (creation or rotation), with a copy button. */
export function SecretNotice({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert
      tone="warning"
      title="Copy the signing secret now: it is not shown again."
      testId="new-webhook-secret"
    >
      <div className="flex items-center gap-2">
        <code
          data-testid="webhook-secret"
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
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="mt-2">
        Verify each request with a Standard Webhooks library (e.g. <code>standardwebhooks</code>): the{" "}
        <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers
        with this secret.
      </p>
    </Alert>
  );
}
