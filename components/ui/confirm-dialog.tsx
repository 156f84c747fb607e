"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "./button";
import { useModalDialog } from "./use-modal-dialog";

/** A blocking yes/no question (native <dialog>: focus trap, Esc cancels). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The other two buttons' words, when a page words them its own way (default: `ui` messages). */
  cancelLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("ui");
  const dialogProps = useModalDialog(open, onCancel);

  return (
    <dialog
      {...dialogProps}
      data-testid="confirm-dialog"
      className="m-auto w-full max-w-md rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70"
    >
      <div className="space-y-3 p-5">
        <h2 className="text-base font-semibold">{title}</h2>
        {children && <div className="text-sm text-zinc-300">{children}</div>}
      </div>
      <div className="flex justify-end gap-2 border-t border-zinc-800 px-5 py-3">
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel ?? t("cancel")}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} data-testid="confirm-button">
          {busy ? (busyLabel ?? t("working")) : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
