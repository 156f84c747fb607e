"use client";

import { useState, type FormEvent } from "react";
import { guestFetch, guestUrls, type GuestError } from "./guest-api";
import { guestErrorText, t } from "./messages";

/** The password of a protected link; a right one sets the unlock cookie and the page opens. */
export function PasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await guestFetch(guestUrls(token).unlock, { method: "POST", body: JSON.stringify({ password }) });
      window.location.reload();
    } catch (e) {
      setError(guestErrorText(e as GuestError));
      setBusy(false);
    }
  }

  return (
    <main className="grid min-h-screen place-items-center p-6">
      <form
        onSubmit={submit}
        className="w-full max-w-sm space-y-3 rounded-lg border border-zinc-800 bg-zinc-900 p-6"
      >
        <h1 className="text-base font-semibold">{t("protected")}</h1>
        <label className="block text-sm text-zinc-400">
          {t("password")}
          <input
            type="password"
            autoFocus
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="mt-1 block h-9 w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 text-zinc-100"
          />
        </label>
        {error && (
          <p className="text-sm text-red-400" data-testid="password-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy || !password}
          className="h-9 w-full rounded-md bg-sky-500 text-sm font-medium text-zinc-950 disabled:bg-zinc-700"
        >
          {t("open")}
        </button>
      </form>
    </main>
  );
}
