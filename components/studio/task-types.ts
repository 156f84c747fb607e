/**
 * The task object as the studio's proxy presents it: the upstream's top-level task fields, with
 * result URLs pointing at the studio's stored copies, plus a `studio` block (media, timings, request).
 * Every field is optional on purpose: the spec leaves several types "not shown", and the panel must
 * render whatever subset arrives.
 */
export type TaskStatus = "queued" | "processing" | "completed" | "failed";

export type PresentedMedia = {
  id?: string;
  role?: string;
  fields?: string | string[];
  url?: string | null;
  thumbnailUrl?: string | null;
  status?: string;
  contentType?: string | null;
  size?: number | null;
  error?: string | null;
};

export type PresentedTask = {
  id: string;
  object?: string;
  created?: number;
  model?: string;
  status?: string;
  progress?: number | string | null;
  result_url?: string | null;
  video_url?: string | null;
  image_url?: string | null;
  last_frame_url?: string | null;
  amount?: number | string | null;
  actualDuration?: number | string | null;
  error?: string | { message?: string } | null;
  studio?: {
    kind?: string;
    mediaState?: string;
    media?: PresentedMedia[];
    submittedAt?: string;
    startedAt?: string | null;
    finishedAt?: string | null;
    request?: Record<string, unknown>;
    prompt?: string;
  };
};

export const TERMINAL_STATUSES: readonly string[] = ["completed", "failed"];

/** Download states that will not change any more (see Task.mediaState in the schema). */
export const SETTLED_MEDIA_STATES: readonly string[] = ["none", "stored", "partial", "expired", "failed"];

export function isTerminal(status: string | undefined): boolean {
  return status !== undefined && TERMINAL_STATUSES.includes(status);
}
