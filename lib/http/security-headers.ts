/**
 * Response headers that keep the studio's pages out of other sites' frames and stop browsers from
 * guessing types or leaking addresses. Pages get a per-request script nonce (Next.js puts it on its
 * own scripts), so no inline script runs without it; everything else (JSON, media) gets a policy
 * that allows nothing, so a stored file opened directly cannot run script either.
 */
const COMMON: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/**
 * `formActions`: origins a form may also lead to. The single sign-on form posts to the studio,
 * which redirects to the identity provider; browsers hold that redirect to form-action too.
 */
export function pageSecurityHeaders(
  nonce: string,
  development = false,
  formActions: readonly string[] = [],
): Record<string, string> {
  const policy = [
    "default-src 'self'",
    // 'strict-dynamic': scripts the nonced ones load (Next's chunks) are trusted; nothing inline is.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // React's style attributes (virtualized grid positions) are inline styles; a nonce cannot cover them.
    "style-src 'self' 'unsafe-inline'",
    // Reference previews may show media from any URL the user pasted; blob: for local attachments.
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActions].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
  return { ...COMMON, "Content-Security-Policy": policy };
}

export const API_SECURITY_HEADERS: Record<string, string> = {
  ...COMMON,
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
};

/** A nonce for one page response: 128 random bits, base64. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
