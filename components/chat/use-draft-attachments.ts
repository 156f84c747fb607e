"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  INLINE_MAX_FILE_BYTES,
  INLINE_MAX_REQUEST_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  mediaKindOf,
  uploadIssue,
} from "@/lib/chat/limits";
import type { AttachmentView } from "@/lib/chat/types";
import { apiFetch, jsonInit } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFormatBytes } from "./use-format-bytes";

export type DraftAttachment = {
  key: string;
  name: string;
  size: number;
  kind: "image" | "video";
  previewUrl: string;
  status: "uploading" | "ready" | "failed";
  error?: string;
  attachment?: AttachmentView;
  fromGallery: boolean;
  /** A file the upstream fetches itself (sent as fileData), not stored by the studio. */
  fileRef?: { mimeType: string; fileUri: string };
};

let counter = 0;

/** The composer's attachments: checked in the browser first, uploaded at once, removable until sent. */
export function useDraftAttachments() {
  const t = useTranslations("chat");
  const errorMessage = useErrorMessage();
  const bytes = useFormatBytes();
  const [items, setItems] = useState<DraftAttachment[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // Event handlers read the latest tray through this ref (synced after each render).
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const patch = (key: string, change: Partial<DraftAttachment>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const room = () => MAX_ATTACHMENTS_PER_MESSAGE - itemsRef.current.length;

  const addFiles = useCallback(
    (files: File[]) => {
      const found: string[] = [];
      const accepted: File[] = [];
      for (const file of files) {
        const issue = uploadIssue(file);
        const name = file.name;
        if (issue?.reason === "type") found.push(t("problem.notMedia", { name, type: issue.type }));
        else if (issue?.reason === "empty") found.push(t("problem.empty", { name }));
        else if (issue?.reason === "size")
          found.push(
            t("problem.tooLarge", { name, size: bytes(issue.size, issue.max), max: bytes(issue.max) }),
          );
        else if (accepted.length >= room())
          found.push(t("problem.tooMany", { name, max: MAX_ATTACHMENTS_PER_MESSAGE }));
        else accepted.push(file);
      }
      setProblems(found);
      for (const file of accepted) {
        const key = `d${++counter}`;
        const item: DraftAttachment = {
          key,
          name: file.name || t("pastedFile"),
          size: file.size,
          kind: mediaKindOf(file.type),
          previewUrl: URL.createObjectURL(file),
          status: "uploading",
          fromGallery: false,
        };
        setItems((list) => [...list, item]);
        apiFetch("/api/chat/attachments", {
          method: "POST",
          headers: {
            "Content-Type": file.type || "application/octet-stream",
            "X-File-Name": encodeURIComponent(item.name),
          },
          body: file,
        })
          .then((r) => r.json() as Promise<AttachmentView>)
          .then((attachment) => patch(key, { status: "ready", attachment, kind: attachment.kind }))
          .catch((error: Error) => patch(key, { status: "failed", error: errorMessage(error) }));
      }
    },
    [t, bytes, errorMessage],
  );

  const addFromGallery = useCallback(
    (mediaId: string, preview: { name: string; url: string; kind: "image" | "video"; size: number }) => {
      if (room() <= 0) {
        setProblems([t("problem.full", { max: MAX_ATTACHMENTS_PER_MESSAGE })]);
        return;
      }
      const key = `d${++counter}`;
      setItems((list) => [
        ...list,
        {
          key,
          name: preview.name,
          size: preview.size,
          kind: preview.kind,
          previewUrl: preview.url,
          status: "uploading",
          fromGallery: true,
        },
      ]);
      apiFetch("/api/chat/attachments/from-gallery", jsonInit("POST", { mediaId }))
        .then((r) => r.json() as Promise<AttachmentView>)
        .then((attachment) =>
          patch(key, { status: "ready", attachment, name: attachment.name, size: attachment.size }),
        )
        .catch((error: Error) => patch(key, { status: "failed", error: errorMessage(error) }));
    },
    [t, errorMessage],
  );

  const addUrl = useCallback(
    (fileUri: string, mimeType: string) => {
      if (room() <= 0) {
        setProblems([t("problem.full", { max: MAX_ATTACHMENTS_PER_MESSAGE })]);
        return;
      }
      const name = decodeURIComponent(new URL(fileUri).pathname.split("/").pop() || fileUri);
      setItems((list) => [
        ...list,
        {
          key: `d${++counter}`,
          name,
          size: 0,
          kind: mediaKindOf(mimeType),
          previewUrl: fileUri,
          status: "ready",
          fromGallery: false,
          fileRef: { mimeType, fileUri },
        },
      ]);
    },
    [t],
  );

  const remove = useCallback((key: string) => {
    const item = itemsRef.current.find((i) => i.key === key);
    if (item?.attachment)
      void apiFetch(`/api/chat/attachments/${item.attachment.id}`, { method: "DELETE" }).catch(
        () => undefined,
      );
    setItems((list) => list.filter((i) => i.key !== key));
  }, []);

  /** Empties the tray after a send (the files now belong to the message) and returns what it held. */
  const take = useCallback(() => {
    const taken = itemsRef.current;
    setItems([]);
    setProblems([]);
    return taken;
  }, []);

  const restore = useCallback(
    (taken: DraftAttachment[]) => setItems((list) => (list.length ? list : taken)),
    [],
  );

  // Files over the inline limit can only come from the gallery (sent by URL); the rest must fit the total.
  const inlineTotal = items.reduce((sum, i) => sum + (i.size <= INLINE_MAX_FILE_BYTES ? i.size : 0), 0);
  const totalProblem =
    inlineTotal > INLINE_MAX_REQUEST_BYTES
      ? t("problem.total", { total: bytes(inlineTotal), max: bytes(INLINE_MAX_REQUEST_BYTES) })
      : undefined;

  return {
    items,
    problems: totalProblem ? [...problems, totalProblem] : problems,
    uploading: items.some((i) => i.status === "uploading"),
    failed: items.some((i) => i.status === "failed"),
    blocked: Boolean(totalProblem),
    addFiles,
    addFromGallery,
    addUrl,
    remove,
    take,
    restore,
    dismissProblems: () => setProblems([]),
  };
}
