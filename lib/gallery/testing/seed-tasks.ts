import type { Db } from "../../db";
import { normalizeTagName } from "../tag-names";

export type SeedTask = {
  id: string;
  prompt?: string;
  model?: string;
  kind?: "video" | "image";
  status?: string;
  mediaState?: string;
  favorite?: boolean;
  rating?: number | null;
  tags?: string[];
  submittedAt?: Date;
  request?: Record<string, unknown>;
  error?: string | null;
  amount?: number | null;
  actualDuration?: number | null;
  /** The owner (a User id); null or absent: made with accounts off. */
  userId?: string | null;
  media?: {
    role?: string;
    status?: string;
    path?: string | null;
    contentType?: string | null;
    size?: number | null;
    sha256?: string | null;
    sourceUrl?: string;
    thumbPath?: string | null;
    width?: number | null;
    height?: number | null;
    durationSec?: number | null;
  }[];
};

/** Inserts gallery tasks through Prisma (tests and e2e seeds); returns the ids in input order. */
export async function seedTasks(db: Db, tasks: SeedTask[]): Promise<string[]> {
  for (const t of tasks) {
    const kind = t.kind ?? "video";
    const model = t.model ?? (kind === "video" ? "sd_2.5_ORelay" : "vendors_5.0Pro");
    const prompt = t.prompt ?? "";
    await db.task.create({
      data: {
        id: t.id,
        model,
        kind,
        status: t.status ?? "completed",
        mediaState: t.mediaState ?? (t.media?.length ? "stored" : "none"),
        prompt,
        request: JSON.stringify(t.request ?? { model, prompt }),
        favorite: t.favorite ?? false,
        rating: t.rating ?? null,
        error: t.error ?? null,
        amount: t.amount ?? null,
        actualDuration: t.actualDuration ?? null,
        submittedAt: t.submittedAt ?? new Date(),
        userId: t.userId ?? null,
        media: {
          create: (t.media ?? []).map((m, i) => ({
            role: m.role ?? "result",
            fields: m.role === "last_frame" ? "last_frame_url" : "result_url",
            sourceUrl: m.sourceUrl ?? `https://upstream.example/${t.id}/${i}`,
            status: m.status ?? "stored",
            path: m.path === undefined ? `results/${t.id}-${i}` : m.path,
            contentType:
              m.contentType === undefined ? (kind === "video" ? "video/mp4" : "image/png") : m.contentType,
            size: m.size ?? null,
            sha256: m.sha256 ?? null,
            thumbPath: m.thumbPath ?? null,
            width: m.width ?? null,
            height: m.height ?? null,
            durationSec: m.durationSec ?? null,
          })),
        },
        tags: {
          create: (t.tags ?? []).map((name) => ({
            tag: {
              connectOrCreate: {
                where: { name: normalizeTagName(name) },
                create: { name: normalizeTagName(name) },
              },
            },
          })),
        },
      },
    });
  }
  return tasks.map((t) => t.id);
}

/** One task per prompt (keyed by task id), a day apart in the order given: search tests' libraries. */
export function seedPrompts(db: Db, prompts: Record<string, string>): Promise<string[]> {
  return seedTasks(
    db,
    Object.entries(prompts).map(([id, prompt], i) => ({
      id,
      prompt,
      submittedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  );
}
