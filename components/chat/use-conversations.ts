"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConversationDetail, ConversationView } from "@/lib/chat/types";
import {
  chatKeys,
  fetchConversation,
  fetchConversations,
  patchConversation,
  removeConversation,
} from "./api";

export function useConversationList(q: string) {
  return useQuery({
    queryKey: chatKeys.list(q),
    queryFn: () => fetchConversations(q),
    placeholderData: keepPreviousData,
  });
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: chatKeys.detail(id ?? ""),
    queryFn: () => fetchConversation(id as string),
    enabled: Boolean(id),
    // The thread changes only through this page; a refetch mid-stream would only repeat what we have.
    staleTime: Infinity,
  });
}

/** Keeps the thread's cached copy in step with a conversation the server just returned. */
function mergeConversation(detail: ConversationDetail | undefined, view: ConversationView) {
  return detail ? { ...detail, ...view, messages: detail.messages } : detail;
}

export function useUpdateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Record<string, unknown> }) =>
      patchConversation(id, patch),
    onSuccess: (view) => {
      queryClient.setQueryData<ConversationDetail>(chatKeys.detail(view.id), (d) =>
        mergeConversation(d, view),
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    },
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeConversation(id),
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    },
  });
}
