/**
 * A moment as the review components and toasts show it: "0:01.5", "1:02.0". Kept apart from the
 * schemas (zod) because the header's activity toasts use it on every page.
 */
export function formatMoment(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths - minutes * 600) / 10;
  return `${minutes}:${rest < 10 ? "0" : ""}${rest.toFixed(1)}`;
}
