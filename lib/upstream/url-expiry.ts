export type UrlExpiry = {
  /** expired: the studio saw it expire (or its signed expiry passed); valid: signed expiry in the future. */
  state: "expired" | "valid" | "unknown";
  /** From the URL's signature parameters, when it carries one. */
  expiresAt: string | null;
};

/**
 * When an upstream result URL stops working. The spec only says result URLs expire, not when;
 * signed URLs usually say so themselves, so the common signature parameters are read:
 * `Expires`/`expires`/`exp`/`expires_at`/`e` (Unix seconds or an ISO date), S3's `X-Amz-Date` +
 * `X-Amz-Expires`, Azure's `se`. What the studio itself saw (a download that found the URL expired)
 * always wins over the URL's own claim.
 */
export function urlExpiry(url: string, observedExpired: boolean, now = new Date()): UrlExpiry {
  const expiresAt = signedExpiry(url);
  if (observedExpired) return { state: "expired", expiresAt: expiresAt?.toISOString() ?? null };
  if (!expiresAt) return { state: "unknown", expiresAt: null };
  return { state: expiresAt <= now ? "expired" : "valid", expiresAt: expiresAt.toISOString() };
}

export function signedExpiry(url: string): Date | null {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return null;
  }
  const get = (name: string) => {
    for (const [key, value] of params) if (key.toLowerCase() === name) return value;
    return null;
  };

  const amzDate = get("x-amz-date");
  const amzExpires = get("x-amz-expires");
  if (amzDate && amzExpires) {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (m && /^\d+$/.test(amzExpires)) {
      const signed = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
      return new Date(signed + Number(amzExpires) * 1000);
    }
  }
  for (const name of ["expires", "exp", "expires_at", "expiry", "se", "e"]) {
    const value = get(name);
    const date = value ? parseInstant(value) : null;
    if (date) return date;
  }
  return null;
}

function parseInstant(value: string): Date | null {
  if (/^\d{9,10}$/.test(value)) return new Date(Number(value) * 1000);
  if (/^\d{12,13}$/.test(value)) return new Date(Number(value));
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}
