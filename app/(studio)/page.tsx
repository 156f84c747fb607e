import { Suspense } from "react";
import { Studio } from "@/components/studio/studio";
import { listV1Models } from "@/lib/catalog";
import { env } from "@/lib/env";

export default function StudioPage() {
  const { usesSandbox, publicBaseUrl } = env();
  // Only what the form's warnings need: the sandbox fetches local URLs itself, a real upstream can't.
  return (
    <Suspense>
      <Studio notices={{ localUrlsReachable: usesSandbox.tasks, publicBaseUrl }} v1Models={listV1Models()} />
    </Suspense>
  );
}
