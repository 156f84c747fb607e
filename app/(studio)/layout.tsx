import type { ReactNode } from "react";
import { LazyActivityCenter } from "@/components/activity/lazy-activity-center";
import { AppNav, type AccountLinks } from "@/components/app-nav";
import { currentUser } from "@/components/auth/current-user";
import { UserMenu } from "@/components/auth/user-menu";
import { DependencyWarningBadge } from "@/components/dependency-warning-badge";
import { TrackerHealthBadge } from "@/components/tracker-health-badge";
import { Providers } from "@/components/providers";
import { env } from "@/lib/env";

/**
 * The studio's shell (header, navigation, activity) around every studio page. Share-link pages
 * (app/s) sit outside this group: a guest gets no studio navigation and none of its JavaScript.
 */
export default async function StudioLayout({ children }: { children: ReactNode }) {
  const { usesSandbox } = env();
  // Below 1024 px the account's links move into the navigation's menu (components/app-nav.tsx).
  const user = await currentUser();
  const account: AccountLinks =
    user && user.via !== "local" ? { email: user.email, admin: user.role === "admin" } : null;
  const sandbox = usesSandbox.tasks || usesSandbox.llm;
  return (
    <Providers>
      <header className="sticky top-0 z-30 border-b border-zinc-800 bg-zinc-950/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-2 sm:gap-6 sm:px-4">
          <span className="flex items-center gap-2 whitespace-nowrap text-sm font-semibold tracking-tight">
            <span
              aria-hidden
              className="size-2.5 rounded-full bg-gradient-to-br from-sky-400 to-violet-500"
            />
            Model Studio
          </span>
          <AppNav account={account} />
          <TrackerHealthBadge />
          <DependencyWarningBadge />
          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            <LazyActivityCenter />
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
            <div className="hidden lg:block">
              <UserMenu />
            </div>
          </div>
        </div>
      </header>
      <main>{children}</main>
    </Providers>
  );
}
