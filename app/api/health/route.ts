import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Liveness for tests and load balancers: public, tells nothing about accounts or data. */
export const GET = route({ auth: "public" }, async () => Response.json({ ok: true }));
