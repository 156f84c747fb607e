import clsx from "clsx";
import type { ReactNode } from "react";

const tones = {
  neutral: "border-zinc-700 bg-zinc-800 text-zinc-300",
  info: "border-sky-500/40 bg-sky-500/10 text-sky-300",
  success: "border-emerald-500/40 bg-emerald-500/10 text-emerald-300",
  warning: "border-amber-500/40 bg-amber-500/10 text-amber-300",
  danger: "border-red-500/40 bg-red-500/10 text-red-300",
};

export type BadgeTone = keyof typeof tones;

export function Badge({
  tone = "neutral",
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Badge tone of a task status (queued, processing, completed, failed). */
export function statusTone(status: string): BadgeTone {
  return status === "completed"
    ? "success"
    : status === "failed"
      ? "danger"
      : status === "processing"
        ? "info"
        : "neutral";
}
