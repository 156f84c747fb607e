/**
 * The web app manifest (served by app/manifest.ts at /manifest.webmanifest) and its icons, which
 * scripts/make-app-icons.mjs draws into public/icons. Browsers fetch both without cookies' help
 * (an install prompt, a home-screen icon), so the page gate lets exactly these paths through
 * (lib/auth/page-gate.ts). There is no service worker: nothing, API answers least of all, is cached
 * for offline use.
 */
export const MANIFEST_PATH = "/manifest.webmanifest";

export const APP_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/** iOS reads its home-screen icon from <link rel="apple-touch-icon">, not from the manifest. */
export const APPLE_TOUCH_ICON = "/icons/apple-touch-icon.png";

/** The background every page paints (zinc-950): the splash screen and the browser's bar match it. */
export const THEME_COLOR = "#09090b";

export function appManifest() {
  return {
    name: "Model Studio",
    short_name: "Studio",
    description: "Generate, review and analyse media",
    start_url: "/",
    scope: "/",
    display: "standalone" as const,
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    icons: APP_ICONS.map((icon) => ({ ...icon })),
  };
}

const PUBLIC_PATHS = new Set<string>([MANIFEST_PATH, APPLE_TOUCH_ICON, ...APP_ICONS.map((icon) => icon.src)]);

/** The manifest and its icons: open without a session. */
export function isAppManifestPath(path: string): boolean {
  return PUBLIC_PATHS.has(path);
}
