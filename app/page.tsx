import { Suspense } from "react";
import { Studio } from "@/components/studio/studio";

export default function StudioPage() {
  return (
    <Suspense>
      <Studio />
    </Suspense>
  );
}
