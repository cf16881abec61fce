import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiErrorBody } from "../../core/account";
import { noStore } from "./responses";

/**
 * What nobody handled: the API's error shape with its status, never a stack or a
 * message (SECURITY.md 28). A Hono HTTPException keeps its status; anything else is a
 * 500 and is logged with its stack for us.
 */
export const answerUnhandledError: ErrorHandler = (error, c) => {
  const status = error instanceof HTTPException ? error.status : 500;
  if (status >= 500) {
    console.error(
      `unhandled: ${c.req.method} ${new URL(c.req.url).pathname}: ${error.stack ?? error.message}`,
    );
  }
  const body: ApiErrorBody = { status };
  if (status === 500) body.code = "internalServerError";
  return Response.json(body, { status, headers: noStore });
};
