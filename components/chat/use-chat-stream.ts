"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { readChatEvents, type ChatEvent } from "@/lib/chat/chat-events";
import { replacedExchange } from "@/lib/chat/failed-exchange";
import { messageError } from "@/lib/chat/message-failures";
import type { SendMessageInput } from "@/lib/chat/send-schema";
import type { ConversationDetail, MessageView } from "@/lib/chat/types";
import { ApiError, apiFetch, jsonInit } from "@/components/api-client";
import { chatKeys } from "./api";

export type StreamRequest =
  | { kind: "send"; conversationId: string; body: SendMessageInput }
  | { kind: "regenerate"; conversationId: string }
  | { kind: "edit"; conversationId: string; messageId: string; text: string };

export type StreamResult =
  /** question: the stored question's id (null for a regenerate). */
  | { ok: true; message: MessageView; question: string | null }
  /** started: the server had already stored the question (the failure came mid-stream). */
  | { ok: false; error: ApiError; started: boolean };

type Active = { conversationId: string; messageId: string | null };

const FLUSH_MS = 30;
const STOP_FALLBACK_MS = 5_000;

function endpoint(request: StreamRequest): [string, unknown] {
  if (request.kind === "send")
    return [`/api/chat/conversations/${request.conversationId}/messages`, request.body];
  if (request.kind === "regenerate")
    return [`/api/chat/conversations/${request.conversationId}/regenerate`, {}];
  return [`/api/chat/messages/${request.messageId}/edit`, { text: request.text }];
}

/** The thread as the server has just rewritten it (mirrors lib/chat/send.ts). */
function applyStart(
  detail: ConversationDetail,
  request: StreamRequest,
  event: Extract<ChatEvent, { type: "start" }>,
) {
  let messages = detail.messages;
  if (request.kind === "send") {
    const replaced = replacedExchange(messages, (m) => m.text, request.body.replaceFailed);
    messages = messages.slice(0, messages.length - replaced.length);
  } else if (request.kind === "regenerate") {
    if (messages.at(-1)?.role === "model") messages = messages.slice(0, -1);
  } else {
    messages = messages.slice(
      0,
      Math.max(
        0,
        messages.findIndex((m) => m.id === request.messageId),
      ),
    );
  }
  const added = event.userMessage ? [event.userMessage, event.modelMessage] : [event.modelMessage];
  return { ...detail, ...event.conversation, messages: [...messages, ...added] };
}

/**
 * Sends, regenerates or edits, and renders the answer as it streams: text deltas are written into
 * the cached thread (batched every few ms), the final row replaces it when the stream ends.
 */
export function useChatStream() {
  const queryClient = useQueryClient();
  const t = useTranslations("chat");
  const [active, setActive] = useState<Active | null>(null);
  const activeRef = useRef<Active | null>(null);
  const stopWanted = useRef(false);
  const abortRef = useRef<AbortController | null>(null);

  const setActiveBoth = (value: Active | null) => {
    activeRef.current = value;
    setActive(value);
  };

  const requestStop = useCallback((messageId: string) => {
    void apiFetch(`/api/chat/messages/${messageId}/stop`, { method: "POST" }).catch(() => undefined);
    // If the server cannot be told, stop reading: the answer is then kept as interrupted.
    const controller = abortRef.current;
    setTimeout(() => {
      if (activeRef.current?.messageId === messageId) controller?.abort();
    }, STOP_FALLBACK_MS);
  }, []);

  const run = useCallback(
    async (request: StreamRequest): Promise<StreamResult> => {
      const key = chatKeys.detail(request.conversationId);
      const update = (fn: (d: ConversationDetail) => ConversationDetail) =>
        queryClient.setQueryData<ConversationDetail>(key, (d) => (d ? fn(d) : d));
      const controller = new AbortController();
      abortRef.current = controller;
      stopWanted.current = false;
      setActiveBoth({ conversationId: request.conversationId, messageId: null });

      let modelId: string | null = null;
      let questionId: string | null = null;
      let text = "";
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done: { message: MessageView | null } = { message: null };
      const flush = () => {
        timer = undefined;
        const id = modelId;
        update((d) => ({
          ...d,
          messages: d.messages.map((m) => (m.id === id ? { ...m, text, parts: [{ text }] } : m)),
        }));
      };
      try {
        const [url, body] = endpoint(request);
        const response = await apiFetch(url, { ...jsonInit("POST", body), signal: controller.signal });
        await readChatEvents(response.body!, (event) => {
          if (event.type === "start") {
            modelId = event.modelMessage.id;
            questionId = event.userMessage?.id ?? null;
            setActiveBoth({ conversationId: request.conversationId, messageId: modelId });
            update((d) => applyStart(d, request, event));
            if (stopWanted.current) requestStop(modelId);
          } else if (event.type === "delta") {
            text += event.text;
            timer ??= setTimeout(flush, FLUSH_MS);
          } else {
            clearTimeout(timer);
            timer = undefined;
            const message = event.message;
            done.message = message;
            update((d) => ({
              ...d,
              ...event.conversation,
              messages: d.messages.map((m) => (m.id === message.id ? message : m)),
            }));
          }
        });
        if (!done.message) throw new ApiError(0, "network", t("streamBroken"));
        return { ok: true, message: done.message, question: questionId };
      } catch (error) {
        clearTimeout(timer);
        const failure = error instanceof ApiError ? error : new ApiError(0, "network", t("streamBroken"));
        if (modelId) {
          // The server keeps what it received; show ours as interrupted until the refetch below.
          const id = modelId;
          update((d) => ({
            ...d,
            messages: d.messages.map((m) =>
              m.id === id
                ? {
                    ...m,
                    text,
                    status: "interrupted",
                    // Already in the page's language (streamBroken) or the server's own: shown as it is.
                    error: messageError("network", undefined, { code: "text", message: failure.message }),
                  }
                : m,
            ),
          }));
          void queryClient.invalidateQueries({ queryKey: key });
        }
        return { ok: false, error: failure, started: modelId !== null };
      } finally {
        abortRef.current = null;
        setActiveBoth(null);
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
      }
    },
    [queryClient, requestStop, t],
  );

  const stop = useCallback(() => {
    const current = activeRef.current;
    if (!current) return;
    if (current.messageId) requestStop(current.messageId);
    else stopWanted.current = true;
  }, [requestStop]);

  return { active, run, stop };
}
