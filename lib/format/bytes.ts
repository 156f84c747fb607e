/**
 * The one way the studio writes a size for people: "812 bytes", "4.9 KB", "7 MB", "1.2 GB" (binary
 * units, at most one decimal, none when it is zero). Pure, for server messages and pages alike.
 * `locale` words the sizes under 1 KB ("812 bytes" / "812字节", Intl's unit names); KB, MB and GB
 * read the same in every language the studio speaks. The server's sentences are English.
 */
export function formatBytes(bytes: number, locale = "en"): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit > 0) return `${Number(value.toFixed(1))} ${units[unit]}`;
  // No digit grouping: "1000 bytes", as the larger units are written.
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: "byte",
    unitDisplay: "long",
    useGrouping: false,
  }).format(bytes);
}
