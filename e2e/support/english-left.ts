import type { Locator } from "@playwright/test";

/**
 * Words a Chinese page may still show in Latin letters: names and codes that are the same in every
 * language (the brand's API, model ids, units, env settings), checked word by word.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "API",
  "HTTP",
  "AUTH",
  "off",
  "on",
  "npm",
  "run",
  "admin",
  "setup",
  "code",
]);

/**
 * The English left in what `scope` renders (its text and the titles and labels people hear): the
 * words of three or more Latin letters that are not on the allowed list nor in `allowed` (model ids,
 * prompts, spec descriptions the test itself put there).
 */
export async function englishLeft(scope: Locator, allowed: string[] = []): Promise<string[]> {
  const text = await scope.evaluate((root) => {
    const parts = [(root as HTMLElement).innerText];
    for (const element of root.querySelectorAll("[title],[aria-label],[placeholder],[alt]"))
      for (const name of ["title", "aria-label", "placeholder", "alt"])
        if (element.getAttribute(name)) parts.push(element.getAttribute(name)!);
    return parts.join("\n");
  });
  let rest = text;
  for (const phrase of allowed) rest = rest.split(phrase).join(" ");
  const words = rest.match(/[A-Za-z][A-Za-z'’-]{2,}/g) ?? [];
  return [...new Set(words.filter((word) => !SAME_IN_EVERY_LANGUAGE.has(word)))];
}
