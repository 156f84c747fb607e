import clsx from "clsx";

/** A progress bar; without a value it shows an indeterminate shimmer (progress is optional upstream). */
export function ProgressBar({
  value,
  label,
  className,
}: {
  /** 0–100, or undefined when unknown. */
  value?: number;
  label: string;
  className?: string;
}) {
  const known = value !== undefined && Number.isFinite(value);
  const clamped = known ? Math.min(100, Math.max(0, value)) : undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={clsx("relative h-2 w-full overflow-hidden rounded-full bg-zinc-800", className)}
    >
      {known ? (
        <div
          className="h-full rounded-full bg-sky-500 transition-[width] duration-500"
          style={{ width: `${clamped}%` }}
        />
      ) : (
        <div className="absolute inset-y-0 w-1/3 animate-progress-slide rounded-full bg-sky-500/70" />
      )}
    </div>
  );
}
