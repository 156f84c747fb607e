import clsx from "clsx";
import type { ReactNode } from "react";

/** Shared look of text inputs, selects and textareas. */
export const inputClass =
  "w-full rounded-md border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-sky-500 focus:outline-none aria-[invalid=true]:border-red-500";

/** A labelled form control with help text and an error line that names the rule. */
export function Field({
  id,
  label,
  required,
  help,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  help?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        {label}
        {required && (
          <span className="ml-0.5 text-red-400" aria-hidden>
            *
          </span>
        )}
      </label>
      {children}
      {help && !error && (
        <p id={`${id}-help`} className="text-xs text-zinc-400">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} data-testid={`error-${id}`} className="text-xs text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
