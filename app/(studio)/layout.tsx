import type { ReactNode } from "react";
import { ActivityCenter } from "@/components/activity/activity-center";
import { AppNav } from "@/components/app-nav";
import { UserMenu } from "@/components/auth/user-menu";
import { DependencyWarningBadge } from "@/components/dependency-warning-badge";
import { TrackerHealthBadge } from "@/components/tracker-health-badge";
import { Providers } from "@/components/providers";
import { env } from "@/lib/env";

/**
 * The studio's shell (header, navigation, activity) around every studio page. Share-link pages
 * (app/s) sit outside this group: a guest gets no studio navigation and none of its JavaScript.
 */
export default function StudioLayout({ children }: { children: ReactNode }) {
  const { usesSandbox } = env();
  const sandbox = usesSandbox.tasks || usesSandbox.llm;
  return (
    <Providers>
      <header className="sticky top-0 z-30 border-b border-zinc-800 bg-zinc-950/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-3 px-4 sm:gap-6">
          <span className="flex items-center gap-2 whitespace-nowrap text-sm font-semibold tracking-tight">
            <span
              aria-hidden
              className="size-2.5 rounded-full bg-gradient-to-br from-sky-400 to-violet-500"
            />
            Model Studio
          </span>
          <AppNav />
          <TrackerHealthBadge />
          <DependencyWarningBadge />
          <div className="ml-auto flex items-center gap-3">
            <ActivityCenter />
            {sandbox && (
              <span
                data-testid="sandbox-badge"
                title="No upstream URL is configured: requests go to the built-in sandbox. No credits are spent."
                className="whitespace-nowrap rounded-full border border-amber-500/40 bg-amber-500/10 px-3 py-1 text-xs font-medium text-amber-300"
              >
                Sandbox<span className="hidden sm:inline"> upstream</span>
                {usesSandbox.tasks && usesSandbox.llm ? "" : usesSandbox.tasks ? " (tasks)" : " (chat)"}
              </span>
            )}
            <UserMenu />
          </div>
        </div>
      </header>
      <main>{children}</main>
    </Providers>
  );
}
