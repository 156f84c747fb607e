import type { StudioUser } from "./types";

/**
 * With accounts off (AUTH=off, loopback only) whoever reaches the port is this one admin, as before
 * accounts existed. Not a database row: it has no password or tokens, and owns what is made with
 * accounts off.
 */
export const LOCAL_USER: StudioUser = Object.freeze({
  id: "local",
  email: "local@localhost",
  name: "Local user",
  role: "admin",
  via: "local",
});
