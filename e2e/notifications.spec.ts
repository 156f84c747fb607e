import { expect, test, type Page } from "@playwright/test";

/**
 * Knowing when it is done (issue 13 part 2): the server announces what settles, so a task sent from
 * elsewhere (here: by the API, as a script with a token would) reaches a page that never saw it
 * submitted — as a toast, in the tab title while it runs, and as a system notification once the
 * user turned them on and the browser granted the permission.
 */
type ShownNotification = { title: string; body?: string; icon?: string; tag?: string };

/** Records every notification the page shows, through the browser's own Notification. */
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const Native = window.Notification;
    const shown: ShownNotification[] = [];
    (window as unknown as { shownNotifications: ShownNotification[] }).shownNotifications = shown;
    class Recorded extends Native {
      constructor(title: string, options: NotificationOptions = {}) {
        super(title, options);
        shown.push({ title, body: options.body, icon: options.icon, tag: options.tag });
      }
      static override get permission() {
        return Native.permission;
      }
      static override requestPermission = Native.requestPermission.bind(Native);
    }
    window.Notification = Recorded;
  });
}

/** Opens `path` with the browser's permission granted and the studio's notifications turned on. */
async function openWithNotifications(page: Page, path: string) {
  await page.context().grantPermissions(["notifications"]);
  await recordNotifications(page);
  await page.goto(path);
  const toggle = page.getByTestId("notifications-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  return toggle;
}

const shownNotifications = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications: ShownNotification[] }).shownNotifications);

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a task sent by the API is announced in another page: title count, toast and notification", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await openWithNotifications(page, "/gallery");

  // [slow]: a 30 s run, long enough for the page to see it running.
  const prompt = unique("a kite over dunes, notifications e2e [slow]");
  const submitted = await request.post("/api/v2/model-center/tasks", {
    data: { model: "vendors_5.0Pro", prompt },
  });
  expect(submitted.status()).toBe(200);
  const { id } = (await submitted.json()) as { id: string };

  await expect(page).toHaveTitle(/^\(\d+ running\) /, { timeout: 20_000 });
  await expect(page.getByTestId("running-count")).toBeVisible();

  const toast = page.getByTestId("toast").filter({ hasText: prompt });
  await expect(toast).toBeVisible({ timeout: 90_000 });
  await expect(toast).toContainText("Image ready · vendors_5.0Pro");

  const shown = async () => (await shownNotifications(page)).find((n) => n.tag === `task:${id}`);
  await expect.poll(shown, { timeout: 10_000 }).toBeTruthy();
  const notification = (await shown())!;
  expect(notification).toMatchObject({ title: "Image ready · vendors_5.0Pro", body: prompt });

  // The toast's link opens the item.
  await toast.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/gallery\\?item=${id}$`));
  await expect(page.getByTestId("detail-dialog")).toContainText(prompt);

  // The notification's thumbnail is the stored result's, served by the studio.
  const thumbnail = await request.get(notification.icon!);
  expect(thumbnail.status()).toBe(200);
  expect(thumbnail.headers()["content-type"]).toMatch(/^image\//);
});

test("a failed task is announced with the upstream's error; notifications can be turned off", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const toggle = await openWithNotifications(page, "/chat");

  const prompt = unique("a storm over the sea, notifications e2e [fail]");
  const submitted = await request.post("/api/v2/model-center/tasks", {
    data: { model: "vendors_5.0Pro", prompt },
  });
  const { id } = (await submitted.json()) as { id: string };
  const toast = page
    .getByTestId("toast")
    .filter({ hasText: "content review" })
    .filter({
      has: page.locator(`a[href="/?task=${id}"]`),
    });
  await expect(toast).toBeVisible({ timeout: 90_000 });
  await expect(toast).toHaveAttribute("data-tone", "error");
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === `task:${id}`)?.title)
    .toBe("Image failed · vendors_5.0Pro");

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  const other = await request.post("/api/v2/model-center/tasks", {
    data: { model: "vendors_5.0Pro", prompt: unique("a calm sea [fast]") },
  });
  const otherId = ((await other.json()) as { id: string }).id;
  // Still a toast, but no system notification once turned off.
  await expect(page.locator(`[data-testid="toast"] a[href="/gallery?item=${otherId}"]`)).toBeVisible({
    timeout: 60_000,
  });
  expect((await shownNotifications(page)).some((n) => n.tag === `task:${otherId}`)).toBe(false);
});
