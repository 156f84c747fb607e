import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LazyActivityCenter } from "@/components/activity/lazy-activity-center";
import { AppNav, type AccountLinks } from "@/components/app-nav";
import { currentUser } from "@/components/auth/current-user";
import { UserMenu } from "@/components/auth/user-menu";
import { DependencyWarningBadge } from "@/components/dependency-warning-badge";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";
import { TrackerHealthBadge } from "@/components/tracker-health-badge";
import { Providers } from "@/components/providers";
import { env } from "@/lib/env";

/**
 * The studio's shell (header, navigation, activity) around every studio page. Share-link pages
 * (app/s) sit outside this group: a guest gets no studio navigation and none of its JavaScript.
 * Providers hands the request's messages (its one language) to the studio's client components.
 */
export default async function StudioLayout({ children }: { children: ReactNode }) {
  const [locale, messages, t] = await Promise.all([getLocale(), getMessages(), getTranslations("header")]);
  const { usesSandbox } = env();
  // Below 1024 px the account's links move into the navigation's menu (components/app-nav.tsx).
  const user = await currentUser();
  const account: AccountLinks =
    user && user.via !== "local" ? { email: user.email, admin: user.role === "admin" } : null;
  const sandbox = usesSandbox.tasks || usesSandbox.llm;
  return (
    <Providers locale={locale} messages={messages}>
      <header className="sticky top-0 z-30 border-b border-zinc-800 bg-zinc-950/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-2 sm:gap-6 sm:px-4">
          <span className="flex items-center gap-2 whitespace-nowrap text-sm font-semibold tracking-tight">
            <span
              aria-hidden
              className="size-2.5 rounded-full bg-gradient-to-br from-sky-400 to-violet-500"
            />
            {t("brand")}
          </span>
          <AppNav account={account} />
          <TrackerHealthBadge />
          <DependencyWarningBadge />
          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            <LazyActivityCenter />
            {sandbox && (
              <span
                data-testid="sandbox-badge"
                title={t("sandboxTitle")}
                className="whitespace-nowrap rounded-full border border-amber-500/40 bg-amber-500/10 px-3 py-1 text-xs font-medium text-amber-300"
              >
                {t("sandbox")}
                <span className="hidden sm:inline"> {t("sandboxUpstream")}</span>
                {usesSandbox.tasks && usesSandbox.llm
                  ? ""
                  : ` ${t(usesSandbox.tasks ? "sandboxTasks" : "sandboxChat")}`}
              </span>
            )}
            {/* Below 1024 px both move into the navigation's menu. */}
            <div className="hidden items-center gap-3 lg:flex">
              <LocaleSwitcher />
              <UserMenu />
            </div>
          </div>
        </div>
      </header>
      <main>{children}</main>
    </Providers>
  );
}
