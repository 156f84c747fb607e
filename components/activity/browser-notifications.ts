/**
 * Opt-in system notifications (the Notification API). The choice is kept per browser; the
 * permission itself is the browser's, asked only when the user turns notifications on.
 */
const PREFERENCE_KEY = "studio.notifications";
const CHANGED = "studio:notifications";

export type NotificationSupport = "unsupported" | "denied" | "off" | "on";

export function notificationSupport(): NotificationSupport {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const wanted = localStorage.getItem(PREFERENCE_KEY) === "on";
  return wanted && Notification.permission === "granted" ? "on" : "off";
}

/** For useSyncExternalStore: the choice changes here, in another tab, or in the site settings. */
export function subscribeNotificationSupport(onChange: () => void): () => void {
  const events = [CHANGED, "storage", "focus"];
  for (const event of events) window.addEventListener(event, onChange);
  return () => {
    for (const event of events) window.removeEventListener(event, onChange);
  };
}

/** Turns notifications on (asking the browser's permission) or off; resolves to the new state. */
export async function setNotifications(on: boolean): Promise<NotificationSupport> {
  if (notificationSupport() === "unsupported") return "unsupported";
  const permission =
    on && Notification.permission === "default"
      ? await Notification.requestPermission()
      : Notification.permission;
  localStorage.setItem(PREFERENCE_KEY, on && permission === "granted" ? "on" : "off");
  window.dispatchEvent(new Event(CHANGED));
  return notificationSupport();
}

export type Announcement = {
  /** Same key, same notification: other tabs announcing it replace it rather than add one. */
  key: string;
  title: string;
  body: string;
  href: string;
  icon?: string;
};

/** Shows a system notification when the user turned them on; a click opens its link here. */
export function notify(announcement: Announcement, open: (href: string) => void): void {
  if (notificationSupport() !== "on") return;
  const notification = new Notification(announcement.title, {
    body: announcement.body,
    tag: announcement.key,
    icon: announcement.icon,
  });
  notification.onclick = () => {
    window.focus();
    open(announcement.href);
    notification.close();
  };
}
