"use client";

import { createContext, useContext } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { requestNotices, type ModelDef, type NoticeContext } from "@/lib/catalog";

// Unknown configuration: warn as for a real upstream (a needless warning beats a failed task).
const NoticeConfig = createContext<NoticeContext>({ localUrlsReachable: false, publicBaseUrl: null });

/** The server's view of who fetches media URLs (app/page.tsx reads it from env()). */
export const NoticeConfigProvider = NoticeConfig.Provider;

/**
 * The non-blocking notices (catalog `requestNotices`, judged on the whole form) that belong under
 * one field as a whole, or under one row of a list field when `index` is given (each notice shows
 * in one place only).
 */
export function FieldNotices({
  model,
  name,
  index,
  testId,
}: {
  model: ModelDef;
  name: string;
  index?: number;
  testId: string;
}) {
  const { control } = useFormContext();
  const values = useWatch({ control }) as Record<string, unknown>;
  const config = useContext(NoticeConfig);
  const notices = requestNotices(model, values, config)
    .filter(
      (notice) =>
        notice.path[0] === name &&
        (index === undefined ? notice.path.length === 1 : notice.path[1] === index),
    )
    .map((notice) => notice.message);
  if (notices.length === 0) return null;
  return (
    <ul data-testid={testId} aria-live="polite" className="mt-1 space-y-1">
      {notices.map((notice) => (
        <li
          key={notice}
          className="rounded-md border border-amber-500/40 bg-amber-500/10 px-2.5 py-1.5 text-xs text-amber-200"
        >
          {notice}
        </li>
      ))}
    </ul>
  );
}
