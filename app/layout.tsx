import "@fontsource-variable/inter";
import "./globals.css";
import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { APPLE_TOUCH_ICON, THEME_COLOR } from "@/lib/app-manifest";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  return {
    title: t("name"),
    description: t("description"),
    // The manifest itself is linked by app/manifest.ts; iOS takes its home-screen icon from here.
    icons: { apple: APPLE_TOUCH_ICON },
  };
}
export const viewport: Viewport = { themeColor: THEME_COLOR };
export const dynamic = "force-dynamic";

/**
 * The document only: the studio's shell is app/(studio)/layout.tsx, so a share link's page
 * (app/s/[token]) renders without studio navigation and without loading its scripts. Its language is
 * the request's (i18n/request.ts: the user's setting, the cookie, else Accept-Language).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await getLocale()}>
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
