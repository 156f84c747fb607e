/**
 * The filter bar's count: "1 item", "2,431 items match", or for an estimate (lib/gallery/total.ts)
 * "about 120,000 items", never a number that looks exact and is not.
 */
export function totalLabel(total: number | null, isEstimate: boolean, filtered: boolean): string {
  if (total === null) return "…";
  const count = `${isEstimate ? "about " : ""}${total.toLocaleString()}`;
  const one = total === 1 && !isEstimate;
  return `${count} item${one ? "" : "s"}${filtered ? (one ? " matches" : " match") : ""}`;
}
