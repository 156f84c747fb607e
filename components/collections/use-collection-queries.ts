"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { MemberRole, MoveInput, UpdateCollectionInput } from "@/lib/collections/schema";
import * as api from "./api";

export const collectionKeys = {
  all: ["collections"] as const,
  list: ["collections", "list"] as const,
  one: (id: string) => ["collections", "one", id] as const,
  members: (id: string) => ["collections", "members", id] as const,
};

/** A collection's pages live with the gallery's lists (item-source.tsx): refetch them after a change. */
function refreshCollection(client: QueryClient, id: string) {
  void client.invalidateQueries({ queryKey: collectionKeys.all });
  void client.invalidateQueries({
    predicate: (q) =>
      q.queryKey[0] === "gallery" && String(q.queryKey.at(-1) ?? "").startsWith(`collection:${id}:`),
  });
}

/** The viewer's collections and those shared with them. */
export function useCollectionsQuery(enabled = true) {
  return useQuery({ queryKey: collectionKeys.list, queryFn: api.fetchCollections, enabled });
}

export function useCollectionQuery(id: string) {
  return useQuery({ queryKey: collectionKeys.one(id), queryFn: () => api.fetchCollection(id) });
}

export function useMembersQuery(id: string, enabled: boolean) {
  return useQuery({ queryKey: collectionKeys.members(id), queryFn: () => api.fetchMembers(id), enabled });
}

export function useCreateCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.postCollection,
    onSuccess: () => void client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

export function useUpdateCollection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCollectionInput) => api.patchCollection(id, input),
    onSuccess: (summary) => {
      client.setQueryData(collectionKeys.one(id), summary);
      void client.invalidateQueries({ queryKey: collectionKeys.list });
    },
  });
}

export function useDeleteCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.deleteCollection,
    onSuccess: () => void client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

export function useAddItems() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, taskIds }: { id: string; taskIds: string[] }) => api.postItems(id, taskIds),
    onSuccess: (_result, { id }) => refreshCollection(client, id),
  });
}

export function useRemoveItems(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taskIds: string[]) => api.deleteItems(id, taskIds),
    onSuccess: () => refreshCollection(client, id),
  });
}

/** One move of the order; the page shows it at once (collection-view.tsx) and refetches after. */
export function useMoveItem(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: MoveInput) => api.postMove(id, move),
    onSettled: () => refreshCollection(client, id),
  });
}

export function useMemberMutations(id: string) {
  const client = useQueryClient();
  const onSuccess = () => {
    void client.invalidateQueries({ queryKey: collectionKeys.members(id) });
  };
  return {
    add: useMutation({
      mutationFn: ({ email, role }: { email: string; role: MemberRole }) => api.postMember(id, email, role),
      onSuccess,
    }),
    change: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
        api.patchMember(id, userId, role),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (userId: string) => api.deleteMember(id, userId), onSuccess }),
  };
}
