import createNextIntlPlugin from "next-intl/plugin";

// Body-size variables are validated (with clear errors) by lib/env.ts when the server starts; this file
// loads before any TypeScript, so it only reads the largest of them, falling back to the defaults.
const UNITS = { "": 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2 };
function bytes(value, fallback) {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value ?? "");
  const unit = match?.[2].toLowerCase() ?? "";
  return match && unit in UNITS ? Math.floor(Number(match[1]) * UNITS[unit]) : fallback;
}
// Proxied routes take at most a task body; the routes with larger bodies bypass the proxy (proxy.ts).
const proxiedBody = bytes(process.env.TASK_BODY_LIMIT_BYTES, 1024 ** 2);

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds (e.g. parallel test runs) coexist; default ".next".
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The Turbopack build cannot resolve the ffmpeg installer's platform package unless it stays external.
  // undici (lib/net/safe-fetch.ts) is Node-only and loaded as it ships. The S3 helpers load as shipped
  // too, beside @aws-sdk/client-s3 (external by Next's own default), so all share one SDK instance.
  serverExternalPackages: [
    "@aws-sdk/lib-storage",
    // One OpenTelemetry API and one metrics registry for instrumentation.ts and every route bundle.
    "@opentelemetry/api",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-node",
    "@aws-sdk/s3-request-presigner",
    "@ffmpeg-installer/ffmpeg",
    "better-sqlite3",
    "prom-client",
    "sharp",
    "undici",
  ],
  poweredByHeader: false,
  // scripts/test.sh runs `tsc --noEmit` over the whole program beside the build and sets this, so the
  // build does not type-check the same files a second time; every other build (npm start) checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPE_CHECK === "1" },
  experimental: {
    // Next.js copies every body proxy.ts sees into memory up to this size, before any check and
    // whoever sends it, and silently cuts the rest; so it stays small (what 40 such bodies cost is
    // measured by `npm run bench -- body-memory`). A margin of a few read chunks over the task limit
    // lets proxy.ts tell a cut body (413) from one its route takes.
    proxyClientMaxBodySize: proxiedBody + 256 * 1024,
  },
};

// next-intl finds its per-request configuration (locale and messages) in i18n/request.ts. Messages
// are compiled at build time (precompile), so the browser gets a small formatter instead of the
// ICU parser and every page stays within its 200 KiB first-load budget (scripts/check-bundles.mjs).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

export default withNextIntl(nextConfig);
