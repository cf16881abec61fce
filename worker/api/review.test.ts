import { describe, expect, it } from "vitest";
import type { ReviewBody } from "../../core/report/api";
import { answer, formKeyOf, paceAnswers, startTest } from "../../tests/worker/attempts";
import { Client } from "../../tests/worker/client";
import {
  buyer,
  completedPaid,
  deliver,
  finishedAttempt,
  providerPayment,
  startCheckout,
} from "../../tests/worker/payments";

/**
 * `GET /api/tests/{id}/review` (issue 29.2): the buyer's own 40 items with their answers,
 * the keys and the worked explanations, once paid; the shared banks' attempts have none.
 */

async function pay(who: Awaited<ReturnType<typeof buyer>>, attemptId: string) {
  const { response, body } = await startCheckout(who.client, attemptId);
  expect(response.status).toBe(201);
  await deliver(completedPaid(await providerPayment(body.paymentId, attemptId)));
}

describe("the answer review", () => {
  it("gives the paying owner every item with their answer, the key and its explanation, in their language", async () => {
    const who = await buyer();
    const { state } = await startTest(who.client);
    const key = await formKeyOf(state.id);
    const chosen: Record<string, string> = {};
    for (const [i, question] of state.questions.slice(0, 12).entries()) {
      const right = key[question.code] as string;
      const letter = i % 3 === 0 ? (right === "A" ? "B" : "A") : right;
      chosen[question.code] = letter;
      expect((await answer(who.client, state.id, question.code, { letter })).status).toBe(200);
    }
    await paceAnswers(state.id, 15_000);
    await who.client.fetch(`/api/tests/${state.id}/finish`, { method: "POST" });
    await who.client.fetch(`/api/tests/${state.id}/result`);

    const before = await who.client.fetch(`/api/tests/${state.id}/review`);
    expect(before.status).toBe(402);
    await pay(who, state.id);

    for (const language of ["en", "pt-br"] as const) {
      const response = await who.client.fetch(`/api/tests/${state.id}/review`, {
        headers: language === "pt-br" ? { i18n: "pt-br" } : {},
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      const body = (await response.json()) as ReviewBody;
      if (!body.available) throw new Error("no review");
      expect(body.items.map((item) => item.code)).toEqual(state.questions.map((q) => q.code));
      for (const [i, item] of body.items.entries()) {
        expect(item.key).toBe(key[item.code]);
        expect(item.chosen).toBe(chosen[item.code] ?? null);
        expect(item.explanation.length).toBeGreaterThan(30);
        // The same images the test showed.
        expect(item.image.url).toBe(state.questions[i]?.image.url);
        expect(item.title).toBe(state.questions[i]?.title[language]);
      }
      // An SM explanation ends with the calculation that gives its key.
      expect(body.items.find((i) => i.code.startsWith("SM"))?.explanation).toMatch(/ = \d+\.$/);
    }
  });

  it("is refused to anyone else, and says why an attempt on a shared bank has none", async () => {
    const who = await buyer();
    const { state } = await startTest(who.client);
    await who.client.fetch(`/api/tests/${state.id}/finish`, { method: "POST" });
    await who.client.fetch(`/api/tests/${state.id}/result`);
    await pay(who, state.id);
    expect((await new Client().fetch(`/api/tests/${state.id}/review`)).status).toBe(401);
    const stranger = await buyer();
    expect((await stranger.client.fetch(`/api/tests/${state.id}/review`)).status).toBe(404);

    // A test of bank v2 (stored as before forms), bought: no review, and the reason.
    const old = await finishedAttempt(who.userId);
    await pay(who, old);
    const body = (await (await who.client.fetch(`/api/tests/${old}/review`)).json()) as ReviewBody;
    expect(body).toEqual({ attemptId: old, available: false, reason: "sharedBank" });
  });
});
