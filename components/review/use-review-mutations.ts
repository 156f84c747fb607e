"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NewComment } from "@/lib/comments/schema";
import { reviewKeys, type ReviewSession } from "./use-review-session";

/** The comment writes of one item; each refreshes the item's threads when it lands. */
export function useCommentMutations(session: ReviewSession) {
  const client = useQueryClient();
  const { api, taskId } = session;
  const onSuccess = () => client.invalidateQueries({ queryKey: reviewKeys.comments(api, taskId) });
  return {
    add: useMutation({
      mutationFn: (input: NewComment & { guestName?: string }) => api.addComment(taskId, input),
      onSuccess,
    }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: string; body: string }) => api.editComment(id, body),
      onSuccess,
    }),
    resolve: useMutation({
      mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) => api.setResolved(id, resolved),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.deleteComment(id), onSuccess }),
  };
}
