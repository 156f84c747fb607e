"use client";

import { useState } from "react";
import { ApiError } from "@/components/api-client";

/**
 * Server issues land on their fields (`place` answers whether it showed one: react-hook-form's
 * setError, or a file input's own state); what no field shows becomes one message.
 */
export function useServerErrors(place: (path: string, message: string) => boolean) {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    show(error: unknown) {
      const issues = error instanceof ApiError ? error.issues : [];
      // One issue: the server's whole sentence says more than the bare rule ("you already recorded…").
      const single = issues.length === 1 && error instanceof Error;
      const placed = issues.filter((issue) =>
        place(issue.path, single ? (error as Error).message : issue.message),
      );
      setMessage(placed.length === issues.length && placed.length > 0 ? null : (error as Error).message);
    },
  };
}
