import { studioMetrics } from "../metrics/studio-metrics";

type RouteParams = Record<string, string | string[] | undefined>;

/**
 * The route pattern a request matched, as its file path spells it (`/api/tasks/[id]`), from the
 * URL's path and the dynamic params Next.js resolved: each param's segment(s) are put back as its
 * name. Metrics and logs label requests by this, never by the raw URL, so the number of series
 * stays the number of routes whatever ids are requested.
 */
export function routePattern(pathname: string, params: RouteParams = {}): string {
  const segments = pathname.split("/").map(decodeSegment);
  const named = new Set<number>();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      // A catch-all takes the path's last segments.
      const start = segments.length - value.length;
      if (start < 1 || !value.every((v, i) => segments[start + i] === v)) continue;
      segments.splice(start, value.length, `[...${name}]`);
      continue;
    }
    // The last unnamed segment with that value: ids sit after the static segments they belong to.
    for (let i = segments.length - 1; i > 0; i--) {
      if (!named.has(i) && segments[i] === value) {
        segments[i] = `[${name}]`;
        named.add(i);
        break;
      }
    }
  }
  return segments.join("/") || "/";
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** One finished request: its duration into the histogram, by pattern, method and status. */
export function observeRequest(request: { method: string; route: string; status: number; seconds: number }) {
  studioMetrics().http.requestSeconds.observe(
    { method: request.method, route: request.route, status: String(request.status) },
    request.seconds,
  );
}
