"use client";

import { useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { useParams, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useRef, useState, type DragEvent } from "react";
import type { TextModelFamily } from "@/lib/catalog";
import { DEFAULT_TITLE } from "@/lib/chat/default-title";
import type { ConversationSettings } from "@/lib/chat/settings-schema";
import type { ConversationDetail } from "@/lib/chat/types";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { chatKeys, createConversation } from "./api";
import { Composer, type Draft, type SendOutcome } from "./composer";
import { ConversationList } from "./conversation-list";
import { describeError } from "./describe-error";
import { preloadMarkdown } from "./lazy-markdown";
import { MessageList } from "./message-list";
import { ThreadHeader } from "./thread-header";
import { useChatStream, type StreamRequest } from "./use-chat-stream";
import {
  useConversation,
  useConversationList,
  useDeleteConversation,
  useUpdateConversation,
} from "./use-conversations";
import { useDebounced } from "@/components/ui/use-debounced";
import { useNewChatSettings } from "./use-new-chat-settings";
import { useDraftAttachments } from "./use-draft-attachments";

// Opened on demand: its form (react-hook-form, zod resolver) loads when it is first opened.
// Opened on demand: loaded then, which keeps the chat page within its first-load budget.
const GalleryPicker = lazy(() =>
  import("./gallery-picker").then((module) => ({ default: module.GalleryPicker })),
);
const SettingsPanel = lazy(() =>
  import("./settings-panel").then((module) => ({ default: module.SettingsPanel })),
);

export function ChatApp({
  families,
  defaultModel,
}: {
  families: readonly TextModelFamily[];
  defaultModel: string;
}) {
  const params = useParams<{ id?: string }>();
  const id = params.id ?? null;
  const router = useRouter();
  const queryClient = useQueryClient();
  const t = useTranslations("chat");
  const errorMessage = useErrorMessage();
  const [query, setQuery] = useState("");
  const list = useConversationList(useDebounced(query.trim(), 200));
  const detail = useConversation(id);
  const update = useUpdateConversation();
  const remove = useDeleteConversation();
  const stream = useChatStream();
  const tray = useDraftAttachments();
  const [newChat, setNewChat] = useNewChatSettings(defaultModel);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  // Below 1024 px the page is one column: the conversation list opens over the thread on demand.
  const [listOpen, setListOpen] = useState(false);
  const [listShownFor, setListShownFor] = useState(id);
  if (listShownFor !== id) {
    setListShownFor(id);
    setListOpen(false);
  }
  const [dragging, setDragging] = useState(false);
  // Kept with the conversation it happened in, so it disappears on switching away.
  // kind: what failed, so the advice says where the user's text is now.
  type Failure = { in: string | null; error: ApiError; kind: StreamRequest["kind"] };
  const [failure, setFailure] = useState<Failure | null>(null);
  const requestError = failure?.in === id ? failure.error : null;
  const setRequestError = (
    error: ApiError | null,
    where: string | null = id,
    kind: StreamRequest["kind"] = "send",
  ) => setFailure(error ? { in: where, error, kind } : null);

  const conversation = id ? detail.data : undefined;
  const streaming = stream.active !== null;
  const streamingHere = streaming && stream.active?.conversationId === id;
  const settings: ConversationSettings & { model: string } = conversation ?? newChat;

  // The answer renderer is not part of the page's first load: fetch it once the page is up.
  useEffect(preloadMarkdown, []);

  useEffect(() => {
    if (!streaming) return;
    const onKey = (e: KeyboardEvent) => {
      // Esc inside a dialog or a field with its own Esc (rename, link, edit) belongs to that element.
      const target = e.target as Element | null;
      if (e.key !== "Escape" || e.defaultPrevented || target?.closest?.("dialog, [data-own-escape]")) return;
      stream.stop();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [streaming, stream]);

  // The question of the last send the upstream refused outright, as long as nothing else has been
  // asked since: only then may a draft replace it (a regenerate or an edit of it must not be lost).
  const failedSend = useRef<string | null>(null);

  const runStream = async (request: StreamRequest) => {
    failedSend.current = null;
    setRequestError(null);
    const result = await stream.run(request);
    if (!result.ok && !result.started) setRequestError(result.error, request.conversationId, request.kind);
    return result;
  };

  const send = async (draft: Draft): Promise<SendOutcome> => {
    setRequestError(null);
    let conversationId = id;
    if (!conversationId) {
      try {
        const created = await createConversation(newChat);
        queryClient.setQueryData<ConversationDetail>(chatKeys.detail(created.id), {
          ...created,
          messages: [],
        });
        conversationId = created.id;
        router.replace(`/chat/${created.id}`);
      } catch (error) {
        setRequestError(error as ApiError, null, "send");
        return { sent: false };
      }
    }
    const replaceFailed =
      draft.replaceFailed && draft.replaceFailed === failedSend.current ? draft.replaceFailed : undefined;
    const attachmentIds = draft.attachments.flatMap((a) => (a.attachment ? [a.attachment.id] : []));
    const result = await runStream({
      kind: "send",
      conversationId,
      body: {
        text: draft.text,
        attachmentIds,
        fileRefs: draft.attachments.flatMap((a) => (a.fileRef ? [a.fileRef] : [])),
        ...(replaceFailed ? { replaceFailed } : {}),
      },
    });
    if (!result.ok) return result.started ? { sent: true } : { sent: false };
    // The upstream refused outright: the question is on record with its error, and the draft comes
    // back; resending it replaces that question.
    if (result.message.status === "error" && !result.message.text) {
      failedSend.current = result.question;
      return { sent: false, failedQuestion: result.question ?? undefined };
    }
    return { sent: true };
  };

  const changeModel = (model: string) => {
    if (id) update.mutate({ id, patch: { model } });
    setNewChat((s) => ({ ...s, model }));
  };

  const saveSettings = (value: ConversationSettings) => {
    if (id) update.mutate({ id, patch: value }, { onSuccess: () => setSettingsOpen(false) });
    else setSettingsOpen(false);
    setNewChat((s) => ({ ...s, ...value }));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = Array.from(e.dataTransfer.files);
    if (files.length) tray.addFiles(files);
  };

  const notFound = id && detail.isError;
  const problem = requestError
    ? describeError(t, { code: requestError.code, status: requestError.status || undefined })
    : null;

  return (
    <div
      className={clsx(
        "relative grid h-[calc(100dvh-3.5rem)] min-h-0 grid-cols-1",
        settingsOpen ? "lg:grid-cols-[17rem_1fr_20rem]" : "lg:grid-cols-[17rem_1fr]",
      )}
    >
      <ConversationList
        className={clsx("lg:static lg:flex", listOpen ? "absolute inset-0 z-20 flex" : "hidden")}
        conversations={list.data ?? []}
        loading={list.isPending}
        activeId={id}
        query={query}
        onQuery={setQuery}
        onClose={() => setListOpen(false)}
        onNew={() => {
          setRequestError(null);
          setListOpen(false);
          router.push("/chat");
        }}
        onRename={(cid, title) => update.mutate({ id: cid, patch: { title } })}
        onDelete={(cid) =>
          remove.mutate(cid, {
            onSuccess: () => {
              if (cid === id) router.push("/chat");
            },
          })
        }
      />
      <section
        aria-label={t("conversation")}
        data-testid="chat-main"
        className="relative flex min-h-0 flex-col"
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (e.currentTarget === e.target) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <ThreadHeader
          title={conversation?.title ?? (id ? "" : DEFAULT_TITLE)}
          model={settings.model}
          families={families}
          usage={conversation?.usage ?? null}
          onModel={changeModel}
          modelDisabled={streamingHere}
          settingsOpen={settingsOpen}
          onToggleSettings={() => setSettingsOpen((o) => !o)}
          onShowList={() => setListOpen(true)}
        />
        {id && detail.isPending ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner label={t("loadingConversation")} />
          </div>
        ) : notFound ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-sm text-zinc-400">
            <p>{errorMessage(detail.error)}</p>
            <Button onClick={() => router.push("/chat")}>{t("startNew")}</Button>
          </div>
        ) : (
          <MessageList
            messages={conversation?.messages ?? []}
            actions={{
              busy: streaming,
              onRegenerate: id ? () => void runStream({ kind: "regenerate", conversationId: id }) : undefined,
              onEdit: id
                ? (messageId, text) => runStream({ kind: "edit", conversationId: id, messageId, text })
                : undefined,
            }}
            empty={<EmptyThread />}
            footer={
              problem &&
              requestError && (
                <div
                  data-testid="request-error"
                  className="rounded-lg border border-red-500/40 bg-red-500/10 px-3.5 py-3 text-sm text-red-100"
                >
                  <p className="font-medium">{problem.title}</p>
                  <p className="mt-1 text-[13px] opacity-90">{errorMessage(requestError)}</p>
                  <p className="mt-1 text-[13px] opacity-90">
                    {failure?.kind === "send"
                      ? `${t("keptSend")} `
                      : failure?.kind === "edit"
                        ? `${t("keptEdit")} `
                        : ""}
                    {problem.advice}
                  </p>
                </div>
              )
            }
          />
        )}
        <Composer
          tray={tray}
          streaming={streamingHere}
          disabled={Boolean(notFound) || (streaming && !streamingHere)}
          disabledReason={streaming && !streamingHere ? t("streamingElsewhere") : undefined}
          onSend={send}
          onStop={stream.stop}
          onOpenGallery={() => setPickerOpen(true)}
        />
        {dragging && (
          <div className="pointer-events-none absolute inset-2 flex items-center justify-center rounded-xl border-2 border-dashed border-sky-400 bg-sky-500/10 text-sm font-medium text-sky-200">
            {t("dropHere")}
          </div>
        )}
      </section>
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsPanel
            className="absolute inset-0 z-20 lg:static"
            key={`${id ?? "new"}:${settings.systemInstruction}:${JSON.stringify(settings.generationConfig)}`}
            value={{
              systemInstruction: settings.systemInstruction,
              generationConfig: settings.generationConfig,
            }}
            onSave={saveSettings}
            onClose={() => setSettingsOpen(false)}
            saving={update.isPending}
            serverError={update.error ? errorMessage(update.error) : undefined}
          />
        </Suspense>
      )}
      {pickerOpen && (
        <Suspense fallback={null}>
          <GalleryPicker
            open={pickerOpen}
            onClose={() => setPickerOpen(false)}
            onPick={(pick) => tray.addFromGallery(pick.mediaId, pick)}
          />
        </Suspense>
      )}
    </div>
  );
}

function EmptyThread() {
  const t = useTranslations("chat");
  return (
    <div className="mx-auto mt-16 max-w-md space-y-3 text-center" data-testid="empty-thread">
      <h2 className="text-lg font-semibold text-zinc-100">{t("emptyTitle")}</h2>
      <p className="text-sm text-zinc-400">{t("emptyText")}</p>
    </div>
  );
}
