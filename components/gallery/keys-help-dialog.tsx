"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { CULLING_KEYS } from "./use-culling-keys";

/** The culling keys (`?`), in a native modal dialog: Esc or Close dismisses it. */
export function KeysHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("galleryKeys");
  const dialogProps = useModalDialog(open, onClose);
  return (
    <dialog
      {...dialogProps}
      aria-labelledby="keys-help-title"
      data-testid="keys-help"
      className="m-auto w-full max-w-md rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70"
    >
      <div className="space-y-3 p-5">
        <h2 id="keys-help-title" className="text-base font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-400">{t("note")}</p>
        <table className="w-full text-sm">
          <tbody>
            {CULLING_KEYS.map((id) => (
              <tr key={id} className="border-t border-zinc-800">
                <th
                  scope="row"
                  translate="no"
                  className="py-1.5 pr-4 text-left font-mono text-xs font-medium text-zinc-200"
                >
                  {t(`${id}Keys`)}
                </th>
                <td className="py-1.5 text-zinc-300">{t(id)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end border-t border-zinc-800 px-5 py-3">
        <Button onClick={onClose} autoFocus>
          {t("close")}
        </Button>
      </div>
    </dialog>
  );
}
