"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import clsx from "clsx";
import { Menu, X } from "lucide-react";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";

const links = [
  { href: "/", label: "studio" },
  { href: "/gallery", label: "gallery" },
  { href: "/collections", label: "collections" },
  { href: "/batches", label: "batches" },
  { href: "/sequences", label: "sequences" },
  { href: "/chat", label: "chat" },
  { href: "/assets", label: "assets" },
  { href: "/spend", label: "spend" },
  { href: "/docs/api", label: "api" },
] as const;

/** The signed-in user's own pages, which the header shows beside the navigation on wide screens. */
export type AccountLinks = { email: string; admin: boolean } | null;

function isActive(href: string, pathname: string) {
  return href === "/" ? pathname === "/" : pathname.startsWith(href);
}

/**
 * The studio's navigation: a row of links from 1024 px up; below, where nine links do not fit, a
 * Menu button opening them as a list under the header (with the account's links, which the header
 * hides there too). Opening moves focus to the current page's link; Esc, a click outside or
 * following a link closes it, and focus goes back to the button when it was inside the menu.
 */
export function AppNav({ account = null }: { account?: AccountLinks }) {
  const pathname = usePathname();
  const t = useTranslations("nav");
  const tUser = useTranslations("user");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // A followed link (or browser back) closes the menu.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const current = panel.current?.querySelector<HTMLElement>("[aria-current=page]");
    (current ?? panel.current?.querySelector<HTMLElement>("a"))?.focus();
    const close = (refocus: boolean) => {
      setOpen(false);
      if (refocus) button.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open]);

  return (
    <>
      <nav aria-label={t("label")} className="hidden gap-1 lg:flex">
        {links.map((link) => {
          const active = isActive(link.href, pathname);
          return (
            <Link
              key={link.href}
              href={link.href}
              aria-current={active ? "page" : undefined}
              className={clsx(
                "rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
                active ? "bg-zinc-800 text-white" : "text-zinc-400 hover:bg-zinc-900 hover:text-zinc-100",
              )}
            >
              {t(link.label)}
            </Link>
          );
        })}
      </nav>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="main-menu"
        data-testid="menu-button"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-zinc-300 hover:bg-zinc-900 hover:text-white lg:hidden"
      >
        {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
        <span className="sr-only">{t("menu")}</span>
      </button>
      {open && (
        <div
          ref={panel}
          id="main-menu"
          data-testid="main-menu"
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-zinc-800 bg-zinc-950 px-4 pb-4 pt-2 shadow-xl lg:hidden"
        >
          <nav aria-label={t("label")}>
            <ul className="grid grid-cols-1 gap-1 sm:grid-cols-3">
              {links.map((link) => {
                const active = isActive(link.href, pathname);
                return (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      aria-current={active ? "page" : undefined}
                      onClick={() => setOpen(false)}
                      className={clsx(
                        "flex min-h-11 items-center rounded-md px-3 text-base font-medium",
                        active
                          ? "bg-zinc-800 text-white"
                          : "text-zinc-300 hover:bg-zinc-900 hover:text-white",
                      )}
                    >
                      {t(link.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="mt-3 border-t border-zinc-800 px-3 pt-3">
            <LocaleSwitcher />
          </div>
          {account && (
            <div className="mt-3 border-t border-zinc-800 pt-3" data-testid="menu-account">
              <p className="truncate px-3 pb-1 text-sm text-zinc-400">{account.email}</p>
              <div className="flex flex-wrap gap-1">
                {account.admin && (
                  <Link href="/admin" onClick={() => setOpen(false)} className={accountLink}>
                    {tUser("admin")}
                  </Link>
                )}
                <Link href="/account" onClick={() => setOpen(false)} className={accountLink}>
                  {tUser("account")}
                </Link>
                <form method="post" action="/api/auth/logout">
                  <button type="submit" className={accountLink}>
                    {tUser("logout")}
                  </button>
                </form>
              </div>
            </div>
          )}
        </div>
      )}
    </>
  );
}

const accountLink =
  "flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-zinc-300 hover:bg-zinc-900 hover:text-white";
