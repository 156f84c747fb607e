/** How a rejected value is quoted in messages: `(got 20)`, `(got "2:1")`, `(got a list)`. */
export function got(value: unknown): string {
  return `(got ${shortValue(value)})`;
}

/** The rejected value as an issue's `got` param: a number as it is, anything else as shortValue. */
export function gotParam(value: unknown): string | number {
  return typeof value === "number" ? value : shortValue(value);
}

export function shortValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") {
    const text = value.length > 60 ? `${value.slice(0, 57)}…` : value;
    return JSON.stringify(text);
  }
  if (typeof value === "object") return "an object";
  return String(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Structural equality of JSON values (alias conflicts, advanced-vs-top-level conflicts). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => sameJson(a[k], b[k]));
  }
  return false;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
