import { db } from "@/lib/db";
import { requestLocale } from "@/lib/i18n/request-locale";
import { shareGoneResponse } from "@/lib/shares/gone-page";
import { requestNonce, shareClientAssets, sharePageDocument } from "@/lib/shares/page-document";
import { sharePageState } from "@/lib/shares/page-state";

export const dynamic = "force-dynamic";

/**
 * A share link's page (issue 21), rendered without the React/Next.js client runtime so a guest's
 * first load stays ≤ 120 KiB of JS (docs/decisions/review-links.md). proxy.ts answers gone links
 * first (404/410/429) and adds the page headers (CSP nonce, noindex, not framable); this covers a
 * link revoked in between, the password form and the review UI.
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const locale = requestLocale(request.headers);
  const state = await sharePageState(db(), token, request.headers);
  if (state.kind === "gone") return shareGoneResponse(state.error, locale);
  const html = sharePageDocument({
    token,
    state: state.kind,
    nonce: requestNonce(request.headers),
    assets: shareClientAssets(),
    locale,
  });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "no-referrer",
      Vary: "Accept-Language, Cookie",
    },
  });
}
