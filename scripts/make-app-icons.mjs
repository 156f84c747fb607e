// Draws the studio's app icons (the header's sky-to-violet dot on the page's zinc-950) into
// public/icons, the PNGs lib/app-manifest.ts lists. The PNGs are committed: run this again only
// when the design changes.   Usage: node scripts/make-app-icons.mjs
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const out = path.resolve(import.meta.dirname, "../public/icons");
const BACKGROUND = "#09090b"; // zinc-950, lib/app-manifest.ts THEME_COLOR

/** `dot`: the circle's diameter as a share of the side (a maskable icon keeps within its safe zone). */
function svg(size, dot, rounded) {
  const r = (size * dot) / 2;
  const corner = rounded ? size * 0.2 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#38bdf8"/>
      <stop offset="1" stop-color="#8b5cf6"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" rx="${corner}" fill="${BACKGROUND}"/>
  <circle cx="${size / 2}" cy="${size / 2}" r="${r}" fill="url(#g)"/>
</svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, dot: 0.56, rounded: true },
  { file: "icon-512.png", size: 512, dot: 0.56, rounded: true },
  // Maskable: the platform crops to its own shape; the dot stays within the central 80 %.
  { file: "icon-maskable-512.png", size: 512, dot: 0.44, rounded: false },
  { file: "apple-touch-icon.png", size: 180, dot: 0.56, rounded: false },
];

fs.mkdirSync(out, { recursive: true });
for (const icon of icons) {
  const target = path.join(out, icon.file);
  await sharp(Buffer.from(svg(icon.size, icon.dot, icon.rounded)))
    .png({ compressionLevel: 9 })
    .toFile(target);
  console.log(`${path.relative(process.cwd(), target)} ${icon.size}×${icon.size}`);
}
