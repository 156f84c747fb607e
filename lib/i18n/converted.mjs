/**
 * The files whose every user-visible word comes from messages/*.json (issue 27). eslint's
 * studio-i18n/no-literal-text holds them to it (eslint.config.mjs); add a file here once it is
 * converted, so the check grows with the conversion. e2e/i18n.spec.ts visits the converted pages.
 */
export const CONVERTED_FILES = [
  "app/layout.tsx",
  "app/(studio)/layout.tsx",
  "app/(studio)/login/page.tsx",
  "app/(studio)/setup/page.tsx",
  "components/app-nav.tsx",
  "components/activity/activity-center.tsx",
  "components/auth/login-form.tsx",
  "components/auth/setup-form.tsx",
  "components/auth/user-menu.tsx",
  "components/dependency-warning-badge.tsx",
  "components/i18n/locale-switcher.tsx",
  "components/tracker-health-badge.tsx",
];
