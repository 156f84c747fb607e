import { expect, test } from "@playwright/test";
import { GalleryPage } from "./pages/gallery-page";
import { e2eDb, seedGallery, uniqueWord } from "./support/seed";

// Collections (issue 21): built from the gallery with the keyboard only, reordered with the keys and
// by drag, an approval set in the detail view shows in the progress and the filter, and the members
// dialog shares, changes a role and revokes.

test("build a collection from the gallery with the keyboard, reorder it, approve, share and revoke", async ({
  page,
  request,
}) => {
  const word = uniqueWord("coll");
  const now = Date.now();
  const items = await seedGallery(
    Array.from({ length: 4 }, (_, i) => ({
      prompt: `${word} take ${i}`,
      kind: "image" as const,
      submittedAt: new Date(now - (i + 1) * 60_000),
      files: [{ kind: "image" as const }],
    })),
  );
  const [a, b, c] = items.map((i) => i.id);
  const email = `${word}@example.com`;
  await e2eDb().user.create({ data: { name: `Member ${word}`, email } });

  // The gallery: J moves, C marks, A opens "add to collection"; typing a name and Enter makes it.
  const gallery = new GalleryPage(page);
  await gallery.goto({ q: word });
  await gallery.expectCards(items.map((i) => i.id));
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("j");
    await page.keyboard.press("c");
  }
  await expect(page.getByTestId("selected-count")).toHaveText("3 selected");
  await page.keyboard.press("a");
  const picker = page.getByTestId("add-to-collection");
  await expect(picker).toBeVisible();
  await expect(page.getByTestId("new-collection-name")).toBeFocused();
  await page.keyboard.type(`Picks ${word}`);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("add-to-collection-done")).toContainText("with 3 items");
  await picker.getByRole("link", { name: "Open it" }).click();

  // The collection page: the gallery grid in the collection's order.
  await expect(page.getByTestId("collection-name")).toHaveText(`Picks ${word}`);
  await expect(page.getByTestId("collection-count")).toHaveText("3 items");
  await gallery.expectCards([a, b, c]);
  await expect(page.getByTestId("approval-progress")).toContainText("0 of 3 approved");
  const collectionId = new URL(page.url()).pathname.split("/").pop()!;
  const serverOrder = async () => {
    const response = await request.get(`/api/collections/${collectionId}/items`);
    return ((await response.json()) as { items: { id: string }[] }).items.map((i) => i.id);
  };

  // ] moves the focused item one place later; the focus follows it.
  await page.keyboard.press("j");
  await expect(page.locator('[data-testid="gallery-card"][data-focused]')).toHaveAttribute("data-item-id", a);
  await page.keyboard.press("]");
  await gallery.expectCards([b, a, c]);
  await expect.poll(serverOrder).toEqual([b, a, c]);
  await page.keyboard.press("[");
  await page.keyboard.press("[");
  await gallery.expectCards([a, b, c]);
  await expect.poll(serverOrder).toEqual([a, b, c]);

  // Approve one in the detail view (after a reload: the first click on a tile opens it): the
  // progress and the approval filter follow.
  await page.reload();
  await gallery.expectCards([a, b, c]);
  await gallery.open(a);
  await page.getByTestId("approval-approved").click();
  await expect(page.getByTestId("approval-approved")).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await expect(gallery.detail).toBeHidden();
  await expect(page.getByTestId("approval-progress")).toContainText("1 of 3 approved");
  await expect(gallery.card(a).getByTestId("approval-mark")).toHaveText("Approved");
  await page.getByTestId("approval-filter").selectOption("approved");
  await gallery.expectCards([a]);
  await page.getByTestId("approval-filter").selectOption("");
  await gallery.expectCards([a, b, c]);

  // A drag drops an item before the one under the pointer.
  await gallery.card(c).dragTo(gallery.card(a));
  await gallery.expectCards([c, a, b]);
  await expect.poll(serverOrder).toEqual([c, a, b]);
  await page.reload();
  await gallery.expectCards([c, a, b]);

  // Members: share by e-mail as viewer, make them an editor, revoke.
  await page.getByTestId("members-open").click();
  const members = page.getByTestId("members-dialog");
  await members.getByTestId("member-email").fill(email);
  await members.getByRole("button", { name: "Share" }).click();
  const row = members.getByTestId("member-row");
  await expect(row).toContainText(email);
  await row.getByRole("combobox").selectOption("editor");
  await expect
    .poll(async () => (await e2eDb().collectionMember.findFirst({ where: { collectionId } }))?.role)
    .toBe("editor");
  await row.getByTestId("member-revoke").click();
  await expect(members).toContainText("Not shared with anyone.");
  expect(await e2eDb().collectionMember.count({ where: { collectionId } })).toBe(0);
  await members.getByRole("button", { name: "Close" }).click();

  // The list page shows it with its cover, count and progress.
  await page.goto("/collections");
  const card = page.getByTestId("collection-card").filter({ hasText: `Picks ${word}` });
  await expect(card).toContainText("3 items");
  await expect(card).toContainText("1 of 3 approved");
});
