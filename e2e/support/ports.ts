/**
 * The e2e suite's ports, all derived from E2E_PORT (default 3100) so that several checkouts can run
 * it side by side: base the shared studio, +1 the shared accounts studio (playwright.config.ts),
 * +2 and +3 e2e/accounts-start, +4 e2e/budgets, +5 e2e/review, +7 and +8 e2e/two-instances,
 * +11 e2e/ownership, +20 e2e/sso, +21 e2e/observability, +22 e2e/vision, +23 e2e/i18n, +24 e2e/accessibility (accounts on), +98 e2e/sequences (its restart), +99 e2e/batches-restart. A new spec that starts a studio of its own takes an offset not listed.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The studio e2e/ownership.spec.ts starts (its admin set up from the environment). */
export const OWNERSHIP_PORT = E2E_BASE_PORT + 11;

/** The studio e2e/sso.spec.ts starts (single sign-on against its own OpenID provider). */
export const SSO_PORT = E2E_BASE_PORT + 20;

/** The studio e2e/observability.spec.ts starts (metrics token, its own upstream key, debug logs). */
export const OBSERVABILITY_PORT = E2E_BASE_PORT + 21;

/** The studio e2e/vision.spec.ts starts (accounts on, describing paced at 100 ms). */
export const VISION_PORT = E2E_BASE_PORT + 22;

/** The accounts-on studio e2e/i18n.spec.ts starts (set up in Chinese through /setup). */
export const I18N_PORT = E2E_BASE_PORT + 23;

/** The accounts-on studio e2e/accessibility.spec.ts starts (fresh, so /setup shows first). */
export const ACCESSIBILITY_PORT = E2E_BASE_PORT + 24;
