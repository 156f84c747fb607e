import { z } from "zod";
import { ownerOf } from "@/lib/auth/scope";
import { getModel } from "@/lib/catalog/lookup";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { referenceContext, studioFileReference } from "@/lib/gallery/reference-url";
import { isMultipart, readMultipart } from "@/lib/http/multipart";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { mediaCheckOf } from "@/lib/media-inspection/request-check";
import {
  bodyFromVideoForm,
  inputReferenceRefused,
  presentOpenAiVideo,
  takesReferenceImages,
} from "@/lib/tasks/openai-videos";
import { presentTask } from "@/lib/tasks/present-task";
import { submitTask } from "@/lib/tasks/submit-task";
import { saveMediaUpload, uploadPath } from "@/lib/uploads/media-uploads";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const familyParams = z.object({ family: z.string().min(1) });

/**
 * Create, mirroring the upstream's video-family v1 path: the body ({ model, prompt, aspect_ratio,
 * seconds }) is validated by the family's rules in the catalog, then its referenced files (as on the
 * task API path), then the budget and rate checks,
 * then forwarded to {base_url}/v1/{family}/videos with the server's key. The task is tracked,
 * stored and billed like every task; the answer is the task as the studio knows it (its `id` is
 * the upstream's, for GET …/videos/{id}).
 *
 * A multipart form is OpenAI's videos API as its SDK sends it (lib/tasks/openai-videos.ts): its
 * `input_reference` file is stored as an upload and handed upstream by signed link as the one
 * reference image, and the answer is OpenAI's video object. This route takes an upload's size, so
 * it guards itself instead of the proxy (lib/http/body-routes.ts).
 */
export const POST = route({ auth: "user", params: familyParams }, async ({ request, params, user }) => {
  const origin = new URL(request.url).origin;
  const options = {
    userId: ownerOf(user),
    check: {},
    via: params.family,
    media: mediaCheckOf(request, user),
  };
  if (!isMultipart(request)) {
    const task = await submitTask(await readJson(request, env().bodyLimits.task), undefined, options);
    return Response.json(presentTask(task, origin), { headers: { "Cache-Control": "no-store" } });
  }
  const maxBytes = env().bodyLimits.upload;
  const { fields, file } = await readMultipart(request, "input_reference", maxBytes);
  const model = getModel(fields.model ?? "");
  const body = bodyFromVideoForm(fields, model);
  if (file) {
    if (!takesReferenceImages(model)) {
      await file.stream.cancel();
      throw inputReferenceRefused(model, fields.model ?? "");
    }
    const { stream, ...meta } = file;
    const upload = await saveMediaUpload(db(), user, stream, { ...meta, maxBytes });
    body.reference_images = [studioFileReference(uploadPath(upload.id), await referenceContext(origin)).url];
  }
  const task = await submitTask(body, undefined, options);
  return Response.json(presentOpenAiVideo(task, origin), { headers: { "Cache-Control": "no-store" } });
});
