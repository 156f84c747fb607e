/**
 * A busy indicator. Its `label` (in the page's language, from the caller's messages) is what a
 * screen reader announces; without one it is decoration. No hook here: the share page, which has no
 * next-intl runtime, uses it too.
 */
export function Spinner({ label }: { label?: string }) {
  return (
    <span
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className="inline-block size-4 animate-spin rounded-full border-2 border-zinc-600 border-t-sky-400"
    />
  );
}
