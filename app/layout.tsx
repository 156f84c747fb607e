import "@fontsource-variable/inter";
import "./globals.css";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AppNav } from "@/components/app-nav";
import { Providers } from "@/components/providers";
import { env } from "@/lib/env";

export const metadata: Metadata = {
  title: "Model Studio",
  description: "Generate, review and analyse media",
};
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: ReactNode }) {
  const { usesSandbox } = env();
  const sandbox = usesSandbox.tasks || usesSandbox.llm;
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>
          <header className="sticky top-0 z-30 border-b border-zinc-800 bg-zinc-950/90 backdrop-blur">
            <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-6 px-4">
              <span className="text-sm font-semibold tracking-tight">Model Studio</span>
              <AppNav />
              {sandbox && (
                <span
                  data-testid="sandbox-badge"
                  title="No upstream URL is configured: requests go to the built-in sandbox. No credits are spent."
                  className="ml-auto rounded-full border border-amber-500/40 bg-amber-500/10 px-3 py-1 text-xs font-medium text-amber-300"
                >
                  Sandbox upstream
                  {usesSandbox.tasks && usesSandbox.llm ? "" : usesSandbox.tasks ? " (tasks)" : " (chat)"}
                </span>
              )}
            </div>
          </header>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  );
}
