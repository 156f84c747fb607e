/**
 * The request header with which a client sends a task although some of its files could not be
 * checked (422 media_unverified). Browser-safe: the studio form sends it too.
 */
export const MEDIA_CHECK_HEADER = "x-studio-media-check";
export const SKIP_UNREACHABLE = "skip-unreachable";

/** A file the studio could not check, and why: the user may send anyway (the upstream may reach it). */
export type UnverifiedMedia = { path: string; url: string; reason: string };
