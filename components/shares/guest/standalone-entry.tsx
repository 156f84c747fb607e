import { createRoot } from "react-dom/client";
import type { ReviewWords } from "@/components/review/review-words";
import { ReviewWordsProvider } from "@/components/review/review-words";
import type { CompiledMessages } from "@/lib/i18n/compiled-messages";
import { reviewErrorText, reviewText, setShareMessages } from "./messages";
import { PasswordForm } from "./password-form";
import { ShareView } from "./share-view";

// The share page's only script (app/s/[token]/route.ts renders the document around it), compiled
// by scripts/build-share-client.mjs with React aliased to preact/compat: a guest's first load
// carries no React DOM or Next.js router (docs/decisions/review-links.md).
const root = document.getElementById("share-root");
if (root) {
  const token = root.dataset.token ?? "";
  const locale = root.dataset.locale ?? "en";
  setShareMessages(locale, JSON.parse(root.dataset.messages ?? "{}") as CompiledMessages);
  // The review components (comments, approval) read their words from the same compiled messages.
  const reviewWords: ReviewWords = { t: reviewText, locale, errorText: reviewErrorText };
  createRoot(root).render(
    <ReviewWordsProvider value={reviewWords}>
      {root.dataset.state === "locked" ? <PasswordForm token={token} /> : <ShareView token={token} />}
    </ReviewWordsProvider>,
  );
}
