"use client";

import { Button } from "@/components/ui/button";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { CULLING_KEYS } from "./use-culling-keys";

/** The culling keys (`?`), in a native modal dialog: Esc or Close dismisses it. */
export function KeysHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
          Keyboard
        </h2>
        <p className="text-sm text-zinc-400">Not while typing in a field (Esc leaves it).</p>
        <table className="w-full text-sm">
          <tbody>
            {CULLING_KEYS.map(([keys, what]) => (
              <tr key={keys} className="border-t border-zinc-800">
                <th scope="row" className="py-1.5 pr-4 text-left font-mono text-xs font-medium text-zinc-200">
                  {keys}
                </th>
                <td className="py-1.5 text-zinc-300">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end border-t border-zinc-800 px-5 py-3">
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </dialog>
  );
}
