/**
 * Download names that say what the file is: date, model, the prompt's first words, a short task id
 * (which makes the name unique across tasks), and the role when it is not the main result:
 * `2026-11-21_sd_2.5_ORelay_a-dragon-over-snowy-mountains_7f3a91c2.mp4`.
 */
const EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
  "image/heic": "heic",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
};

/** Every extension extensionFor gives a known type (adoption looks for a stored download by them). */
export const KNOWN_EXTENSIONS: readonly string[] = Object.values(EXTENSIONS);

export function extensionFor(contentType: string | null, path: string | null): string {
  const known = contentType ? EXTENSIONS[contentType.split(";")[0].trim().toLowerCase()] : undefined;
  if (known) return known;
  const fromPath = path ? /\.([a-z0-9]{2,5})$/i.exec(path)?.[1] : undefined;
  return fromPath?.toLowerCase() ?? "bin";
}

/** The prompt's first words as a file-name-safe slug (letters of any script kept). */
export function promptSlug(prompt: string, maxLength = 48): string {
  const slug = prompt
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastDash = cut.lastIndexOf("-");
  return (lastDash > maxLength / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, "");
}

function shortTaskId(id: string): string {
  const clean = id.replace(/[^A-Za-z0-9]/g, "");
  return (clean.length > 8 ? clean.slice(-8) : clean) || "task";
}

export function downloadFileName(
  task: { id: string; model: string; prompt: string; submittedAt: Date },
  media: { role: string; contentType: string | null; path: string | null },
  index = 0,
): string {
  const date = task.submittedAt.toISOString().slice(0, 10);
  const model = task.model.replace(/[^\p{L}\p{N}._-]+/gu, "-");
  const parts = [date, model, promptSlug(task.prompt), shortTaskId(task.id)].filter(Boolean);
  const role = media.role === "result" ? "" : media.role.replace(/_/g, "-");
  const suffix = [role, index > 0 ? String(index + 1) : ""].filter(Boolean).join("-");
  return `${parts.join("_")}${suffix ? `_${suffix}` : ""}.${extensionFor(media.contentType, media.path)}`;
}

/** Makes names unique within one archive by numbering repeats: `a.mp4`, `a (2).mp4`. */
export function uniqueNames(): (name: string) => string {
  const used = new Set<string>();
  return (name) => {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
}
