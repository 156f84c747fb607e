"use client";

import { useEffect, useRef } from "react";

/**
 * Drives a native <dialog> from an `open` prop (showModal gives the focus trap and Esc), and
 * returns the props to spread on it: Esc calls `onClose` instead of closing behind React's back.
 * Focus goes back to the control that opened it when it closes — also when the dialog leaves the
 * page still open (its owner unmounted it), where the browser's own restoring does not happen.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      restoreFocus(opener);
    }
  }, [open]);
  useEffect(() => () => restoreFocus(opener), []);
  return {
    ref,
    onCancel: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      onClose();
    },
  };
}

function restoreFocus(opener: { current: HTMLElement | null }) {
  const target = opener.current;
  opener.current = null;
  if (target?.isConnected) target.focus({ preventScroll: true });
}
