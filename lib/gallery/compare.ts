export type CompareRow = { key: string; values: (string | null)[]; differs: boolean };

const FIRST = ["model", "prompt"];

/**
 * Side-by-side parameter table of 2–4 items: every key any of them was submitted with (a key one
 * item lacks shows as null, which also counts as a difference), model and prompt first.
 */
export function compareParams(requests: (Record<string, unknown> | null)[]): CompareRow[] {
  const keys = new Set<string>();
  for (const r of requests) for (const key of Object.keys(r ?? {})) keys.add(key);
  const ordered = [
    ...FIRST.filter((k) => keys.has(k)),
    ...[...keys].filter((k) => !FIRST.includes(k)).sort(),
  ];
  return ordered.map((key) => {
    const values = requests.map((r) => (r && key in r ? canonical(r[key]) : null));
    return { key, values, differs: new Set(values).size > 1 };
  });
}

/** JSON with sorted object keys, so {a,b} and {b,a} compare equal; strings stay as typed. */
function canonical(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}
