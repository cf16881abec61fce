import { Hono } from "hono";
import { questionBank, questionBankVersion } from "../../core/items/question-bank.generated";
import type { AppEnv } from "../app-env";

/** The public item bank: codes, titles and image URLs in both languages, never answers. */
export const questions = new Hono<AppEnv>().get("/", (c) =>
  c.json({ version: questionBankVersion, questions: questionBank }, 200, {
    "Cache-Control": "public, max-age=300",
  }),
);
