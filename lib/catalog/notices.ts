import { isLocalAddress } from "./media-items";
import { promptNotices } from "./prompt-text";
import type { CatalogIssue, ModelDef } from "./types";

/**
 * Non-blocking warnings for a (normalized) request, shown before submit: prompt truncation, and
 * media URLs on a local address the upstream cannot fetch (the sandbox can, a real upstream can't).
 */
export function requestNotices(model: ModelDef, body: Record<string, unknown>): CatalogIssue[] {
  const notices: CatalogIssue[] = promptNotices(
    model,
    typeof body.prompt === "string" ? body.prompt : "",
  ).map((message) => ({ path: ["prompt"], message: message.replace(/^prompt: /, "") }));
  for (const param of model.params) {
    const value = body[param.name];
    if (param.type !== "media" || !Array.isArray(value)) continue;
    value.forEach((item, i) => {
      const url = typeof item === "object" && item !== null && "url" in item ? item.url : item;
      if (typeof url === "string" && isLocalAddress(url))
        notices.push({
          path: [param.name, i],
          message:
            "points at a local address: only the built-in sandbox can fetch it, a real upstream cannot",
        });
    });
  }
  return notices;
}
