/**
 * What the audit log records, one dotted verb per kind of event. Browser-safe (the admin page's
 * filter lists them), so no server imports here.
 */
export const AUDIT_ACTIONS = {
  "auth.sign_in": "Signed in with a password",
  "auth.sso_sign_in": "Signed in with single sign-on",
  "auth.setup": "Set up the first admin",
  "token.create": "Created an API token",
  "token.revoke": "Revoked an API token",
  "user.create": "Created a user",
  "user.role_change": "Changed a role",
  "user.budget_change": "Changed a budget",
  "user.disable": "Disabled a user",
  "user.enable": "Enabled a user",
  "user.delete": "Deleted a user",
  "user.password_reset": "Reset a password",
  "share.create": "Created a share link",
  "share.revoke": "Revoked a share link",
  "gallery.delete": "Deleted gallery items",
  "settings.change": "Changed a setting",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export type AuditOutcome = "success" | "failure";
