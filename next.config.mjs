/** @type {import('next').NextConfig} */
const nextConfig = {
  // The Turbopack build cannot resolve the ffmpeg installer's platform package unless it stays external.
  serverExternalPackages: ["@ffmpeg-installer/ffmpeg", "better-sqlite3", "sharp"],
  poweredByHeader: false,
};

export default nextConfig;
