/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds (e.g. parallel test runs) coexist; default ".next".
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The Turbopack build cannot resolve the ffmpeg installer's platform package unless it stays external.
  serverExternalPackages: ["@ffmpeg-installer/ffmpeg", "better-sqlite3", "sharp"],
  poweredByHeader: false,
};

export default nextConfig;
