import fs from "node:fs";
import path from "node:path";
import { imageSize } from "image-size";
import { describe, expect, it } from "vitest";
import { APP_ICONS, APPLE_TOUCH_ICON, appManifest, isAppManifestPath } from "./app-manifest";

const publicFile = (src: string) => path.join(import.meta.dirname, "../public", src);

describe("the web app manifest", () => {
  it("names an installable app whose every icon is a committed PNG of its declared size", () => {
    const manifest = appManifest();
    expect(manifest).toMatchObject({ name: "Model Studio", start_url: "/", display: "standalone" });
    expect(manifest.icons.some((i) => i.sizes === "192x192" && i.purpose === "any")).toBe(true);
    expect(manifest.icons.some((i) => i.sizes === "512x512" && i.purpose === "any")).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
    for (const icon of APP_ICONS) {
      const { width, height, type } = imageSize(fs.readFileSync(publicFile(icon.src)));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(type).toBe("png");
    }
    expect(imageSize(fs.readFileSync(publicFile(APPLE_TOUCH_ICON)))).toMatchObject({
      width: 180,
      height: 180,
    });
  });

  it("opens exactly the manifest and its icons to anyone", () => {
    expect(isAppManifestPath("/manifest.webmanifest")).toBe(true);
    expect(isAppManifestPath("/icons/icon-512.png")).toBe(true);
    expect(isAppManifestPath("/icons/../gallery")).toBe(false);
    expect(isAppManifestPath("/icons/secret.png")).toBe(false);
  });
});
