import Link from "next/link";
import clsx from "clsx";
import { getTranslations } from "next-intl/server";
import { currentUser } from "./current-user";

/** Who is signed in, their pages and the logout button; nothing with accounts off. */
export async function UserMenu({ className }: { className?: string }) {
  const user = await currentUser();
  if (!user || user.via === "local") return null;
  const t = await getTranslations("user");
  const link = "rounded-md px-2 py-1 text-xs font-medium text-zinc-400 hover:bg-zinc-900 hover:text-zinc-100";
  return (
    <div className={clsx("flex items-center gap-1 whitespace-nowrap", className)} data-testid="user-menu">
      <span className="hidden max-w-48 truncate px-2 text-xs text-zinc-300 sm:inline" title={user.email}>
        {user.email}
      </span>
      {user.role === "admin" && (
        <Link href="/admin" className={link}>
          {t("admin")}
        </Link>
      )}
      <Link href="/account" className={link}>
        {t("account")}
      </Link>
      <form method="post" action="/api/auth/logout">
        <button type="submit" className={link}>
          {t("logout")}
        </button>
      </form>
    </div>
  );
}
