import "@fontsource-variable/inter";
import "./globals.css";
import type { Metadata, Viewport } from "next";
import { APPLE_TOUCH_ICON, THEME_COLOR } from "@/lib/app-manifest";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: "Model Studio",
  description: "Generate, review and analyse media",
  // The manifest itself is linked by app/manifest.ts; iOS takes its home-screen icon from here.
  icons: { apple: APPLE_TOUCH_ICON },
};
export const viewport: Viewport = { themeColor: THEME_COLOR };
export const dynamic = "force-dynamic";

/**
 * The document only: the studio's shell is app/(studio)/layout.tsx, so a share link's page
 * (app/s/[token]) renders without studio navigation and without loading its scripts.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
