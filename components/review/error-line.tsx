import { ApiError } from "@/components/api-client";

/** A failed write, with the field and rule the server named (`body: must not be empty`). */
export function ErrorLine({ error }: { error: Error | null }) {
  if (!error) return null;
  const issues = error instanceof ApiError ? error.issues : [];
  return (
    <p role="alert" className="text-xs text-red-300" data-testid="review-error">
      {issues.length
        ? issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ")
        : error.message}
    </p>
  );
}
