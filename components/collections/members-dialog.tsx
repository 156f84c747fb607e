"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { MEMBER_ROLES, type MemberRole } from "@/lib/collections/labels";
import { useMemberMutations, useMembersQuery } from "./use-collection-queries";

/** Who a collection is shared with (owner: share by e-mail, change a role, revoke at once). */
export function MembersDialog({
  collectionId,
  canManage,
  open,
  onClose,
}: {
  collectionId: string;
  canManage: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const dialogProps = useModalDialog(open, onClose);
  const t = useTranslations("collections");
  const errorMessage = useIssueMessage().error;
  const members = useMembersQuery(collectionId, open);
  const { add, change, remove } = useMemberMutations(collectionId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("viewer");
  const error = add.error ?? change.error ?? remove.error;

  return (
    <dialog
      {...dialogProps}
      aria-labelledby="members-title"
      data-testid="members-dialog"
      className="m-auto w-full max-w-lg rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70"
    >
      <div className="space-y-4 p-5">
        <h2 id="members-title" className="text-base font-semibold">
          {t("sharedWith")}
        </h2>
        {canManage && (
          <form
            className="flex flex-wrap gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!email.trim()) return;
              add.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail("") });
            }}
          >
            <input
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder={t("emailPlaceholder")}
              aria-label={t("memberEmail")}
              data-testid="member-email"
              className={`${inputClass} min-w-0 flex-1`}
            />
            <select
              value={role}
              onChange={(event) => setRole(event.target.value as MemberRole)}
              aria-label={t("roleLabel")}
              data-testid="member-role"
              className={`${inputClass} w-32`}
            >
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)}
                </option>
              ))}
            </select>
            <Button type="submit" variant="primary" disabled={!email.trim() || add.isPending}>
              {t("share")}
            </Button>
          </form>
        )}
        <p className="text-xs text-zinc-400">{t("rolesHelp")}</p>
        {members.isPending ? (
          <Spinner label={t("loadingMembers")} />
        ) : members.data && members.data.length > 0 ? (
          <ul className="divide-y divide-zinc-800" data-testid="member-list">
            {members.data.map((m) => (
              <li key={m.userId} className="flex items-center gap-2 py-2 text-sm" data-testid="member-row">
                <span className="min-w-0 flex-1 truncate" data-user-text>
                  {m.name} <span className="text-zinc-400">{m.email}</span>
                </span>
                {canManage ? (
                  <>
                    <select
                      value={m.role}
                      onChange={(event) =>
                        change.mutate({ userId: m.userId, role: event.target.value as MemberRole })
                      }
                      aria-label={t("roleOf", { email: m.email })}
                      className={`${inputClass} h-8 w-28 py-1`}
                    >
                      {MEMBER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`role.${r}`)}
                        </option>
                      ))}
                    </select>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => remove.mutate(m.userId)}
                      data-testid="member-revoke"
                    >
                      {t("revoke")}
                    </Button>
                  </>
                ) : (
                  <span className="text-zinc-400">{t(`role.${m.role}`)}</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-400">{t("notShared")}</p>
        )}
        {(error || members.error) && (
          <p role="alert" className="text-sm text-red-300">
            {errorMessage(error ?? members.error)}
          </p>
        )}
      </div>
      <div className="flex justify-end border-t border-zinc-800 px-5 py-3">
        <Button onClick={onClose}>{t("close")}</Button>
      </div>
    </dialog>
  );
}
