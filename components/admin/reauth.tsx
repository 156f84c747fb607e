"use client";

import { useTranslations } from "next-intl";
import { createContext, useCallback, useContext, useState, type FormEvent, type ReactNode } from "react";
import { ApiError } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useModalDialog } from "@/components/ui/use-modal-dialog";

/**
 * Changes to other accounts need the admin's own current password (lib/auth/reauth.ts). The page
 * asks for it in a dialog for each such action and forgets it afterwards: an admin page left open
 * in an unlocked browser must not be enough. With accounts off there is no password: actions that
 * should be confirmed anyway (delete) still ask "are you sure", the others go straight through.
 */
export type ReauthRequest = {
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  /** Ask even when no password is needed (destructive actions). */
  alwaysConfirm?: boolean;
};

/** The admin's password (undefined: none needed), or null when they cancelled. */
type Ask = (request: ReauthRequest) => Promise<string | undefined | null>;

const ReauthContext = createContext<Ask>(() => Promise.resolve(undefined));

/** A refused confirmation in words (the API names the field `adminPassword`); else the error's own. */
export function useReauthMessage(): (error: unknown) => string {
  const t = useTranslations("admin.reauth");
  const errorMessage = useErrorMessage();
  return (error) => {
    const issue =
      error instanceof ApiError ? error.issues.find((i) => i.path === "adminPassword") : undefined;
    if (!issue) return errorMessage(error);
    return issue.code === "not_current_password" ? t("notYourPassword") : t("confirmWithOwn");
  };
}

export function useReauth(): Ask {
  return useContext(ReauthContext);
}

export function ReauthProvider({ required, children }: { required: boolean; children: ReactNode }) {
  const [pending, setPending] = useState<
    (ReauthRequest & { resolve: (password: string | undefined | null) => void }) | null
  >(null);
  const ask = useCallback<Ask>(
    (request) =>
      !required && !request.alwaysConfirm
        ? Promise.resolve(undefined)
        : new Promise((resolve) => setPending({ ...request, resolve })),
    [required],
  );
  const finish = (password: string | undefined | null) => {
    pending?.resolve(password);
    setPending(null);
  };
  return (
    <ReauthContext.Provider value={ask}>
      {children}
      <ReauthDialog
        request={pending}
        needsPassword={required}
        onConfirm={(password) => finish(required ? password : undefined)}
        onCancel={() => finish(null)}
      />
    </ReauthContext.Provider>
  );
}

function ReauthDialog({
  request,
  needsPassword,
  onConfirm,
  onCancel,
}: {
  request: ReauthRequest | null;
  needsPassword: boolean;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("admin.reauth");
  const dialogProps = useModalDialog(request !== null, onCancel);
  const [password, setPassword] = useState("");
  const close = (then: () => void) => {
    setPassword("");
    then();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword && !password) return;
    close(() => onConfirm(password));
  };
  return (
    <dialog
      {...dialogProps}
      data-testid="reauth-dialog"
      className="m-auto w-full max-w-md rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70"
    >
      {request && (
        <form onSubmit={submit}>
          <div className="space-y-3 p-5">
            <h2 className="text-base font-semibold">{request.title}</h2>
            {request.body && <div className="text-sm text-zinc-300">{request.body}</div>}
            {needsPassword && (
              <label className="block space-y-1.5 text-sm">
                <span className="font-medium text-zinc-200">{t("yourPassword")}</span>
                <input
                  type="password"
                  autoComplete="current-password"
                  autoFocus
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  className={inputClass}
                />
                <span className="block text-xs text-zinc-400">{t("help")}</span>
              </label>
            )}
          </div>
          <div className="flex justify-end gap-2 border-t border-zinc-800 px-5 py-3">
            <Button type="button" onClick={() => close(onCancel)}>
              {t("cancel")}
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={needsPassword && !password}
              data-testid="reauth-confirm"
            >
              {request.confirmLabel}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
