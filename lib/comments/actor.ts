import type { StudioUser } from "../auth/types";
import type { CollectionPower } from "../collections/access";
import type { ReviewActor } from "./types";

/** The actor of a signed-in request, with the power the route established (itemAccess/collectionAccess). */
export function userActor(user: Pick<StudioUser, "id" | "name">, power: CollectionPower): ReviewActor {
  return { kind: "user", userId: user.id, name: user.name, power };
}
