import "server-only";
import type { Env } from "../env";
import { authContext } from "./context";
import { ensureFirstAdmin, setupCode } from "./first-admin";
import { countUsers } from "./users";
import { serverLog } from "../log";

/**
 * At server start, with accounts on: the first admin from ADMIN_EMAIL/ADMIN_PASSWORD (only while
 * no user exists), otherwise a line in the log saying how to set one up, with the setup code when
 * the /setup page asks for it.
 */
export async function startAccounts(
  config: Env,
  log: Pick<Console, "info" | "warn"> = serverLog,
): Promise<void> {
  const ctx = await authContext();
  const made = await ensureFirstAdmin(ctx);
  if (made) log.info(`[accounts] created the first admin ${made.email} from ADMIN_EMAIL.`);
  if ((await countUsers(ctx)) > 0) return;
  const where = config.publicBaseUrl ?? `http://${config.host}:${config.port}`;
  const code = config.auth.setupCodeRequired ? ` and enter the setup code ${await setupCode(ctx)}` : "";
  log.warn(
    `[accounts] Accounts are on and no user exists: the API answers 503 until the first admin is set up. ` +
      `Open ${where}/setup${code}, or set ADMIN_EMAIL and ADMIN_PASSWORD, or run \`npm run admin -- create-user --role admin\`.`,
  );
}
