import clsx from "clsx";
import type { ReactNode } from "react";

const tones = {
  info: "border-sky-500/40 bg-sky-500/10 text-sky-100",
  warning: "border-amber-500/40 bg-amber-500/10 text-amber-100",
  danger: "border-red-500/40 bg-red-500/10 text-red-100",
  neutral: "border-zinc-700 bg-zinc-900 text-zinc-200",
};

/**
 * A message box. `live` makes it announce itself (role="alert") — use it for errors that appear
 * after an action; static explanations stay plain so screen readers are not interrupted.
 */
export function Alert({
  tone = "neutral",
  title,
  children,
  live = false,
  className,
  testId,
}: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  live?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={live ? "alert" : undefined}
      data-testid={testId}
      className={clsx("rounded-lg border px-3.5 py-3 text-sm", tones[tone], className)}
    >
      {title && <p className="font-medium">{title}</p>}
      {children && (
        <div className={clsx("text-[13px] leading-relaxed opacity-90", title && "mt-1")}>{children}</div>
      )}
    </div>
  );
}
