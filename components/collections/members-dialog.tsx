"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { MEMBER_ROLES, type MemberRole } from "@/lib/collections/labels";
import { useMemberMutations, useMembersQuery } from "./use-collection-queries";

const ROLE_HELP: Record<MemberRole, string> = {
  viewer: "sees the items and comments",
  commenter: "also comments",
  editor: "also approves, adds, removes and reorders",
};

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
          Shared with
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
              placeholder="colleague@example.com"
              aria-label="E-mail of a studio user"
              data-testid="member-email"
              className={`${inputClass} min-w-0 flex-1`}
            />
            <select
              value={role}
              onChange={(event) => setRole(event.target.value as MemberRole)}
              aria-label="Role"
              data-testid="member-role"
              className={`${inputClass} w-32`}
            >
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <Button type="submit" variant="primary" disabled={!email.trim() || add.isPending}>
              Share
            </Button>
          </form>
        )}
        <p className="text-xs text-zinc-400">
          {MEMBER_ROLES.map((r) => `${r}: ${ROLE_HELP[r]}`).join(" · ")}. Only the owner shares.
        </p>
        {members.isPending ? (
          <Spinner label="Loading members" />
        ) : members.data && members.data.length > 0 ? (
          <ul className="divide-y divide-zinc-800" data-testid="member-list">
            {members.data.map((m) => (
              <li key={m.userId} className="flex items-center gap-2 py-2 text-sm" data-testid="member-row">
                <span className="min-w-0 flex-1 truncate">
                  {m.name} <span className="text-zinc-400">{m.email}</span>
                </span>
                {canManage ? (
                  <>
                    <select
                      value={m.role}
                      onChange={(event) =>
                        change.mutate({ userId: m.userId, role: event.target.value as MemberRole })
                      }
                      aria-label={`Role of ${m.email}`}
                      className={`${inputClass} h-8 w-28 py-1`}
                    >
                      {MEMBER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => remove.mutate(m.userId)}
                      data-testid="member-revoke"
                    >
                      Revoke
                    </Button>
                  </>
                ) : (
                  <span className="text-zinc-400">{m.role}</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-400">Not shared with anyone.</p>
        )}
        {(error || members.error) && (
          <p role="alert" className="text-sm text-red-300">
            {(error ?? members.error)?.message}
          </p>
        )}
      </div>
      <div className="flex justify-end border-t border-zinc-800 px-5 py-3">
        <Button onClick={onClose}>Close</Button>
      </div>
    </dialog>
  );
}
