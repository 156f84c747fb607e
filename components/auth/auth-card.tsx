import type { ReactNode } from "react";

/** The centered panel of the login and set-up pages. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto mt-16 w-full max-w-sm px-4">
      <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl">
        <h1 className="text-lg font-semibold text-zinc-100">{title}</h1>
        {intro && <div className="mt-1.5 text-sm text-zinc-400">{intro}</div>}
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}
