"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/api-client";
import type { Role } from "@/lib/auth/password-policy";
import type { UserSummary } from "@/lib/auth/types";

const USERS_KEY = ["admin", "users"] as const;

export function useUsersQuery() {
  return useQuery({
    queryKey: USERS_KEY,
    queryFn: () => fetchJson<{ users: UserSummary[] }>("/api/admin/users").then((r) => r.users),
  });
}

/** One mutation hook for every change to a user; the list is reloaded after each. */
export function useUserMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: USERS_KEY });
  return {
    create: useMutation({
      mutationFn: (input: {
        email: string;
        name?: string;
        password: string;
        role: Role;
        adminPassword?: string;
      }) => fetchJson<UserSummary>("/api/admin/users", { method: "POST", body: JSON.stringify(input) }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({
        id,
        ...patch
      }: {
        id: string;
        disabled?: boolean;
        role?: Role;
        adminPassword?: string;
      }) =>
        fetchJson<UserSummary>(`/api/admin/users/${encodeURIComponent(id)}`, {
          method: "PATCH",
          body: JSON.stringify(patch),
        }),
      onSuccess,
    }),
    resetPassword: useMutation({
      mutationFn: ({
        id,
        ...body
      }: {
        id: string;
        password: string;
        keepTokens: boolean;
        adminPassword?: string;
      }) =>
        fetchJson<{ reset: true; revokedTokens: number }>(
          `/api/admin/users/${encodeURIComponent(id)}/password`,
          {
            method: "POST",
            body: JSON.stringify(body),
          },
        ),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: ({ id, adminPassword }: { id: string; adminPassword?: string }) =>
        fetchJson(`/api/admin/users/${encodeURIComponent(id)}`, {
          method: "DELETE",
          body: JSON.stringify({ adminPassword }),
        }),
      onSuccess,
    }),
  };
}
