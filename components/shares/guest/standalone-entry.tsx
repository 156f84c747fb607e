import { createRoot } from "react-dom/client";
import { PasswordForm } from "./password-form";
import { ShareView } from "./share-view";

// The share page's only script (app/s/[token]/route.ts renders the document around it), compiled
// by scripts/build-share-client.mjs with React aliased to preact/compat: a guest's first load
// carries no React DOM or Next.js router (docs/decisions/review-links.md).
const root = document.getElementById("share-root");
if (root) {
  const token = root.dataset.token ?? "";
  createRoot(root).render(
    root.dataset.state === "locked" ? <PasswordForm token={token} /> : <ShareView token={token} />,
  );
}
