import { fetchJson, jsonInit } from "@/components/api-client";
import type { CollectionMemberView, CollectionSummary } from "@/lib/collections";
import type {
  CreateCollectionInput,
  MemberRole,
  MoveInput,
  UpdateCollectionInput,
} from "@/lib/collections/schema";

const base = (id: string) => `/api/collections/${encodeURIComponent(id)}`;

export async function fetchCollections(): Promise<CollectionSummary[]> {
  return (await fetchJson<{ collections: CollectionSummary[] }>("/api/collections")).collections;
}

export function fetchCollection(id: string): Promise<CollectionSummary> {
  return fetchJson(base(id));
}

export function postCollection(input: CreateCollectionInput): Promise<CollectionSummary> {
  return fetchJson("/api/collections", jsonInit("POST", input));
}

export function patchCollection(id: string, input: UpdateCollectionInput): Promise<CollectionSummary> {
  return fetchJson(base(id), jsonInit("PATCH", input));
}

export function deleteCollection(id: string): Promise<null> {
  return fetchJson(base(id), { method: "DELETE" });
}

export function postItems(id: string, taskIds: string[]): Promise<{ added: number; alreadyIn: number }> {
  return fetchJson(`${base(id)}/items`, jsonInit("POST", { taskIds }));
}

export function deleteItems(id: string, taskIds: string[]): Promise<{ removed: number }> {
  return fetchJson(`${base(id)}/items`, jsonInit("DELETE", { taskIds }));
}

export function postMove(id: string, move: MoveInput): Promise<{ order: string[]; renumbered: boolean }> {
  return fetchJson(`${base(id)}/items/order`, jsonInit("POST", move));
}

export async function fetchMembers(id: string): Promise<CollectionMemberView[]> {
  return (await fetchJson<{ members: CollectionMemberView[] }>(`${base(id)}/members`)).members;
}

export function postMember(id: string, email: string, role: MemberRole): Promise<CollectionMemberView> {
  return fetchJson(`${base(id)}/members`, jsonInit("POST", { email, role }));
}

export function patchMember(id: string, userId: string, role: MemberRole): Promise<CollectionMemberView> {
  return fetchJson(`${base(id)}/members/${encodeURIComponent(userId)}`, jsonInit("PATCH", { role }));
}

export function deleteMember(id: string, userId: string): Promise<null> {
  return fetchJson(`${base(id)}/members/${encodeURIComponent(userId)}`, { method: "DELETE" });
}

export const zipUrl = (id: string, approvedOnly = false) =>
  `${base(id)}/zip${approvedOnly ? "?approved=1" : ""}`;
