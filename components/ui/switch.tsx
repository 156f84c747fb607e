"use client";

import clsx from "clsx";
import type { ComponentPropsWithRef } from "react";

/** An on/off control (role="switch"): Space and Enter toggle it, as a native button. */
export function Switch({
  checked,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentPropsWithRef<"button">, "onChange" | "role"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={clsx(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors disabled:cursor-not-allowed disabled:opacity-50",
        checked ? "border-sky-400 bg-sky-500" : "border-zinc-600 bg-zinc-800",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={clsx(
          "inline-block size-4 rounded-full bg-white shadow transition-transform",
          checked ? "translate-x-6" : "translate-x-1",
        )}
      />
    </button>
  );
}
