import { Hono } from "hono";
import { exportFileName } from "../../../core/accounts/account-rights";
import { accountExport } from "../../account/export";
import { accountHolder, recentlyReauthenticated } from "../../account/reauthentication";
import type { AppEnv } from "../../app-env";
import { noStore } from "../../http/responses";

/**
 * `GET /api/account/export`: the holder's data as one JSON file (LGPD art. 18; format in
 * docs/decisions/0023-holder-rights.md). Needs a session re-authenticated in the last 10
 * minutes (403 `reauthenticationRequired`).
 */
export const exportRoute = new Hono<AppEnv>();

exportRoute.get("/export", recentlyReauthenticated, async (c) => {
  const { user, sessionId } = accountHolder(c);
  const now = new Date();
  const data = await accountExport(c.env, user, sessionId, c.req.header("Cookie") ?? null, now);
  console.log(`account: exported user=${user.id}`);
  return new Response(JSON.stringify(data, null, 2), {
    status: 200,
    headers: {
      ...noStore,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
