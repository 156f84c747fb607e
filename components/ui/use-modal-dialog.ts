"use client";

import { useEffect, useRef } from "react";

/**
 * Drives a native <dialog> from an `open` prop (showModal gives the focus trap and Esc), and
 * returns the props to spread on it: Esc calls `onClose` instead of closing behind React's back.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    onCancel: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      onClose();
    },
  };
}
