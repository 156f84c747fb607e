/**
 * The one way the studio writes a size for people: "812 bytes", "4.9 KB", "7 MB", "1.2 GB" (binary
 * units, at most one decimal, none when it is zero). Pure, for server messages and pages alike.
 */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}
