import { createRoot } from "react-dom/client";
import { englishReviewWords } from "@/components/review/english-review-words";
import { ReviewWordsProvider } from "@/components/review/review-words";
import { PasswordForm } from "./password-form";
import { ShareView } from "./share-view";

// The share page's only script (app/s/[token]/route.ts renders the document around it), compiled
// by scripts/build-share-client.mjs with React aliased to preact/compat: a guest's first load
// carries no React DOM or Next.js router (docs/decisions/review-links.md).
const root = document.getElementById("share-root");
if (root) {
  const token = root.dataset.token ?? "";
  // The share page is not in the message files yet (issue 27): its review UI speaks English.
  createRoot(root).render(
    <ReviewWordsProvider value={englishReviewWords}>
      {root.dataset.state === "locked" ? <PasswordForm token={token} /> : <ShareView token={token} />}
    </ReviewWordsProvider>,
  );
}
