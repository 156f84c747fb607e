import type { Locator } from "@playwright/test";

/**
 * Words a Chinese page may still show in Latin letters: names and codes that are the same in every
 * language (units, settings, commands), checked word by word.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "API",
  "HTTP",
  "AUTH",
  "JSON",
  "URL",
  "Ctrl",
  "Esc",
  "Enter",
  "npm",
  "run",
  "admin",
  "setup",
  "code",
  "off",
]);

/**
 * The English left in what `scope` renders (its text and the titles, labels and placeholders people
 * read or hear): the words of three or more Latin letters not on the list above nor in `allowed`
 * (model ids, prompts, e-mail addresses the test itself put there). What the catalog writes from the
 * spec (marked data-spec-text), what people wrote (prompts, marked data-user-text), the values a
 * select offers (the spec's enum values, sent as is), identifiers (translate="no") and URLs are
 * left out: they stay as written.
 */
export async function englishLeft(scope: Locator, allowed: string[] = []): Promise<string[]> {
  const text = await scope.evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    for (const element of copy.querySelectorAll(
      '[data-spec-text], [data-user-text], [translate="no"], option:not([value=""])',
    ))
      element.remove();
    // innerText needs a rendered element: measure the copy off-screen, then drop it.
    copy.style.position = "absolute";
    copy.style.left = "-99999px";
    document.body.appendChild(copy);
    const parts = [copy.innerText];
    for (const element of copy.querySelectorAll("[title],[aria-label],[placeholder],[alt]"))
      for (const name of ["title", "aria-label", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    copy.remove();
    return parts.join("\n");
  });
  let rest = text.replace(/https?:\/\/\S+|assetId:\/\/\S*/g, " ");
  for (const phrase of [...allowed].sort((a, b) => b.length - a.length)) rest = rest.split(phrase).join(" ");
  const words = rest.match(/[A-Za-z][A-Za-z'’-]{2,}/g) ?? [];
  return [...new Set(words.filter((word) => !SAME_IN_EVERY_LANGUAGE.has(word)))];
}
