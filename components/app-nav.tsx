"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import clsx from "clsx";

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

export function AppNav() {
  const pathname = usePathname();
  const t = useTranslations("nav");
  return (
    <nav aria-label={t("label")} className="flex gap-1">
      {links.map((link) => {
        const active = link.href === "/" ? pathname === "/" : pathname.startsWith(link.href);
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
  );
}
