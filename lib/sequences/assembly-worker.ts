import { randomUUID } from "node:crypto";
import { claimRows, leaseFree } from "../coordination/claim-rows";
import { Prisma } from "../generated/prisma/client";
import { taskDeps, type TaskDeps } from "../tasks/deps";
import { chooseOutput } from "../video/choose-output";
import type { Edit } from "./assembly";
import { videoPort, type VideoPort } from "./video-port";

export type AssemblyWorkerOptions = { idleMs: number; leaseMs: number; maxAttempts: number };
const DEFAULTS: AssemblyWorkerOptions = { idleMs: 2_000, leaseMs: 60_000, maxAttempts: 3 };

type Claimed = { id: string; edit: string; userId: string | null; attempts: number };

/**
 * Runs one claimable assembly, if any: queued, or running with a lease that ran out (its process
 * died: it runs again, once — the claim is one statement). The lease is renewed with each progress
 * write; a cancel request aborts ffmpeg. The film becomes a gallery item: a task of kind
 * "sequence", completed and stored, whose request is the edit (provenance) and whose prompt holds
 * the sequence name and the shots' prompts (search).
 */
export async function runNextAssembly(
  deps: TaskDeps,
  video: VideoPort,
  options: Partial<AssemblyWorkerOptions> = {},
): Promise<string | null> {
  const { leaseMs, maxAttempts } = { ...DEFAULTS, ...options };
  const now = new Date(deps.now());
  const [job] = await claimRows<Claimed>(deps.db, {
    table: "Assembly",
    set: Prisma.sql`"state" = 'running', "leaseUntil" = ${new Date(deps.now() + leaseMs)}, "attempts" = "attempts" + 1, "startedAt" = ${now}`,
    where: Prisma.sql`("state" = 'queued' OR ("state" = 'running' AND ${leaseFree(Prisma.sql`"leaseUntil"`, now)}))`,
    orderBy: Prisma.sql`"createdAt" ASC, "id" ASC`,
    limit: 1,
    returning: ["id", "edit", "userId", "attempts"],
  });
  if (!job) return null;
  const finish = (data: Prisma.AssemblyUpdateManyMutationInput) =>
    deps.db.assembly.updateMany({
      where: { id: job.id, state: "running" },
      data: { leaseUntil: null, finishedAt: new Date(deps.now()), ...data },
    });
  if (job.attempts > maxAttempts) {
    await finish({
      state: "failed",
      error: `Stopped after ${maxAttempts} attempts (the studio restarted during each)`,
    });
    return "failed";
  }
  const edit = JSON.parse(job.edit) as Edit;
  const abort = new AbortController();
  try {
    const clips = await Promise.all(
      edit.shots.map(async (shot, i) => {
        const media = await deps.db.media.findFirst({
          where: { taskId: shot.taskId, role: "result", status: "stored" },
          select: { path: true },
        });
        if (!media?.path) throw new Error(`Shot ${i + 1}: its picked take's video is not stored any more`);
        return { path: media.path, trimIn: shot.trimIn, trimOut: shot.trimOut, muted: shot.muted };
      }),
    );
    const taskId = `seq_${randomUUID().replaceAll("-", "")}`;
    const destinationKey = `sequences/${taskId}.mp4`;
    const output = await outputFor(edit, clips, video, abort.signal);
    let writing = Promise.resolve();
    const onProgress = (fraction: number) => {
      writing = writing.then(async () => {
        const row = await deps.db.assembly.update({
          where: { id: job.id },
          data: { progress: Math.min(1, Math.max(0, fraction)), leaseUntil: new Date(deps.now() + leaseMs) },
          select: { cancelRequested: true },
        });
        if (row.cancelRequested) abort.abort();
      });
    };
    const film = await video.assembleFilm({
      clips,
      output,
      signal: abort.signal,
      onProgress,
      destinationKey,
    });
    await writing;
    await deps.db.$transaction([
      deps.db.task.create({
        data: {
          id: taskId,
          model: "sequence",
          kind: "sequence",
          status: "completed",
          progress: 1,
          prompt: [edit.name, ...edit.shots.map((s) => s.prompt)].join("\n"),
          request: job.edit,
          mediaState: "stored",
          userId: job.userId,
          finishedAt: new Date(deps.now()),
          actualDuration: film.durationSec,
          media: {
            create: {
              role: "result",
              fields: "assembly",
              sourceUrl: `studio:assembly/${job.id}`,
              status: "stored",
              path: destinationKey,
              contentType: "video/mp4",
              size: film.size,
              sha256: film.sha256,
              durationSec: film.durationSec,
              storedAt: new Date(deps.now()),
            },
          },
        },
      }),
      deps.db.assembly.updateMany({
        where: { id: job.id },
        data: { state: "done", progress: 1, taskId, leaseUntil: null, finishedAt: new Date(deps.now()) },
      }),
    ]);
    return "done";
  } catch (error) {
    if (abort.signal.aborted) {
      await finish({ state: "cancelled", error: null });
      return "cancelled";
    }
    await finish({ state: "failed", error: (error as Error).message });
    return "failed";
  }
}

/** The user's settings; what they left unset is chosen from the takes (lib/video/choose-output.ts). */
async function outputFor(edit: Edit, clips: { path: string }[], video: VideoPort, signal: AbortSignal) {
  const set = Object.fromEntries(Object.entries(edit.output).filter(([, v]) => v !== undefined));
  const { width, height, fps } = edit.output;
  if (width && height && fps) return { crossfadeSeconds: 0, ...set, width, height, fps };
  return {
    ...chooseOutput(
      await video.probeClips(
        clips.map((c) => c.path),
        signal,
      ),
    ),
    ...set,
  };
}

export type AssemblyWorker = { stop(): Promise<void> };

export function startAssemblyWorker(
  deps: TaskDeps = taskDeps(),
  video: VideoPort = videoPort(),
  options: Partial<AssemblyWorkerOptions> = {},
): AssemblyWorker {
  const { idleMs } = { ...DEFAULTS, ...options };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const loop = async () => {
    if (stopped) return;
    const step = runNextAssembly(deps, video, options);
    running = step.catch(() => undefined);
    const result = await step.catch((error: unknown) => {
      deps.log.error("[sequences] assembly step failed:", error);
      return null;
    });
    if (!stopped) timer = setTimeout(loop, result ? 0 : idleMs).unref();
  };
  timer = setTimeout(loop, 0).unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const holder = globalThis as typeof globalThis & { __studioAssemblyWorker?: AssemblyWorker };

export function ensureAssemblyWorkerStarted(): AssemblyWorker {
  holder.__studioAssemblyWorker ??= startAssemblyWorker();
  return holder.__studioAssemblyWorker;
}
