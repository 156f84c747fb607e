"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Spinner } from "@/components/ui/spinner";
import type { Role } from "@/lib/auth/password-policy";
import type { UserSummary } from "@/lib/auth/types";
import { useUserMutations, useUsersQuery } from "./admin-api";
import { BudgetForm } from "./budget-form";
import { useReauth, useReauthMessage } from "./reauth";

/**
 * Every account with its actions: role, disable/enable, reset password, delete. Each is confirmed
 * with the admin's own password (./reauth.tsx); a reset revokes the user's API tokens unless the
 * admin ticks "keep".
 */
export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const t = useTranslations("admin");
  const errorMessage = useErrorMessage();
  const reauthMessage = useReauthMessage();
  const users = useUsersQuery();
  const mutations = useUserMutations();
  const ask = useReauth();
  const [resetting, setResetting] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState("");
  const [keepTokens, setKeepTokens] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const report = { onError: (e: Error) => setError(reauthMessage(e)), onSuccess: () => setError(null) };

  async function changeRole(user: UserSummary, role: Role) {
    const adminPassword = await ask({
      title: t("users.roleTitle", { email: user.email, role }),
      confirmLabel: t("users.changeRole"),
    });
    if (adminPassword !== null) mutations.update.mutate({ id: user.id, role, adminPassword }, report);
  }

  async function toggleDisabled(user: UserSummary) {
    const adminPassword = await ask({
      title: t(user.disabled ? "users.enableTitle" : "users.disableTitle", { email: user.email }),
      body: user.disabled ? undefined : t("users.disableBody"),
      confirmLabel: user.disabled ? t("users.enable") : t("users.disable"),
    });
    if (adminPassword !== null)
      mutations.update.mutate({ id: user.id, disabled: !user.disabled, adminPassword }, report);
  }

  async function remove(user: UserSummary) {
    const adminPassword = await ask({
      title: t("users.deleteTitle", { email: user.email }),
      body: t("users.deleteBody"),
      confirmLabel: t("users.deleteUser"),
      alwaysConfirm: true,
    });
    if (adminPassword !== null) mutations.remove.mutate({ id: user.id, adminPassword }, report);
  }

  async function reset(user: UserSummary) {
    const adminPassword = await ask({
      title: t("users.resetTitle", { email: user.email }),
      body: keepTokens ? t("users.resetKeepBody") : t("users.resetRevokeBody"),
      confirmLabel: t("users.setPassword"),
    });
    if (adminPassword === null) return;
    mutations.resetPassword.mutate(
      { id: user.id, password: newPassword, keepTokens, adminPassword },
      {
        onError: (err) => setError(reauthMessage(err)),
        onSuccess: ({ revokedTokens }) => {
          setError(null);
          setResetting(null);
          setNewPassword("");
          setKeepTokens(false);
          setNotice(
            keepTokens
              ? t("users.resetDoneKept", { email: user.email })
              : t("users.resetDoneRevoked", { email: user.email, count: revokedTokens }),
          );
        },
      },
    );
  }

  if (users.isPending) return <Spinner label={t("users.loading")} />;
  if (users.isError) return <Alert tone="danger">{errorMessage(users.error)}</Alert>;

  return (
    <div className="space-y-3">
      {error && (
        <Alert tone="danger" live testId="admin-error">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert tone="info" testId="admin-notice">
          {notice}
        </Alert>
      )}
      <div className="overflow-x-auto rounded-lg border border-zinc-800">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-900 text-xs uppercase tracking-wide text-zinc-400">
            <tr>
              <th className="px-3 py-2">{t("users.colUser")}</th>
              <th className="px-3 py-2">{t("users.colRole")}</th>
              <th className="px-3 py-2">{t("users.colStatus")}</th>
              <th className="px-3 py-2">{t("users.colTokens")}</th>
              <th className="px-3 py-2">{t("users.colBudget")}</th>
              <th className="px-3 py-2 text-right">{t("users.colActions")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {users.data.map((user) => {
              const self = user.id === currentUserId;
              return (
                <tr key={user.id} data-testid="user-row" data-email={user.email} className="align-top">
                  <td className="px-3 py-2">
                    <div className="font-medium text-zinc-100" data-user-text>
                      {user.name}
                    </div>
                    <div className="text-xs text-zinc-400" translate="no">
                      {user.email}
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    <select
                      aria-label={t("users.roleOf", { email: user.email })}
                      value={user.role}
                      disabled={self || mutations.update.isPending}
                      onChange={(e) => void changeRole(user, e.target.value as Role)}
                      className={`${inputClass} w-28 py-1`}
                    >
                      <option value="member">{t("roles.member")}</option>
                      <option value="admin">{t("roles.admin")}</option>
                    </select>
                  </td>
                  <td className="px-3 py-2">
                    {user.disabled ? (
                      <Badge tone="danger">{t("users.disabled")}</Badge>
                    ) : (
                      <Badge tone="success">{t("users.active")}</Badge>
                    )}
                  </td>
                  <td className="px-3 py-2 text-zinc-400">{user.activeTokens}</td>
                  <td className="px-3 py-2">
                    <BudgetForm userId={user.id} label={user.email} budget={user.budget} />
                  </td>
                  <td className="space-y-2 px-3 py-2 text-right">
                    <div className="flex flex-wrap justify-end gap-1.5">
                      <Button size="sm" disabled={self} onClick={() => void toggleDisabled(user)}>
                        {user.disabled ? t("users.enable") : t("users.disable")}
                      </Button>
                      <Button size="sm" onClick={() => setResetting(resetting === user.id ? null : user.id)}>
                        {t("users.resetPassword")}
                      </Button>
                      <Button size="sm" variant="danger" disabled={self} onClick={() => void remove(user)}>
                        {t("users.delete")}
                      </Button>
                    </div>
                    {resetting === user.id && (
                      <form
                        className="flex flex-wrap items-center justify-end gap-1.5"
                        onSubmit={(e) => {
                          e.preventDefault();
                          void reset(user);
                        }}
                      >
                        <input
                          type="password"
                          aria-label={t("users.newPasswordFor", { email: user.email })}
                          autoComplete="new-password"
                          value={newPassword}
                          onChange={(e) => setNewPassword(e.target.value)}
                          className={`${inputClass} w-48 py-1`}
                        />
                        <Button size="sm" type="submit" variant="primary">
                          {t("users.set")}
                        </Button>
                        <label className="flex w-full items-center justify-end gap-1.5 text-xs text-zinc-400">
                          <input
                            type="checkbox"
                            checked={keepTokens}
                            onChange={(e) => setKeepTokens(e.target.checked)}
                          />
                          {t("users.keepTokens", { count: user.activeTokens })}
                        </label>
                      </form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
