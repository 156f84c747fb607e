import { ApiError } from "@/components/api-client";
import { useReviewWords } from "./review-words";

/** The server's English: the field and rule it named (`body: must not be empty`), else its sentence. */
function serverText(error: Error): string {
  const issues = error instanceof ApiError ? error.issues : [];
  return issues.length
    ? issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ")
    : error.message;
}

/** A failed write, with the field and rule the server named, in the page's language when it can. */
export function ErrorLine({ error }: { error: Error | null }) {
  const { errorText } = useReviewWords();
  if (!error) return null;
  return (
    <p role="alert" className="text-xs text-red-300" data-testid="review-error">
      {errorText ? errorText(error) : serverText(error)}
    </p>
  );
}
