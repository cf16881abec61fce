import { Hono } from "hono";
import type { AppEnv } from "../app";
import { questions } from "./questions";

/** The JSON API. Each domain adds its router here (accounts, tests, payments...). */
export const api = new Hono<AppEnv>();

api.route("/questions", questions);

// Registered last: any API path nobody claimed is a JSON 404, never a page.
api.all("*", (c) => c.json({ status: 404, code: "notFound" }, 404));
